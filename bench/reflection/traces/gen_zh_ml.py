"""zh-ml: 林晓雯 (Lin Xiaowen), machine-learning engineer on a feed-ranking model.

Stack: PyTorch 2.8 (cu128) MMoE multi-task ranker (click / like / finish, later a dwell-time auxiliary task and
in-batch hard negatives), Hydra 1.3 configs, mamba env, pytest + pre-commit, DVC (MinIO remote) for the weekly
sample versions, MLflow tracking / model registry, a shared 8x A800 dev box (gpu-dev-03) that is also the Slurm
submit host (partitions a800 and dev), torchrun DDP, TorchScript export served by Triton (docker), GitLab (glab).
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 fresh/gen_zh_ml.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "linxiaowen"
R = "/home/linxiaowen/work/feed-ranker"
MODEL = "claude-opus-4-6"
ENV = "/home/linxiaowen/miniforge3/envs/ranker"
SP = f"{ENV}/lib/python3.11/site-packages"
PYLIB = f"{ENV}/lib/python3.11"
ORIGIN = "gitlab.xinghe-inc.com:rec/feed-ranker.git"
GL = "https://gitlab.xinghe-inc.com/rec/feed-ranker"
MLFLOW = "http://mlflow.rec.xinghe-inc.com"
TRITON = "nvcr.io/nvidia/tritonserver:25.03-py3"

# hex strings for container ids, git hashes etc.: own RNG so the Dev RNG is untouched
HX = random.Random(5120)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("README.md"): """# feed-ranker

首页推荐流精排模型：MMoE 多任务（click / like / finish），PyTorch + Hydra，Slurm 上训练，TorchScript 导出后用 Triton 部署。

## 环境

```bash
mamba env create -f environment.yml   # env 名 ranker，torch 2.8 + cu128
mamba activate ranker
pip install -e ".[dev]"
pre-commit install
```

## 数据

样本每周由 `python -m ranker.data.build_samples` 产出到 `data/processed/samples_<version>/`（parquet 分片 + `_manifest.json`），
用 DVC 管理，remote 是 MinIO 上的 `s3://rec-dvc/feed-ranker`。

## 训练

```bash
python -m ranker.train experiment=mmoe_v5                          # 单卡调试
torchrun --standalone --nproc_per_node=4 -m ranker.train ...        # 多卡
```

指标记到 MLflow（http://mlflow.rec.xinghe-inc.com，experiment `feed-ranker`）。

## 部署

`scripts/export_torchscript.py` 导出 → `serving/model_repository/feed_ranker/<version>/model.pt` → Triton。
""",
    P("pyproject.toml"): """[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "feed-ranker"
version = "0.9.0"
requires-python = ">=3.11"
dependencies = [
    "torch>=2.8",
    "hydra-core>=1.3",
    "omegaconf>=2.3",
    "pyarrow>=17",
    "pandas>=2.2",
    "numpy>=2.0",
    "scikit-learn>=1.5",
    "mlflow>=2.20",
]

[project.optional-dependencies]
dev = ["pytest>=8", "pre-commit>=4", "ruff>=0.9", "mypy>=1.14"]

[tool.setuptools.packages.find]
where = ["src"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-m 'not gpu'"
markers = ["gpu: 需要 CUDA 的测试（默认不跑，用 -m gpu 显式打开）"]

[tool.ruff]
line-length = 120
target-version = "py311"
""",
    P("configs/train.yaml"): """defaults:
  - data: samples
  - model: mmoe
  - trainer: default
  - eval: default
  - _self_
  - experiment: null

experiment_name: adhoc
ckpt: null
seed: 20260401
output_dir: outputs/${now:%Y-%m-%d}/${now:%H-%M-%S}

mlflow:
  tracking_uri: http://mlflow.rec.xinghe-inc.com
  experiment: feed-ranker

hydra:
  run:
    dir: ${output_dir}
  job:
    chdir: false
""",
    P("configs/data/samples.yaml"): """version: v4
root: data/processed/samples_${data.version}
batch_size: 4096
num_workers: 8
seed_offset: 0
limit_files: null
sparse_features: [user_id, item_id, author_id, category_id, city_id, device_type, hour]
dense_features: [user_ctr_7d, item_ctr_7d, item_duration_s, user_active_days_30d]
seq_feature: click_seq_50
labels: [click, like, finish]
""",
    P("configs/model/mmoe.yaml"): """embed_dim: 32
num_experts: 6
expert_hidden: [512, 256]
tower_hidden: [128, 64]
dropout: 0.1
tasks:
  click:
    type: binary
    weight: 1.0
  like:
    type: binary
    weight: 0.5
  finish:
    type: binary
    weight: 0.5
""",
    P("configs/trainer/default.yaml"): """max_steps: 60000
log_every: 100
eval_every: 5000
save_every: 5000
lr: 1.0e-3
sparse_lr: 0.05
weight_decay: 0.0
warmup_steps: 2000
precision: fp32  # fp32 | bf16
compile: false
device: cuda
""",
    P("configs/experiment/mmoe_v5.yaml"): """# @package _global_
# v5 样本（04-06 ~ 04-12）基线，和 v4 基线同一套超参
experiment_name: mmoe_v5
data:
  version: v5
trainer:
  max_steps: 60000
""",
    P("src/ranker/train.py"): """\"\"\"训练入口：python -m ranker.train experiment=<name> [overrides]；多卡用 torchrun。\"\"\"
import logging
import os

import hydra
import torch
import torch.distributed as dist
from omegaconf import DictConfig

from ranker.data.datamodule import build_dataloaders
from ranker.losses import MultiTaskLoss
from ranker.models.mmoe import MMoE
from ranker.trainer import Trainer
from ranker.utils.seed import seed_everything

log = logging.getLogger(__name__)


def setup_device(cfg: DictConfig) -> torch.device:
    if cfg.trainer.device == "cpu":
        return torch.device("cpu")
    if "LOCAL_RANK" in os.environ:
        dist.init_process_group("nccl")
        local_rank = int(os.environ["LOCAL_RANK"])
        torch.cuda.set_device(local_rank)
        return torch.device("cuda", local_rank)
    return torch.device("cuda", 0)


@hydra.main(config_path="../../configs", config_name="train", version_base="1.3")
def main(cfg: DictConfig) -> None:
    device = setup_device(cfg)
    seed_everything(cfg.seed)
    world_size = dist.get_world_size() if dist.is_initialized() else 1
    log.info("experiment=%s seed=%d world_size=%d device=%s precision=%s",
             cfg.experiment_name, cfg.seed, world_size, device, cfg.trainer.precision)
    train_dl, valid_dl, manifest = build_dataloaders(cfg.data)
    model = MMoE(manifest.vocab_sizes, len(cfg.data.dense_features), **cfg.model)
    trainer = Trainer(cfg, model, MultiTaskLoss(cfg.model.tasks), device)
    trainer.fit(train_dl, valid_dl)
    if dist.is_initialized():
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
""",
    P("src/ranker/data/datamodule.py"): """\"\"\"样本读取：build_samples 产出的 parquet 分片 + _manifest.json。\"\"\"
import json
import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import torch
from omegaconf import DictConfig, OmegaConf
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

log = logging.getLogger(__name__)


@dataclass
class Manifest:
    version: str
    train_files: list[str]
    valid_files: list[str]
    num_rows: dict[str, int]
    vocab_sizes: dict[str, int]


def load_manifest(root: str) -> Manifest:
    with open(Path(root) / "_manifest.json", encoding="utf-8") as f:
        raw = json.load(f)
    return Manifest(**raw)


class ParquetSamples(IterableDataset):
    \"\"\"按文件切给 DataLoader worker，每个文件读成一张表再按 batch_size 切块。\"\"\"

    def __init__(self, files: list[str], cfg: DictConfig, shuffle: bool, with_meta: bool = False):
        self.files = files
        self.cfg = cfg
        self.shuffle = shuffle
        self.with_meta = with_meta

    def __iter__(self):
        info = get_worker_info()
        files = self.files if info is None else self.files[info.id :: info.num_workers]
        if self.shuffle:
            rng = np.random.default_rng(self.cfg.seed_offset + (info.id if info else 0))
            files = list(rng.permutation(files))
        for path in files:
            yield from self._batches(pq.read_table(path))

    def _batches(self, table):
        bs = self.cfg.batch_size
        for start in range(0, table.num_rows - bs + 1, bs):
            chunk = table.slice(start, bs)
            batch = {name: torch.from_numpy(chunk.column(name).to_numpy()) for name in self.cfg.sparse_features}
            dense = np.stack([chunk.column(name).to_numpy() for name in self.cfg.dense_features], axis=1)
            batch["dense"] = torch.from_numpy(dense)
            seq = chunk.column(self.cfg.seq_feature).to_numpy(zero_copy_only=False)
            batch["seq"] = torch.from_numpy(np.stack(seq))
            for label in self.cfg.labels:
                batch[label] = torch.from_numpy(chunk.column(label).to_numpy()).float()
            if self.with_meta:
                batch["meta"] = chunk.select(["user_id", "scene", *self.cfg.labels]).to_pandas()
            yield batch


def build_dataloaders(cfg: DictConfig) -> tuple[DataLoader, DataLoader, Manifest]:
    manifest = load_manifest(cfg.root)
    train_files = [str(Path(cfg.root) / f) for f in manifest.train_files]
    if cfg.limit_files:
        train_files = train_files[: cfg.limit_files]
    valid_files = [str(Path(cfg.root) / f) for f in manifest.valid_files]
    log.info("%s: %d train / %d valid files, %s train rows (limit_files=%s)", manifest.version,
             len(manifest.train_files), len(valid_files), f"{manifest.num_rows['train']:,}", cfg.limit_files)
    train_dl = DataLoader(ParquetSamples(train_files, cfg, shuffle=True), batch_size=None,
                          num_workers=cfg.num_workers, pin_memory=True, persistent_workers=True)
    valid_dl = DataLoader(ParquetSamples(valid_files, cfg, shuffle=False), batch_size=None,
                          num_workers=cfg.num_workers, pin_memory=True)
    return train_dl, valid_dl, manifest


def eval_dataloader(cfg: DictConfig, ecfg: DictConfig) -> tuple[DataLoader, Manifest]:
    manifest = load_manifest(cfg.root)
    files = [str(Path(cfg.root) / f) for f in getattr(manifest, f"{ecfg.split}_files")]
    ds = ParquetSamples(files, OmegaConf.merge(cfg, {"batch_size": ecfg.batch_size}), shuffle=False, with_meta=True)
    return DataLoader(ds, batch_size=None, num_workers=cfg.num_workers), manifest
""",
    P("src/ranker/models/layers.py"): """\"\"\"通用层：MLP、DIN 注意力池化。\"\"\"
import torch
from torch import nn


class MLP(nn.Sequential):
    def __init__(self, in_dim: int, hidden: list[int], dropout: float, last_act: bool = True):
        layers: list[nn.Module] = []
        for i, h in enumerate(hidden):
            layers.append(nn.Linear(in_dim, h))
            if i < len(hidden) - 1 or last_act:
                layers += [nn.ReLU(), nn.Dropout(dropout)]
            in_dim = h
        super().__init__(*layers)


class DinAttention(nn.Module):
    \"\"\"DIN：用目标 item 对历史点击序列做注意力加权池化。\"\"\"

    def __init__(self, dim: int, hidden: int = 64):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim * 4, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, target: torch.Tensor, seq: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        # target (B, D), seq (B, L, D), mask (B, L)
        B, L, D = seq.shape
        t = target.unsqueeze(1).expand(B, L, D)
        feats = torch.cat([t, seq, t - seq, t * seq], dim=-1)                    # (B, L, 4D)
        scores = self.mlp(feats.view(B * L, 4 * D)).view(B, L)                     # (B, L)
        scores = scores.masked_fill(~mask, float("-inf"))
        weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)                    # 全 padding 的行 -> 0
        return torch.bmm(weights.unsqueeze(1), seq).squeeze(1)                     # (B, D)
""",
    P("src/ranker/models/mmoe.py"): """\"\"\"MMoE 多任务精排：sparse embedding + DIN 序列池化 + 专家网络 + 每任务一个 tower。\"\"\"
import logging

import torch
from torch import nn

from ranker.models.layers import MLP, DinAttention

log = logging.getLogger(__name__)


class MMoE(nn.Module):
    def __init__(self, vocab_sizes: dict[str, int], num_dense: int, embed_dim: int, num_experts: int,
                 expert_hidden: list[int], tower_hidden: list[int], dropout: float, tasks: dict):
        super().__init__()
        self.sparse_names = sorted(vocab_sizes)
        self.embeddings = nn.ModuleDict({name: nn.Embedding(size, embed_dim) for name, size in vocab_sizes.items()})
        self.din = DinAttention(embed_dim)
        self.dense_proj = nn.Linear(num_dense, embed_dim)
        in_dim = embed_dim * (len(self.sparse_names) + 2)
        self.experts = nn.ModuleList([MLP(in_dim, expert_hidden, dropout) for _ in range(num_experts)])
        self.task_names = list(tasks)
        self.gates = nn.ModuleDict({t: nn.Linear(in_dim, num_experts) for t in self.task_names})
        self.towers = nn.ModuleDict(
            {t: MLP(expert_hidden[-1], tower_hidden + [1], dropout, last_act=False) for t in self.task_names}
        )
        n_params = sum(p.numel() for p in self.parameters())
        log.info("MMoE: %d experts, towers=%s, params=%.1fM", num_experts, self.task_names, n_params / 1e6)

    def forward(self, batch: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        emb = [self.embeddings[name](batch[name]) for name in self.sparse_names]       # each (B, D)
        seq = self.embeddings["item_id"](batch["seq"])                                 # (B, L, D)
        target = emb[self.sparse_names.index("item_id")]
        seq_vec = self.din(target, seq, batch["seq"] != 0)                              # (B, D)
        x = torch.cat(emb + [self.dense_proj(batch["dense"]), seq_vec], dim=-1)        # (B, (S+2)*D)
        expert_out = torch.stack([e(x) for e in self.experts], dim=1)                   # (B, E, H)
        logits = {}
        for t in self.task_names:
            w = torch.softmax(self.gates[t](x), dim=-1).unsqueeze(-1)                   # (B, E, 1)
            logits[t] = self.towers[t]((w * expert_out).sum(dim=1)).squeeze(-1)        # (B,)
        return logits
""",
    P("src/ranker/losses.py"): """\"\"\"多任务 loss：各任务 BCE-with-logits，按 configs/model 里的 weight 加权求和。\"\"\"
import torch
import torch.nn.functional as F
from omegaconf import DictConfig


class MultiTaskLoss:
    def __init__(self, tasks: DictConfig):
        self.tasks = tasks

    def __call__(self, logits: dict[str, torch.Tensor], batch: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        out: dict[str, torch.Tensor] = {}
        total = torch.zeros((), device=next(iter(logits.values())).device)
        for name, spec in self.tasks.items():
            loss = F.binary_cross_entropy_with_logits(logits[name].float(), batch[name])
            out[name] = loss.detach()
            total = total + spec.weight * loss
        out["loss"] = total
        return out
""",
    P("src/ranker/trainer.py"): """\"\"\"训练循环：单卡 / torchrun DDP 通用。\"\"\"
import logging
import math
import time
from pathlib import Path

import torch
import torch.distributed as dist
from omegaconf import DictConfig
from torch.nn.parallel import DistributedDataParallel as DDP

from ranker.metrics import evaluate

log = logging.getLogger(__name__)

_AMP_DTYPES = {"fp32": None, "bf16": torch.bfloat16}


def unwrap(model: torch.nn.Module) -> torch.nn.Module:
    return model.module if isinstance(model, DDP) else model


def split_params(model: torch.nn.Module):
    emb = [p for n, p in model.named_parameters() if n.startswith("embeddings.")]
    dense = [p for n, p in model.named_parameters() if not n.startswith("embeddings.")]
    return dense, emb


class Trainer:
    def __init__(self, cfg: DictConfig, model: torch.nn.Module, loss_fn, device: torch.device):
        self.cfg = cfg
        self.tcfg = cfg.trainer
        self.device = device
        self.loss_fn = loss_fn
        self.is_main = not dist.is_initialized() or dist.get_rank() == 0
        dense, emb = split_params(model)
        self.model = model.to(device)
        if self.tcfg.compile:
            self.model = torch.compile(self.model)
        if dist.is_initialized():
            self.model = DDP(self.model, device_ids=[device.index])
        self.amp_dtype = _AMP_DTYPES[self.tcfg.precision]
        self.opt = torch.optim.AdamW(dense, lr=self.tcfg.lr, weight_decay=self.tcfg.weight_decay)
        self.emb_opt = torch.optim.Adagrad(emb, lr=self.tcfg.sparse_lr)
        self.step = 0
        self.best_auc = -math.inf
        self.ckpt_dir = Path(cfg.output_dir) / "ckpt"

    def lr_at(self, step: int) -> float:
        if step < self.tcfg.warmup_steps:
            return self.tcfg.lr * (step + 1) / self.tcfg.warmup_steps
        return self.tcfg.lr

    def train_step(self, batch: dict[str, torch.Tensor]) -> dict[str, float]:
        batch = {k: v.to(self.device, non_blocking=True) for k, v in batch.items()}
        for g in self.opt.param_groups:
            g["lr"] = self.lr_at(self.step)
        with torch.autocast("cuda", dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = self.model(batch)
            losses = self.loss_fn(logits, batch)
        self.opt.zero_grad(set_to_none=True)
        self.emb_opt.zero_grad(set_to_none=True)
        losses["loss"].backward()
        self.opt.step()
        self.emb_opt.step()
        self.step += 1
        return {k: v.item() for k, v in losses.items()}

    def fit(self, train_dl, valid_dl) -> None:
        self.ckpt_dir.mkdir(parents=True, exist_ok=True)
        t0 = time.time()
        for batch in train_dl:
            stats = self.train_step(batch)
            if self.is_main and self.step % self.tcfg.log_every == 0:
                speed = self.tcfg.log_every / (time.time() - t0)
                t0 = time.time()
                parts = " ".join(f"{k}={v:.4f}" for k, v in stats.items() if k != "loss")
                log.info("step %d/%d loss=%.4f %s lr=%.2e %.1f it/s", self.step, self.tcfg.max_steps,
                         stats["loss"], parts, self.lr_at(self.step), speed)
            if self.step % self.tcfg.eval_every == 0:
                metrics = evaluate(unwrap(self.model), valid_dl, self.device, self.cfg.model.tasks)
                if self.is_main:
                    log.info("eval step %d: %s", self.step, " ".join(f"{k}={v:.4f}" for k, v in metrics.items()))
                    if metrics["auc/click"] > self.best_auc:
                        self.best_auc = metrics["auc/click"]
                        self.save(self.ckpt_dir / "best.ckpt", metrics)
            if self.is_main and self.step % self.tcfg.save_every == 0:
                self.save(self.ckpt_dir / f"step_{self.step}.ckpt")
            if self.step >= self.tcfg.max_steps:
                break
        if self.is_main:
            self.save(self.ckpt_dir / "last.ckpt")
            log.info("saved %s", self.ckpt_dir / "last.ckpt")

    def save(self, path: Path, metrics: dict | None = None) -> None:
        state = {"step": self.step, "model": unwrap(self.model).state_dict()}
        if metrics is None:
            state["optimizer"] = {"dense": self.opt.state_dict(), "emb": self.emb_opt.state_dict()}
        else:
            state["metrics"] = metrics
        state["cfg"] = self.cfg
        torch.save(state, path)
""",
    P("src/ranker/eval.py"): """\"\"\"离线评估：python -m ranker.eval ckpt=<path> [data.version=..] [eval.split=..] [eval.group_by=..]\"\"\"
import json
import logging
from pathlib import Path

import hydra
import torch
from omegaconf import DictConfig

from ranker.data.datamodule import eval_dataloader
from ranker.metrics import grouped_metrics
from ranker.models.mmoe import MMoE

log = logging.getLogger(__name__)


@torch.no_grad()
def predict(model, dl, device):
    out = []
    for batch in dl:
        logits = model({k: v.to(device, non_blocking=True) for k, v in batch.items() if k != "meta"})
        out.append({k: v.float().cpu() for k, v in logits.items()} | {"meta": batch["meta"]})
    return out


@hydra.main(config_path="../../configs", config_name="train", version_base="1.3")
def main(cfg: DictConfig) -> None:
    device = torch.device("cpu") if cfg.trainer.device == "cpu" else torch.device("cuda", 0)
    state = torch.load(cfg.ckpt, map_location="cpu", weights_only=False)  # 自己训练产出的 ckpt
    train_cfg = state["cfg"]
    log.info("ckpt=%s (step %d) device=%s", cfg.ckpt, state["step"], device)
    dl, _ = eval_dataloader(cfg.data, cfg.eval)
    # 词表大小以 ckpt 为准：新版本样本里的新 id 在 datamodule 里按 OOV(0) 处理
    vocab = {k.split(".")[1]: v.shape[0] for k, v in state["model"].items() if k.startswith("embeddings.")}
    model = MMoE(vocab, len(train_cfg.data.dense_features), **train_cfg.model)
    model.load_state_dict(state["model"])
    model.to(device).eval()
    preds = predict(model, dl, device)
    metrics = grouped_metrics(preds, train_cfg.model.tasks, cfg.eval.group_by)
    out = Path("outputs/eval") / f"{Path(cfg.ckpt).stem}-{cfg.data.version}-{cfg.eval.split}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    for group, row in metrics.items():
        log.info("%-8s %s", group, " ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v:,}" for k, v in row.items()))
    out.write_text(json.dumps(metrics, indent=2, ensure_ascii=False, default=float))
    log.info("wrote %s", out)


if __name__ == "__main__":
    main()
""",
    P("src/ranker/metrics.py"): """\"\"\"离线指标：binary 任务算 AUC，click 另算按用户的 GAUC。训练中的 evaluate 和 ranker.eval 共用。\"\"\"
import numpy as np
import pandas as pd
import torch
from sklearn.metrics import roc_auc_score


def task_metric(name: str, spec, y: np.ndarray, p: np.ndarray) -> tuple[str, float]:
    return f"auc/{name}", roc_auc_score(y, p)


def gauc(users: np.ndarray, y: np.ndarray, p: np.ndarray) -> float:
    \"\"\"按用户分组的 AUC，按曝光数加权；全正或全负的用户跳过。\"\"\"
    order = np.argsort(users, kind="stable")
    users, y, p = users[order], y[order], p[order]
    bounds = np.flatnonzero(np.diff(users)) + 1
    aucs, weights = [], []
    for ys, ps in zip(np.split(y, bounds), np.split(p, bounds)):
        if 0 < ys.sum() < len(ys):
            aucs.append(roc_auc_score(ys, ps))
            weights.append(len(ys))
    return np.average(aucs, weights=weights)


@torch.no_grad()
def evaluate(model, dl, device, tasks) -> dict[str, float]:
    model.eval()
    preds: dict[str, list] = {t: [] for t in tasks}
    labels: dict[str, list] = {t: [] for t in tasks}
    users = []
    for batch in dl:
        logits = model({k: v.to(device, non_blocking=True) for k, v in batch.items()})
        for t in tasks:
            preds[t].append(logits[t].float().cpu())
            labels[t].append(batch[t])
        users.append(batch["user_id"])
    model.train()
    metrics = dict(task_metric(t, spec, torch.cat(labels[t]).numpy(), torch.cat(preds[t]).numpy())
                   for t, spec in tasks.items())
    metrics["gauc/click"] = gauc(torch.cat(users).numpy(), torch.cat(labels["click"]).numpy(),
                                 torch.cat(preds["click"]).numpy())
    return metrics


def grouped_metrics(preds: list[dict], tasks, group_by: str | None = None) -> dict[str, dict[str, float]]:
    \"\"\"ranker.eval 用：按 meta[group_by]（比如 scene）分组算指标，外加一组 overall。\"\"\"
    meta = pd.concat([b["meta"] for b in preds], ignore_index=True)
    scores = {t: torch.cat([b[t] for b in preds]).numpy() for t in tasks}
    groups = {"overall": np.ones(len(meta), dtype=bool)}
    if group_by:
        groups |= {str(g): (meta[group_by] == g).to_numpy() for g in sorted(meta[group_by].unique())}
    out = {}
    for g, m in groups.items():
        row: dict[str, float] = {"rows": int(m.sum())}
        row |= dict(task_metric(t, spec, meta[spec.get("label", t)].to_numpy()[m], scores[t][m])
                    for t, spec in tasks.items())
        row["gauc/click"] = gauc(meta["user_id"].to_numpy()[m], meta["click"].to_numpy()[m], scores["click"][m])
        out[g] = row
    return out
""",
    P("configs/eval/default.yaml"): """split: valid
group_by: null
batch_size: 65536
""",
    P("tests/test_losses.py"): """import torch
from omegaconf import OmegaConf

from ranker.losses import MultiTaskLoss

TASKS = OmegaConf.create({
    "click": {"type": "binary", "weight": 1.0},
    "like": {"type": "binary", "weight": 0.5},
})


def _logits_and_batch(n=8):
    g = torch.Generator().manual_seed(0)
    logits = {"click": torch.randn(n, generator=g), "like": torch.randn(n, generator=g)}
    batch = {"click": torch.randint(0, 2, (n,), generator=g).float(), "like": torch.zeros(n)}
    return logits, batch


def test_total_is_weighted_sum():
    logits, batch = _logits_and_batch()
    out = MultiTaskLoss(TASKS)(logits, batch)
    assert torch.allclose(out["loss"], out["click"] + 0.5 * out["like"])


def test_per_task_losses_are_detached():
    logits, batch = _logits_and_batch()
    logits["click"].requires_grad_(True)
    out = MultiTaskLoss(TASKS)(logits, batch)
    assert out["loss"].requires_grad
    assert not out["click"].requires_grad
""",
    P("tests/test_trainer.py"): """import torch
from omegaconf import OmegaConf

from ranker.trainer import Trainer


def _cfg(**trainer):
    base = OmegaConf.load("configs/trainer/default.yaml")
    return OmegaConf.create({"trainer": OmegaConf.merge(base, trainer), "output_dir": "/tmp/ranker-test",
                             "model": {"tasks": {"click": {"type": "binary", "weight": 1.0}}}})


class _Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = torch.nn.ModuleDict({"item_id": torch.nn.Embedding(10, 4)})
        self.head = torch.nn.Linear(4, 1)


def _trainer(**trainer):
    return Trainer(_cfg(**trainer), _Tiny(), loss_fn=None, device=torch.device("cpu"))


def test_lr_linear_warmup():
    t = _trainer(lr=1e-3, warmup_steps=100)
    assert t.lr_at(0) == 1e-5
    assert abs(t.lr_at(49) - 5e-4) < 1e-12
    assert t.lr_at(100) == 1e-3


def test_embeddings_use_separate_optimizer():
    t = _trainer()
    assert len(t.emb_opt.param_groups[0]["params"]) == 1
    assert len(t.opt.param_groups[0]["params"]) == 2
""",
    P("tests/test_mmoe.py"): """import pytest
import torch
from omegaconf import OmegaConf

from ranker.data.datamodule import ParquetSamples
from ranker.models.mmoe import MMoE

VOCAB = {"user_id": 1000, "item_id": 5000, "author_id": 300, "category_id": 40,
         "city_id": 400, "device_type": 8, "hour": 24}


@pytest.fixture
def model_cfg():
    return OmegaConf.load("configs/model/mmoe.yaml")


@pytest.fixture
def data_cfg():
    cfg = OmegaConf.load("configs/data/samples.yaml")
    cfg.batch_size = 64
    return cfg


@pytest.fixture
def tiny_batch(data_cfg):
    ds = ParquetSamples(["tests/fixtures/tiny.parquet"], data_cfg, shuffle=False)
    return next(iter(ds))


def test_output_keys_and_shapes(model_cfg, data_cfg):
    model = MMoE(VOCAB, len(data_cfg.dense_features), **model_cfg)
    batch = {name: torch.randint(0, 24, (16,)) for name in VOCAB}
    batch["dense"] = torch.randn(16, len(data_cfg.dense_features))
    batch["seq"] = torch.randint(0, 5000, (16, 50))
    out = model(batch)
    assert set(out) == set(model_cfg.tasks)
    assert all(v.shape == (16,) for v in out.values())


def test_forward_on_fixture_batch(tiny_batch, model_cfg, data_cfg):
    model = MMoE(VOCAB, len(data_cfg.dense_features), **model_cfg)
    out = model(tiny_batch)
    assert all(torch.isfinite(v).all() for v in out.values())


def test_all_padding_sequence_gives_zero_pooling():
    from ranker.models.layers import DinAttention

    din = DinAttention(8)
    target, seq = torch.randn(2, 8), torch.randn(2, 5, 8)
    mask = torch.zeros(2, 5, dtype=torch.bool)
    assert torch.equal(din(target, seq, mask), torch.zeros(2, 8))
""",
    P("src/ranker/sampling/hard_negatives.py"): """\"\"\"in-batch hard negative 挖掘（立伟）：对每个样本，在 batch 内曝光未点击的 item 里取和 user 最相似的 k 个。\"\"\"
import torch


@torch.no_grad()
def mine_in_batch(user_vec: torch.Tensor, item_vec: torch.Tensor, clicked: torch.Tensor, k: int) -> torch.Tensor:
    \"\"\"user_vec (B, D), item_vec (B, D), clicked (B,) -> 负样本下标 (B, k)。

    候选只取 batch 内 clicked == 0 的 item，并排除自己那一行。
    \"\"\"
    sim = user_vec @ item_vec.T                                          # (B, B)
    invalid = clicked.bool().unsqueeze(0).expand_as(sim).clone()         # 被点击的 item 不当负样本
    invalid.fill_diagonal_(True)
    sim = sim.masked_fill(invalid, float("-inf"))
    k = min(k, int((~invalid).sum(dim=1).min()))
    return sim.topk(k, dim=1).indices
""",
    P("serving/model_repository/feed_ranker/config.pbtxt"): """name: "feed_ranker"
backend: "pytorch"
max_batch_size: 1024
input [
  { name: "sparse__0"  data_type: TYPE_INT64  dims: [ 7 ] },
  { name: "dense__1"   data_type: TYPE_FP32   dims: [ -1 ] },
  { name: "seq__2"     data_type: TYPE_INT64  dims: [ 50 ] }
]
output [
  { name: "scores__0"  data_type: TYPE_FP32   dims: [ -1 ] }
]
instance_group [ { count: 1, kind: KIND_GPU } ]
dynamic_batching {
  max_queue_delay_microseconds: 5000
}
version_policy: { latest: { num_versions: 1 } }
""",
    P("scripts/slurm/train.sbatch"): """#!/bin/bash
#SBATCH --job-name=feed-ranker
#SBATCH --partition=a800
#SBATCH --qos=rec-normal
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --mem=900G
#SBATCH --time=2-00:00:00
#SBATCH --output=logs/slurm-%j.out

source /home/linxiaowen/miniforge3/etc/profile.d/conda.sh
conda activate ranker
cd "$SLURM_SUBMIT_DIR"

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun \\
  --nnodes="$SLURM_NNODES" --nproc_per_node=8 \\
  --rdzv_id="$SLURM_JOB_ID" --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:29500" \\
  -m ranker.train "$@"
""",
}

# ------------------------------------------------------------------------------------------ helpers


def ln(d, path, needle):
    """1-based line number of the first line containing needle in the virtual file."""
    for i, line in enumerate(d.files[path].split("\n"), 1):
        if needle in line:
            return i
    raise KeyError(f"{needle!r} not in {path}")


def line_of(d, path, needle):
    for line in d.files[path].split("\n"):
        if needle in line:
            return line
    raise KeyError(needle)


def frame(file, lineno, func, code, expr=None):
    """One Python 3.11 traceback frame; carets under expr when it is only part of the line."""
    stripped = code.strip()
    out = f'  File "{file}", line {lineno}, in {func}\n    {stripped}'
    if expr:
        col = stripped.index(expr)
        out += "\n    " + " " * col + "^" * len(expr)
    return out


def own(d, rel, needle, func, expr=None):
    """Frame from a file of the repository, line number taken from the virtual file."""
    path = P(rel)
    code = line_of(d, path, needle)
    return frame(path, ln(d, path, needle), func, code, expr)


def stamp(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{t.microsecond // 1000:03d}"


class LogClock:
    """Beijing-time clock for log lines printed by the tools (the fake clock is UTC)."""

    def __init__(self, d, offset=0.0):
        self.t = d.clock + _dt.timedelta(hours=8, seconds=offset)

    def __call__(self, adv=0.0):
        self.t += _dt.timedelta(seconds=adv)
        return stamp(self.t)

    def day(self):
        return self.t.strftime("%Y-%m-%d")

    def hms(self):
        return self.t.strftime("%H-%M-%S")


def pytest_summary(word, nodeid, msg, width=80):
    """A 'short test summary info' line as pytest prints it without a tty (80 columns, message trimmed)."""
    line = f"{word} {nodeid}"
    msg = msg.split("\n")[0]
    avail = width - len(line)
    if 3 + 3 > avail:
        return line
    if 3 + len(msg) > avail:
        msg = msg[:avail - 3 - 3] + "..."
    return line + " - " + msg


def hydra_tail(overrides):
    return f"Error executing job with overrides: {overrides!r}"


HYDRA_HINT = "\nSet the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."

TORCH_MODULE_FRAMES = "\n".join([
    frame(f"{SP}/torch/nn/modules/module.py", 1773, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)",
          "self._call_impl(*args, **kwargs)"),
    frame(f"{SP}/torch/nn/modules/module.py", 1784, "_call_impl", "return forward_call(*args, **kwargs)",
          "forward_call(*args, **kwargs)"),
])


def oom(alloc, free, procs, self_mem, by_pt, reserved, gpu=0):
    p = " ".join(f"Process {pid} has {mem} memory in use." for pid, mem in procs)
    return (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of "
            f"79.15 GiB of which {free} is free. {p} Including non-PyTorch memory, this process has {self_mem} memory "
            f"in use. Of the allocated memory {by_pt} is allocated by PyTorch, and {reserved} is reserved by PyTorch "
            "but unallocated. If reserved but unallocated memory is large try setting "
            "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
            "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")


def weights_only_error(glob_name):
    return ("_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two "
            "options, do those steps only if you trust the source of the checkpoint. \n"
            "\t(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from "
            "`False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it "
            "can result in arbitrary code execution. Do it only if you got the file from a trusted source.\n"
            "\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the following "
            "error message.\n"
            f"\tWeightsUnpickler error: Unsupported global: GLOBAL {glob_name} was not an allowed global by default. "
            f"Please use `torch.serialization.add_safe_globals([{glob_name}])` or the "
            f"`torch.serialization.safe_globals([{glob_name}])` context manager to allowlist this global if you trust "
            "this class/function.\n\n"
            "Check the documentation of torch.load to learn more about types accepted by default with weights_only "
            "https://pytorch.org/docs/stable/generated/torch.load.html.")


TORCH_LOAD_FRAME = frame(f"{SP}/torch/serialization.py", 1548, "load",
                         "raise pickle.UnpicklingError(_get_wo_message(str(e))) from None")

A800 = "NVIDIA A800-SXM4-80GB"
BUS = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
       "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]


def _cell(left, right, width):
    return left + " " * (width - len(left) - len(right)) + right


def nvidia_smi(when, gpus, procs):
    """gpus: list of (temp, perf, watts, mem_used_mib, util); procs: list of (gpu, pid, name, mib). 91 columns, like nvidia-smi 570."""
    sep = "+-----------------------------------------+------------------------+----------------------+"
    out = [when.strftime("%a %b %d %H:%M:%S %Y") + "       ",
           "+" + "-" * 89 + "+",
           "|" + _cell(" NVIDIA-SMI 570.133.20", "Driver Version: 570.133.20     CUDA Version: 12.8     ", 89) + "|",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, (temp, perf, watts, used, util) in enumerate(gpus):
        out.append("|" + _cell(f"   {i}  {A800}", "On  ", 41) + "|" + _cell(f"   {BUS[i]}", "Off ", 24) + "|"
                   + _cell("", "0 ", 22) + "|")
        out.append("|" + _cell(f" N/A   {temp}C    {perf}", f"{watts}W /  400W ", 41) + "|"
                   + _cell("", f"{used}MiB /  81920MiB ", 24) + "|" + _cell("", f"{util}%      Default ", 22) + "|")
        out.append("|" + " " * 41 + "|" + " " * 24 + "|" + _cell("", "Disabled ", 22) + "|")
        out.append(sep)
    out += [" " * 91,
            "+" + "-" * 89 + "+",
            "|" + _cell(" Processes:", "", 89) + "|",
            "|" + _cell("  GPU   GI   CI              PID   Type   Process name", "GPU Memory ", 89) + "|",
            "|" + _cell("        ID   ID", "Usage      ", 89) + "|",
            "|" + "=" * 89 + "|"]
    for g, pid, name, mib in procs:
        out.append("|" + _cell(f"  {g:>3}   N/A  N/A  {pid:>15}      C   {name}", f"{mib}MiB ", 89) + "|")
    out.append("+" + "-" * 89 + "+")
    return "\n".join(out)


def diffstat(old, new, entries):
    """entries: (path, plus, minus, created). Output of a fast-forward git pull."""
    w = max(len(p) for p, *_ in entries)
    nw = max(len(str(a + b)) for _, a, b, _ in entries)
    out = [f"Updating {old}..{new}", "Fast-forward"]
    graph = 80 - w - nw - 5  # git scales the +/- graph to 80 columns when not on a terminal
    top = max(a + b for _, a, b, _ in entries)
    for path, plus, minus, _ in entries:
        n = plus + minus
        if top > graph:
            plus = max(round(plus * graph / top), 1) if plus else 0
            minus = max(round(minus * graph / top), 1) if minus else 0
        out.append(f" {path:<{w}} | {n:>{nw}}" + (" " + "+" * plus + "-" * minus if n else ""))
    ins = sum(e[1] for e in entries)
    dels = sum(e[2] for e in entries)
    summary = f" {len(entries)} files changed, {ins} insertions(+)"
    if dels:
        summary += f", {dels} deletions(-)"
    out.append(summary)
    out += [f" create mode 100644 {p}" for p, _, _, c in entries if c]
    return "\n".join(out)


def git_push_new(branch, n_obj, size):
    return f"""Enumerating objects: {n_obj}, done.
Counting objects: 100% ({n_obj}/{n_obj}), done.
Delta compression using up to 128 threads
Compressing objects: 100% ({n_obj - 4}/{n_obj - 4}), done.
Writing objects: 100% ({n_obj - 3}/{n_obj - 3}), {size} | {size}/s, done.
Total {n_obj - 3} (delta {n_obj - 9}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def dvc_add(path):
    parent = path.rsplit("/", 1)[0]
    return f"""
To track the changes with git, run:

	git add {path}.dvc {parent}/.gitignore

To enable auto staging, run:

	dvc config core.autostage true"""


class GlogClock:
    """I/W/E MMDD HH:MM:SS.micros stamps that only move forward."""

    def __init__(self, t):
        self.t = t

    def __call__(self, lo=0.0005, hi=0.35):
        self.t += _dt.timedelta(microseconds=HX.randint(int(lo * 1e6), int(hi * 1e6)))
        return self.t.strftime("%m%d %H:%M:%S.") + f"{self.t.microsecond:06d}"


def torchrun_head(t, pid):
    g = GlogClock(t)
    return [f"W{g()} {pid} torch/distributed/run.py:766] ",
            f"W{g(0.00001, 0.0001)} {pid} torch/distributed/run.py:766] *****************************************",
            f"W{g(0.00001, 0.0001)} {pid} torch/distributed/run.py:766] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            f"W{g(0.00001, 0.0001)} {pid} torch/distributed/run.py:766] *****************************************"]


def triton_logs(lc, version, dev_uuid):
    g = GlogClock(lc.t)
    return f"""I{g()} 1 pinned_memory_manager.cc:277] "Pinned memory pool is created at '0x7f3b5c000000' with size 268435456"
I{g()} 1 cuda_memory_manager.cc:107] "CUDA memory pool is created on device 0 with size 67108864"
I{g()} 1 model_lifecycle.cc:473] "loading: feed_ranker:{version}"
I{g()} 1 libtorch.cc:2501] "TRITONBACKEND_Initialize: pytorch"
I{g()} 1 libtorch.cc:2511] "Triton TRITONBACKEND API version: 1.19"
I{g()} 1 libtorch.cc:2517] "'pytorch' TRITONBACKEND API version: 1.19"
I{g()} 1 libtorch.cc:2550] "TRITONBACKEND_ModelInitialize: feed_ranker (version {version})"
I{g()} 1 libtorch.cc:2594] "TRITONBACKEND_ModelInstanceInitialize: feed_ranker_0_0 (GPU device 0)"
I{g()} 1 model_lifecycle.cc:849] "successfully loaded 'feed_ranker'"
I{g()} 1 server.cc:604] 
+-------------+---------------------------------------------------------+--------+
| Backend     | Path                                                    | Config |
+-------------+---------------------------------------------------------+--------+
| pytorch     | /opt/tritonserver/backends/pytorch/libtriton_pytorch.so | {{}}     |
+-------------+---------------------------------------------------------+--------+

I{g()} 1 server.cc:647] 
+-------------+---------+--------+
| Model       | Version | Status |
+-------------+---------+--------+
| feed_ranker | {version:<7} | READY  |
+-------------+---------+--------+

I{g()} 1 metrics.cc:890] "Collecting metrics for GPU 0: {A800}"
I{g()} 1 tritonserver.cc:2557] 
+----------------------------------+------------------------------------------+
| Option                           | Value                                    |
+----------------------------------+------------------------------------------+
| server_id                        | triton                                   |
| server_version                   | 2.56.0                                   |
| model_repository_path[0]         | /models                                  |
| model_control_mode               | MODE_EXPLICIT                            |
| startup_models_0                 | feed_ranker                              |
| strict_model_config              | 0                                        |
| cuda_memory_pool_byte_size{{0}}    | 67108864                                 |
| min_supported_compute_capability | 6.0                                      |
| strict_readiness                 | 1                                        |
| exit_timeout                     | 30                                       |
+----------------------------------+------------------------------------------+

I{g()} 1 grpc_server.cc:2558] "Started GRPCInferenceService at 0.0.0.0:8001"
I{g()} 1 http_server.cc:4725] "Started HTTPService at 0.0.0.0:8000"
I{g()} 1 http_server.cc:358] "Started Metrics Service at 0.0.0.0:8002\""""


def perf_out(version, conc, thr, avg, std, p50, p90, p95, p99, queue, infer, count):
    exec_count = count // 7
    return f"""*** Measurement Settings ***
  Batch size: 1
  Service Kind: TRITON
  Using "time_windows" mode for stabilization
  Stabilizing using average latency and throughput
  Measurement window: 5000 msec
  Latency limit: 0 msec
  Concurrency limit: {conc} concurrent requests
  Using synchronous calls for inference

Request concurrency: {conc}
  Client: 
    Request count: {count}
    Throughput: {thr} infer/sec
    Avg latency: {avg} usec (standard deviation {std} usec)
    p50 latency: {p50} usec
    p90 latency: {p90} usec
    p95 latency: {p95} usec
    p99 latency: {p99} usec
    Avg gRPC time: {avg - 14} usec ((un)marshal request/response 11 usec + response wait {avg - 25} usec)
  Server: 
    Inference count: {count}
    Execution count: {exec_count}
    Successful request count: {count}
    Avg request latency: {38 + queue + 96 + infer + 41} usec (overhead 38 usec + queue {queue} usec + compute input 96 usec + compute infer {infer} usec + compute output 41 usec)

Inferences/Second vs. Client Average Batch Latency
Concurrency: {conc}, throughput: {thr} infer/sec, latency {avg} usec"""


SRC_FILES = ["src/ranker/__init__.py", "src/ranker/data/__init__.py", "src/ranker/data/build_samples.py",
             "src/ranker/data/datamodule.py", "src/ranker/eval.py", "src/ranker/losses.py", "src/ranker/metrics.py",
             "src/ranker/models/__init__.py", "src/ranker/models/layers.py", "src/ranker/models/mmoe.py",
             "src/ranker/tools/__init__.py", "src/ranker/tools/compare_evals.py", "src/ranker/train.py",
             "src/ranker/trainer.py", "src/ranker/utils/__init__.py", "src/ranker/utils/seed.py"]

V5_RUN = "outputs/2026-04-15/14-52-33"
V7_RUN = "outputs/2026-04-29/10-36-41"


BASE_W = {"click": 1.0, "like": 0.5, "finish": 0.5}


def w_dwell(step):
    return 0.1 * min(step / 5000, 1.0)


def smoke_lines(lc, max_steps, rows, weights=None, warmup=2000, lr=1e-3):
    """rows: list of (step, {task: loss}, speed, seconds since previous line); total and lr are computed."""
    weights = weights or {}
    out = []
    for step, parts, speed, adv in rows:
        total = sum(v * (weights[k](step) if k in weights else BASE_W[k]) for k, v in parts.items())
        cur_lr = lr * min((step + 1) / warmup, 1.0)
        p = " ".join(f"{k}={v:.4f}" for k, v in parts.items())
        out.append(f"[{lc(adv)}][ranker.trainer][INFO] - step {step}/{max_steps} loss={total:.4f} {p} "
                   f"lr={cur_lr:.2e} {speed} it/s")
    return out


class MLDev(Dev):
    """Dev whose clock can jump forward while a long command runs (between the tool_use and its result)."""
    busy = 0.0

    def entry(self, typ, message, **extra):
        e = super().entry(typ, message, **extra)
        if self.busy and typ == "assistant" and any(b.get("type") == "tool_use" for b in message["content"]):
            self.clock += _dt.timedelta(seconds=self.busy)
            self.busy = 0.0
        return e


def gen():
    d = MLDev("zh-ml", U, "zh", MODEL, seed=20260413, files=FILES)

    # ================================================================== S1  (Mon 04-13, 10:05 Beijing)
    with d.session("2026-04-13T02:05:00", R, branch="main", version="2.1.45"):
        t = d.task("先熟悉下代码。MMoE 的 forward 是怎么走的？多任务 loss 又是怎么加权的？", tags=["noise"])
        t.glob("src/ranker/**/*.py", [P(f) for f in SRC_FILES], path=R)
        t.read(P("src/ranker/models/mmoe.py"))
        t.read(P("src/ranker/models/layers.py"))
        t.read(P("src/ranker/losses.py"))
        t.read(P("configs/model/mmoe.yaml"))
        t.done("""整体是「sparse embedding + DIN 序列池化 + MMoE 专家 + 每任务一个 tower」：

**forward（`src/ranker/models/mmoe.py`）**
1. 7 个 sparse 特征各查一张 embedding 表（`embed_dim=32`），得到 7 个 `(B, 32)`。
2. 历史点击序列 `click_seq_50` 复用 `item_id` 那张表，得到 `(B, 50, 32)`。`DinAttention` 拿候选 item 的 embedding 当 query，把 `[t, s, t-s, t*s]` 拼起来过一个小 MLP 打分，padding 位置 mask 成 `-inf`，softmax 后加权求和，输出 `(B, 32)`。
3. 4 个 dense 特征过 `Linear(4, 32)`。
4. 三部分拼成 `(B, 288)` 的 `x`，送进 6 个专家 MLP（`[512, 256]`），stack 成 `(B, 6, 256)`。
5. 每个任务一个 gate：`softmax(Linear(288→6))` 对专家输出加权求和得到 `(B, 256)`，再过各自的 tower（`[128, 64, 1]`）出 logit。

**loss（`src/ranker/losses.py`）**
- 每个任务 `binary_cross_entropy_with_logits`（logit 先转 float），按 `configs/model/mmoe.yaml` 里的常数 `weight` 加权求和：`click×1.0 + like×0.5 + finish×0.5`。没有 uncertainty weighting / GradNorm 这类动态加权。
- 返回的各任务 loss 都 detach 过，只用来打日志，反传只走 `loss`。

值得注意的两点：
- `item_id` 表同时给候选 item 和序列用，参数量大头在 embedding 上。
- gate 直接看共享的 `x`，没有任务相关的输入，任务之间的区分完全靠 gate 和 tower。""")

        t = d.task("拉了最新 main，丹丹把 v5 样本（04-06~04-12）的 dvc 文件和 mmoe_v5 的 experiment 配置都提上来了。"
                   "用 mmoe_v5 跑个 100 step 的 smoke，看能不能起来", tags=["mistake:M1"])
        t.bash("git log --oneline -5", "查看最近提交", out="""9e41c7a (HEAD -> main, origin/main, origin/HEAD) data: samples_v5 (0406-0412) + mmoe_v5 experiment
5b2d0f8 eval: 按场景分组的 GAUC
c81a6e3 fix(datamodule): persistent_workers 只在 train 上开
2d9f4b1 data: samples_v4 (0330-0405)
7a0c5e9 serving: feed_ranker v6 (mmoe_v4)""")
        d.files[P("configs/experiment/mmoe_v5.yaml")] = FILES[P("configs/experiment/mmoe_v5.yaml")]
        lc = LogClock(d, 14)
        ov = ["experiment=mmoe_v5", "trainer.max_steps=100", "trainer.log_every=20", "data.limit_files=2"]
        cmd = "python -m ranker.train " + " ".join(ov)
        d.busy = 14
        t.fail(cmd, "用 mmoe_v5 跑 100 step smoke", "\n".join([
            f"[{lc()}][__main__][INFO] - experiment=mmoe_v5 seed=20260401 world_size=1 device=cuda:0 precision=fp32",
            hydra_tail(ov),
            "Traceback (most recent call last):",
            own(d, "src/ranker/train.py", "train_dl, valid_dl, manifest = build_dataloaders", "main",
                "build_dataloaders(cfg.data)"),
            own(d, "src/ranker/data/datamodule.py", "manifest = load_manifest(cfg.root)", "build_dataloaders",
                "load_manifest(cfg.root)"),
            own(d, "src/ranker/data/datamodule.py", 'with open(Path(root) / "_manifest.json"', "load_manifest",
                'open(Path(root) / "_manifest.json", encoding="utf-8")'),
            "FileNotFoundError: [Errno 2] No such file or directory: 'data/processed/samples_v5/_manifest.json'",
            HYDRA_HINT]), timeout=600000)
        t.say("本地没有 `data/processed/samples_v5/`。这个目录是 DVC 管的，git 里只有指针文件，pull 代码不会把数据带下来。先确认一下。")
        t.bash("ls data/processed/ && cat data/processed/samples_v5.dvc", "查看样本目录和 v5 的 dvc 指针文件",
               out="""samples_v3
samples_v3.dvc
samples_v4
samples_v4.dvc
samples_v5.dvc
outs:
- md5: 6a1f0c3e9d2b47e58f13a0c9b7d2e4f1.dir
  size: 18734562311
  nfiles: 105
  hash: md5
  path: samples_v5""")
        d.busy = 185
        t.bash("dvc pull data/processed/samples_v5.dvc", "从 DVC remote 拉取 v5 样本",
               out="A       data/processed/samples_v5/\n1 file added and 105 files fetched", timeout=600000)
        lc = LogClock(d, 20)
        out_dir = f"outputs/{lc.day()}/{lc.hms()}"
        lines = [f"[{lc()}][__main__][INFO] - experiment=mmoe_v5 seed=20260401 world_size=1 device=cuda:0 precision=fp32",
                 f"[{lc(0.7)}][ranker.data.datamodule][INFO] - v5: 96 train / 8 valid files, 41,873,210 train rows (limit_files=2)",
                 f"[{lc(6.4)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish'], params=183.6M"]
        lines += smoke_lines(lc, 100, [
            (20, {"click": 0.6011, "like": 0.3262, "finish": 0.6464}, "2.3", 9.1),
            (40, {"click": 0.5210, "like": 0.2345, "finish": 0.6671}, "17.9", 1.1),
            (60, {"click": 0.4557, "like": 0.1641, "finish": 0.6855}, "18.6", 1.1),
            (80, {"click": 0.4106, "like": 0.1213, "finish": 0.6353}, "18.4", 1.1),
            (100, {"click": 0.3867, "like": 0.0998, "finish": 0.5855}, "18.8", 1.1)])
        lines.append(f"[{lc(2.6)}][ranker.trainer][INFO] - saved {out_dir}/ckpt/last.ckpt")
        d.busy = 42
        t.bash(cmd, "重新跑 smoke", out="\n".join(lines), timeout=600000)
        t.done(f"""smoke 通过了，100 step 正常跑完，总 loss 从 1.09 降到 0.73，速度稳定在 ~18.5 it/s，ckpt 写到了 `{out_dir}/ckpt/last.ckpt`。

第一次失败是 `FileNotFoundError: ... 'data/processed/samples_v5/_manifest.json'`：丹丹提交的只是 `samples_v5.dvc` 指针文件，数据本身要从 DVC remote 拉。执行 `dvc pull data/processed/samples_v5.dvc` 拉下来 105 个文件（约 17.4 GB）后，同一条命令就起来了。""")

        t = d.task("问个问题：CTR 样本正负比大概 1:25，有人建议上 focal loss。跟现在 BCE + 负样本降采样再做校准比，你觉得哪个更合适？",
                   tags=["noise", "no_tools"])
        t.done("""我倾向于继续用 **BCE + 负采样 + 校准**，focal loss 在精排 CTR 这个场景收益不大、代价不小：

1. **校准**：精排分数要直接参与 `pctr × pcvr × bid` 这类公式，或者和其他队列融合，需要是校准过的概率。BCE 是 proper scoring rule，负采样率为 r 时用 `p / (p + (1 - p) / r)` 就能解析地还原；focal loss 的 `(1-p)^γ` 会系统性地把预估往 0.5 方向压，还原没有闭式解，只能事后 Platt / isotonic 再拟合，而且要随每周样本分布一起维护。
2. **1:25 不算极端**：focal loss 是为检测里 1:1000 以上、大量 easy negative 主导梯度的情况设计的。1:25 配合 4096 的 batch，正样本足够，BCE 不会被 easy negative 淹没。
3. **排序指标**：AUC/GAUC 只看序，focal 能带来的一般是千分位以内的波动，很难抵消校准上的麻烦。

如果想在难样本上使劲，更直接的做法是**改负样本的构成**：比如 in-batch / 曝光未点击里的 hard negative 加一个辅助 loss，主 loss 仍然用 BCE。真要试 focal，建议只在一个辅助任务或 tower 上试，并且上线前单独评估校准（ECE、分桶 pcoc）。""")

    # ================================================================== S2  (Wed 04-15, 14:20)
    with d.session("2026-04-15T06:20:00", R, branch="feat/aux-dwell", version="2.1.46"):
        t = d.task("加一个停留时长的辅助任务：label 用 dwell_s，log1p 之后做 huber 回归，权重 0.1，前 5000 步从 0 线性 warmup 上去。"
                   "huber 的 delta、权重、warmup 步数这些都别写死在代码里，放 Hydra 配置。写完单测跑过就用 Slurm 提一个正式实验，"
                   "experiment 叫 mmoe_v5_dwell。", tags=["workflow:W1", "pref:P1"])
        t.read(P("src/ranker/losses.py"))
        t.edit(P("src/ranker/losses.py"),
               '"""多任务 loss：各任务 BCE-with-logits，按 configs/model 里的 weight 加权求和。"""',
               '"""多任务 loss：binary 任务 BCE-with-logits，回归任务（dwell）log1p 后 huber，按 configs/model 里的 weight 加权求和。"""')
        t.edit(P("src/ranker/losses.py"), """    def __init__(self, tasks: DictConfig):
        self.tasks = tasks

    def __call__(self, logits: dict[str, torch.Tensor], batch: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        out: dict[str, torch.Tensor] = {}
        total = torch.zeros((), device=next(iter(logits.values())).device)
        for name, spec in self.tasks.items():
            loss = F.binary_cross_entropy_with_logits(logits[name].float(), batch[name])
            out[name] = loss.detach()
            total = total + spec.weight * loss""", """    def __init__(self, tasks: DictConfig):
        self.tasks = tasks

    @staticmethod
    def task_weight(spec: DictConfig, step: int) -> float:
        \"\"\"weight_warmup_steps > 0 时，权重在前 N 步从 0 线性升到 weight。\"\"\"
        warmup = spec.get("weight_warmup_steps", 0)
        if warmup and step < warmup:
            return spec.weight * step / warmup
        return spec.weight

    def __call__(self, logits: dict[str, torch.Tensor], batch: dict[str, torch.Tensor],
                 step: int = 0) -> dict[str, torch.Tensor]:
        out: dict[str, torch.Tensor] = {}
        total = torch.zeros((), device=next(iter(logits.values())).device)
        for name, spec in self.tasks.items():
            if spec.get("type", "binary") == "regression":
                target = torch.log1p(batch[spec.label])
                loss = F.huber_loss(logits[name].float(), target, delta=spec.huber_delta)
            else:
                loss = F.binary_cross_entropy_with_logits(logits[name].float(), batch[name])
            out[name] = loss.detach()
            total = total + self.task_weight(spec, step) * loss""")
        t.read(P("src/ranker/trainer.py"), offset=55, limit=20)
        t.edit(P("src/ranker/trainer.py"), "            losses = self.loss_fn(logits, batch)",
               "            losses = self.loss_fn(logits, batch, self.step)")
        t.read(P("src/ranker/metrics.py"))
        t.edit(P("src/ranker/metrics.py"), """def task_metric(name: str, spec, y: np.ndarray, p: np.ndarray) -> tuple[str, float]:
    return f"auc/{name}", roc_auc_score(y, p)""", """def task_metric(name: str, spec, y: np.ndarray, p: np.ndarray) -> tuple[str, float]:
    if spec.get("type", "binary") == "regression":
        # 回归任务的输出本来就在 log1p 空间，和 log1p(label) 比 MAE
        return f"mae/{name}", float(np.abs(p - np.log1p(y)).mean())
    return f"auc/{name}", roc_auc_score(y, p)""")
        t.edit(P("src/ranker/metrics.py"), """        for t in tasks:
            preds[t].append(logits[t].float().cpu())
            labels[t].append(batch[t])""", """        for t, spec in tasks.items():
            preds[t].append(logits[t].float().cpu())
            labels[t].append(batch[spec.get("label", t)])""")
        t.read(P("configs/model/mmoe.yaml"))
        t.edit(P("configs/model/mmoe.yaml"), """  finish:
    type: binary
    weight: 0.5
""", """  finish:
    type: binary
    weight: 0.5
  dwell:
    type: regression
    label: dwell_s
    weight: 0.1
    weight_warmup_steps: 5000
    huber_delta: 1.0
""")
        t.read(P("configs/data/samples.yaml"))
        t.edit(P("configs/data/samples.yaml"), "labels: [click, like, finish]", "labels: [click, like, finish, dwell_s]")
        t.read(P("tests/test_losses.py"))
        t.edit(P("tests/test_losses.py"), """    assert out["loss"].requires_grad
    assert not out["click"].requires_grad
""", """    assert out["loss"].requires_grad
    assert not out["click"].requires_grad


def test_dwell_is_huber_on_log1p_with_weight_warmup():
    tasks = OmegaConf.create({"dwell": {"type": "regression", "label": "dwell_s", "weight": 0.1,
                                       "weight_warmup_steps": 100, "huber_delta": 1.0}})
    loss_fn = MultiTaskLoss(tasks)
    logits = {"dwell": torch.log1p(torch.tensor([10.0, 30.0]))}
    assert loss_fn(logits, {"dwell_s": torch.tensor([10.0, 30.0])})["dwell"].item() == 0.0
    batch = {"dwell_s": torch.tensor([0.0, 0.0])}
    for step, w in [(0, 0.0), (50, 0.05), (100, 0.1), (5000, 0.1)]:
        out = loss_fn(logits, batch, step=step)
        assert torch.allclose(out["loss"], w * out["dwell"])
""")
        t.bash("python -m pytest tests/test_losses.py tests/test_mmoe.py -q", "运行 loss 和模型单测",
               out="......                                                                   [100%]\n6 passed in 4.18s")
        t.write(P("configs/experiment/mmoe_v5_dwell.yaml"), """# @package _global_
# v5 基线 + 停留时长辅助任务（log1p + huber，权重 0.1，前 5000 步 warmup）
experiment_name: mmoe_v5_dwell
data:
  version: v5
trainer:
  max_steps: 60000
""")
        t.bash("sbatch scripts/slurm/train.sbatch experiment=mmoe_v5_dwell", "提交 Slurm 正式实验",
               out="Submitted batch job 884213")
        t.bash("squeue -u linxiaowen", "查看排队状态", out="""             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
            884213      a800 feed-ran linxiaow PD       0:00      1 (Priority)""")
        t.done("""dwell 辅助任务加好了，实验已提交：

- `losses.py`：任务 `type: regression` 时对 `log1p(dwell_s)` 做 `huber_loss`；新增 `task_weight()`，配置了 `weight_warmup_steps` 就在前 N 步从 0 线性升到 `weight`。`loss_fn` 多了 `step` 参数，`trainer.py` 里把 `self.step` 传进去。
- `metrics.py`：回归任务不算 AUC，改成在 log1p 空间算 `mae/dwell`；label 按任务配置里的 `label` 取。
- 配置：`configs/model/mmoe.yaml` 新增 `dwell` 任务（`weight: 0.1`、`weight_warmup_steps: 5000`、`huber_delta: 1.0`），`configs/data/samples.yaml` 的 labels 加了 `dwell_s`。代码里没有写死的数，命令行可以 `model.tasks.dwell.weight=0.2` 这样覆盖。
- 单测：新增 `test_dwell_is_huber_on_log1p_with_weight_warmup`，`tests/test_losses.py` + `tests/test_mmoe.py` 共 6 个全过。
- `configs/experiment/mmoe_v5_dwell.yaml` 已建，`sbatch` 提交为 **job 884213**，目前 `PD (Priority)` 在排队，日志会写到 `logs/slurm-884213.out`。""")

        t = d.task("别等 Slurm 排队了，先在 dev 机上用 mmoe_v5_dwell 跑 200 step，看看 dwell loss 的量级和 click 比正不正常，"
                   "顺便让它在第 200 步做一次 eval，确认 mae/dwell 能算出来。另外 metrics 里 dwell 的 MAE 补个单测", tags=["mistake:M2"])
        lc = LogClock(d, 12)
        ov = ["experiment=mmoe_v5_dwell", "trainer.max_steps=200", "trainer.log_every=20", "trainer.eval_every=200",
              "data.limit_files=2"]
        cmd = "python -m ranker.train " + " ".join(ov)
        d.busy = 16
        t.fail(cmd, "dev 机上跑 200 step smoke", "\n".join([
            f"[{lc()}][__main__][INFO] - experiment=mmoe_v5_dwell seed=20260401 world_size=1 device=cuda:0 precision=fp32",
            f"[{lc(0.8)}][ranker.data.datamodule][INFO] - v5: 96 train / 8 valid files, 41,873,210 train rows (limit_files=2)",
            f"[{lc(6.9)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=183.7M",
            hydra_tail(ov),
            "Traceback (most recent call last):",
            own(d, "src/ranker/train.py", "trainer.fit(train_dl, valid_dl)", "main"),
            own(d, "src/ranker/trainer.py", "stats = self.train_step(batch)", "fit", "self.train_step(batch)"),
            own(d, "src/ranker/trainer.py", "logits = self.model(batch)", "train_step", "self.model(batch)"),
            TORCH_MODULE_FRAMES,
            own(d, "src/ranker/models/mmoe.py", "seq_vec = self.din(", "forward", 'self.din(target, seq, batch["seq"] != 0)'),
            TORCH_MODULE_FRAMES,
            own(d, "src/ranker/models/layers.py", "feats = torch.cat([t, seq", "forward",
                "torch.cat([t, seq, t - seq, t * seq], dim=-1)"),
            oom("100.00 MiB", "67.25 MiB", [(1873402, "61.18 GiB"), (2210945, "16.21 GiB")], "1.68 GiB", "1.12 GiB",
                "47.53 MiB"),
            HYDRA_HINT]), timeout=600000)
        t.say("GPU 0 只剩 67 MiB。报错里列了另外两个进程（1873402 占 61 GiB、2210945 占 16 GiB），我们这个进程自己才 1.7 GiB——"
              "不是 batch 太大，是 0 号卡被别人占满了。看一下各卡的占用。")
        t.bash("nvidia-smi", "查看各 GPU 显存占用", out=nvidia_smi(
            d.clock + _dt.timedelta(hours=8, seconds=3),
            [(47, "P0", 231, 79021, 92), (52, "P0", 348, 71880, 97), (39, "P0", 112, 40566, 31),
             (55, "P0", 361, 77310, 99), (31, "P0", 61, 4, 0), (30, "P0", 62, 4, 0),
             (36, "P0", 98, 22410, 12), (32, "P0", 63, 4, 0)],
            [(0, 1873402, "python", 62648), (0, 2210945, "python", 16598), (1, 2209871, "python", 71858),
             (2, 2637710, "python", 40544), (3, 2719002, "python", 77288), (6, 2230145, "python", 22388)]))
        t.bash("ps -o user,pid,etime,args -p 1873402,2210945", "看一下 0 号卡上是谁的进程", out="""USER         PID     ELAPSED COMMAND
zhaoyu   1873402  3-02:41:17 /home/zhaoyu/miniforge3/envs/rec/bin/python -m ipykernel_launcher -f /home/zhaoyu/.local/share/jupyter/runtime/kernel-4b1f0e2c.json
wangdd   2210945    05:12:48 python scripts/build_item_emb_index.py --gpu 0""")
        t.say("0 号卡上是赵宇的 jupyter kernel 和丹丹的建索引任务，都不动。4、5、7 号卡是空的，用 `CUDA_VISIBLE_DEVICES` 指到 5 号卡上重跑。")
        lc = LogClock(d, 10)
        out_dir = f"outputs/{lc.day()}/{lc.hms()}"
        lines = [f"[{lc()}][__main__][INFO] - experiment=mmoe_v5_dwell seed=20260401 world_size=1 device=cuda:0 precision=fp32",
                 f"[{lc(0.8)}][ranker.data.datamodule][INFO] - v5: 96 train / 8 valid files, 41,873,210 train rows (limit_files=2)",
                 f"[{lc(6.6)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=183.7M"]
        lines += smoke_lines(lc, 200, [
            (20, {"click": 0.6008, "like": 0.3271, "finish": 0.6489, "dwell": 1.4107}, "2.2", 9.3),
            (40, {"click": 0.5216, "like": 0.2352, "finish": 0.6684, "dwell": 1.2263}, "17.1", 1.2),
            (60, {"click": 0.4561, "like": 0.1650, "finish": 0.6862, "dwell": 1.0418}, "17.6", 1.1),
            (80, {"click": 0.4110, "like": 0.1220, "finish": 0.6358, "dwell": 0.8902}, "17.8", 1.1),
            (100, {"click": 0.3871, "like": 0.1003, "finish": 0.5861, "dwell": 0.7635}, "17.5", 1.1),
            (120, {"click": 0.3690, "like": 0.0887, "finish": 0.5497, "dwell": 0.6921}, "17.7", 1.1),
            (140, {"click": 0.3562, "like": 0.0829, "finish": 0.5245, "dwell": 0.6502}, "17.6", 1.1),
            (160, {"click": 0.3470, "like": 0.0795, "finish": 0.5086, "dwell": 0.6288}, "17.8", 1.1),
            (180, {"click": 0.3398, "like": 0.0774, "finish": 0.4987, "dwell": 0.6173}, "17.7", 1.1),
            (200, {"click": 0.3345, "like": 0.0761, "finish": 0.4901, "dwell": 0.6109}, "17.9", 1.1)],
            weights={"dwell": w_dwell})
        lines.append(f"[{lc(71.4)}][ranker.trainer][INFO] - eval step 200: auc/click=0.6912 auc/like=0.7025 auc/finish=0.6480 "
                     "mae/dwell=0.6233 gauc/click=0.5978")
        lines.append(f"[{lc(2.9)}][ranker.trainer][INFO] - saved {out_dir}/ckpt/last.ckpt")
        d.busy = 112
        t.bash("CUDA_VISIBLE_DEVICES=5 " + cmd, "在空闲的 5 号卡上重跑 smoke", out="\n".join(lines), timeout=600000)
        t.write(P("tests/test_metrics.py"), """import numpy as np
from omegaconf import OmegaConf

from ranker.metrics import gauc, task_metric


def test_regression_task_reports_mae_in_log1p_space():
    spec = OmegaConf.create({"type": "regression", "label": "dwell_s", "weight": 0.1})
    y = np.array([0.0, 9.0, 99.0])
    p = np.log1p(y) + np.array([0.5, -0.5, 0.0])
    name, value = task_metric("dwell", spec, y, p)
    assert name == "mae/dwell"
    assert np.isclose(value, 1 / 3)


def test_binary_task_reports_auc():
    spec = OmegaConf.create({"type": "binary", "weight": 1.0})
    name, value = task_metric("click", spec, np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8]))
    assert name == "auc/click"
    assert np.isclose(value, 0.75)


def test_gauc_skips_users_with_one_class():
    users = np.array([1, 1, 2, 2, 3])
    y = np.array([0, 1, 1, 1, 0])
    p = np.array([0.2, 0.9, 0.5, 0.6, 0.1])
    assert np.isclose(gauc(users, y, p), 1.0)
""")
        t.bash("python -m pytest tests/test_metrics.py -q", "运行 metrics 单测",
               out="...                                                                      [100%]\n3 passed in 1.37s")
        t.done("""量级是正常的：

| step | click | like | finish | dwell（huber） | dwell 当前权重 |
|---|---|---|---|---|---|
| 20 | 0.601 | 0.327 | 0.649 | 1.411 | 0.0004 |
| 100 | 0.387 | 0.100 | 0.586 | 0.764 | 0.0020 |
| 200 | 0.335 | 0.076 | 0.490 | 0.611 | 0.0040 |

- dwell 的 huber 在 log1p 空间上从 1.41 降到 0.61，下降节奏和其他任务一致，没有发散。
- warmup 结束后权重 0.1，按现在的量级贡献大约 0.06，占总 loss 不到 10%，不会压过 click。
- 第 200 步的 eval 正常输出 `mae/dwell=0.6233`（其余 AUC 只训了 200 步，参考意义不大）。
- 补了 `tests/test_metrics.py`（回归 MAE、binary AUC、GAUC 跳过单一类别用户），3 个全过。

另外：第一次启动在 0 号卡上 OOM 了——卡被赵宇的 jupyter kernel（61 GiB）和丹丹的建索引任务（16 GiB）占满，只剩 67 MiB。没有动他们的进程，用 `CUDA_VISIBLE_DEVICES=5` 换到空闲的 5 号卡上跑的。""")

        t = d.task("DDP 和 FSDP 到底怎么选？我们这个模型 180M 参数，embedding 占了 178M，dense 部分很小。", tags=["noise", "no_tools"])
        t.done("""按你们现在的规模，**继续用 DDP**，FSDP 解决的不是你们的瓶颈。

**FSDP 解决什么**：把参数、梯度、优化器状态切片到各卡，单卡放不下模型时用。代价是每层前向/反向都要 all-gather 参数、reduce-scatter 梯度，通信量大约是 DDP 的 1.5 倍。

**你们的情况**：
- 183M 参数 × 4 字节 ≈ 0.7 GB，AdamW/Adagrad 状态再加 1～2 倍，一张 80G 的 A800 完全放得下。没有「放不下」的问题，FSDP 只会增加通信。
- DDP 每步只 all-reduce 梯度。你们 embedding 是 dense 梯度（`nn.Embedding` 没开 `sparse=True`），178M 的梯度每步都全量 all-reduce，这才是多卡扩展的主要开销。

**真到了 embedding 放不下 / 通信成瓶颈时**，方向是「embedding 做模型并行、dense 做数据并行」，也就是 TorchRec 的 `EmbeddingBagCollection` + `DistributedModelParallel`（按表或按行切分，走 all-to-all），而不是 FSDP。FSDP 对 embedding 这种「每步只碰到少数行」的参数很不划算。

**眼下可以先做的**：
1. 看一下 8 卡的 scaling（单卡 it/s × 8 vs 实际），如果明显低于线性，多半是 embedding 梯度的 all-reduce；
2. 打开 DDP 的 `gradient_as_bucket_view=True` 省一份梯度拷贝；
3. 如果 user_id / item_id 表还要继续变大（比如加 hash 桶或加维度），再评估 TorchRec。""")

    # ================================================================== S3  (Fri 04-17, 10:30)
    with d.session("2026-04-17T02:30:00", R, branch="feat/aux-dwell", version="2.1.47"):
        t = d.task("mmoe_v5_dwell 那个 Slurm 任务跑完没？看下状态和最后的评估指标，跟丹丹的 mmoe_v5 基线比一下"
                   "（基线 auc/click 0.7819、like 0.8405、finish 0.7262、gauc 0.6897）", tags=["noise", "long_output"])
        t.bash("sacct -j 884213 --format=JobID,JobName%20,State,Elapsed,AllocTRES%40,ExitCode", "查看任务状态",
               out="""JobID                     JobName      State    Elapsed                                AllocTRES ExitCode 
------------ -------------------- ---------- ---------- ---------------------------------------- -------- 
884213                feed-ranker  COMPLETED   13:41:07 billing=64,cpu=64,gres/gpu=8,mem=900G,n+      0:0 
884213.batch                batch  COMPLETED   13:41:07        cpu=64,gres/gpu=8,mem=900G,node=1      0:0 
884213.extern              extern  COMPLETED   13:41:07 billing=64,cpu=64,gres/gpu=8,mem=900G,n+      0:0 
884213.0                 torchrun  COMPLETED   13:40:58        cpu=64,gres/gpu=8,mem=900G,node=1      0:0 """)
        evals = [
            (5000, "0.7702", "0.8297", "0.7141", "0.5287", "0.6791", "2026-04-15 15:51:12,408"),
            (10000, "0.7755", "0.8344", "0.7198", "0.5104", "0.6836", "2026-04-15 16:59:40,117"),
            (15000, "0.7779", "0.8362", "0.7221", "0.5031", "0.6857", "2026-04-15 18:08:02,963"),
            (20000, "0.7793", "0.8375", "0.7240", "0.4986", "0.6869", "2026-04-15 19:16:29,350"),
            (25000, "0.7802", "0.8384", "0.7252", "0.4957", "0.6877", "2026-04-15 20:24:51,884"),
            (30000, "0.7810", "0.8391", "0.7261", "0.4938", "0.6884", "2026-04-15 21:33:17,220"),
            (35000, "0.7816", "0.8397", "0.7268", "0.4925", "0.6890", "2026-04-15 22:41:40,637"),
            (40000, "0.7821", "0.8401", "0.7275", "0.4916", "0.6894", "2026-04-15 23:50:06,002"),
            (45000, "0.7825", "0.8405", "0.7281", "0.4910", "0.6898", "2026-04-16 00:58:31,719"),
            (50000, "0.7828", "0.8408", "0.7285", "0.4906", "0.6901", "2026-04-16 02:06:55,148"),
            (55000, "0.7830", "0.8410", "0.7288", "0.4903", "0.6903", "2026-04-16 03:15:19,566"),
            (60000, "0.7831", "0.8412", "0.7290", "0.4901", "0.6904", "2026-04-16 04:23:44,091"),
        ]
        t.bash("grep -E 'eval step|saved' logs/slurm-884213.out", "查看各次评估结果", out="\n".join(
            [f"[{ts}][ranker.trainer][INFO] - eval step {s}: auc/click={c} auc/like={lk} auc/finish={f} mae/dwell={m} gauc/click={g}"
             for s, c, lk, f, m, g, ts in evals]
            + [f"[2026-04-16 04:24:02,877][ranker.trainer][INFO] - saved {V5_RUN}/ckpt/last.ckpt"]))
        t.bash("tail -n 12 logs/slurm-884213.out", "查看日志末尾", out=f"""[2026-04-16 04:19:37,660][ranker.trainer][INFO] - step 59300/60000 loss=0.5839 click=0.3008 like=0.0923 finish=0.3885 dwell=0.4137 lr=1.00e-03 19.4 it/s
[2026-04-16 04:19:42,812][ranker.trainer][INFO] - step 59400/60000 loss=0.5792 click=0.2990 like=0.0911 finish=0.3861 dwell=0.4129 lr=1.00e-03 19.4 it/s
[2026-04-16 04:19:47,975][ranker.trainer][INFO] - step 59500/60000 loss=0.5810 click=0.3001 like=0.0917 finish=0.3868 dwell=0.4122 lr=1.00e-03 19.4 it/s
[2026-04-16 04:19:53,101][ranker.trainer][INFO] - step 59600/60000 loss=0.5826 click=0.3011 like=0.0920 finish=0.3872 dwell=0.4131 lr=1.00e-03 19.5 it/s
[2026-04-16 04:19:58,260][ranker.trainer][INFO] - step 59700/60000 loss=0.5801 click=0.2996 like=0.0914 finish=0.3869 dwell=0.4118 lr=1.00e-03 19.4 it/s
[2026-04-16 04:20:03,412][ranker.trainer][INFO] - step 59800/60000 loss=0.5818 click=0.3006 like=0.0919 finish=0.3871 dwell=0.4127 lr=1.00e-03 19.4 it/s
[2026-04-16 04:20:08,566][ranker.trainer][INFO] - step 59900/60000 loss=0.5796 click=0.2993 like=0.0912 finish=0.3866 dwell=0.4121 lr=1.00e-03 19.4 it/s
[2026-04-16 04:20:13,730][ranker.trainer][INFO] - step 60000/60000 loss=0.5807 click=0.3000 like=0.0916 finish=0.3868 dwell=0.4124 lr=1.00e-03 19.4 it/s
[2026-04-16 04:23:44,091][ranker.trainer][INFO] - eval step 60000: auc/click=0.7831 auc/like=0.8412 auc/finish=0.7290 mae/dwell=0.4901 gauc/click=0.6904
[2026-04-16 04:24:02,877][ranker.trainer][INFO] - saved {V5_RUN}/ckpt/last.ckpt
[2026-04-16 04:24:05,113][torch.distributed.elastic.agent.server.api][INFO] - [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.
[2026-04-16 04:24:05,114][torch.distributed.elastic.agent.server.api][INFO] - Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish""")
        t.done(f"""job 884213 已经 **COMPLETED**，8 卡跑了 13 小时 41 分，60000 步，最终评估（也是最好的一次，`best.ckpt` 在 `{V5_RUN}/ckpt/`）：

| 指标 | mmoe_v5 基线 | mmoe_v5_dwell | 差值 |
|---|---|---|---|
| auc/click | 0.7819 | 0.7831 | **+0.0012** |
| auc/like | 0.8405 | 0.8412 | +0.0007 |
| auc/finish | 0.7262 | 0.7290 | **+0.0028** |
| gauc/click | 0.6897 | 0.6904 | +0.0007 |
| mae/dwell | — | 0.4901 | — |

- 三个任务都涨，finish 涨得最多，符合预期：停留时长和完播强相关，辅助任务主要帮到了 finish。
- 曲线平稳，到 60000 步还在缓慢上升（5 万→6 万步 click +0.0003），没有过拟合迹象，加长训练可能还有一点空间。
- 训练速度 19.4 it/s（全局 batch 32768），和基线持平，多一个 tower 没有额外开销。""")

        t = d.task("写个脚本看下 item_id embedding 的 L2 范数分布，按曝光量分桶（<10、10-100、100-1k、1k-10k、>10k），"
                   "看看冷启动 item 是不是都挤在原点附近。用 v5_dwell 的 best ckpt，曝光量在 data/stats/item_exposure_v5.parquet",
                   tags=["mistake:M3"])
        t.write(P("scripts/analyze_item_emb.py"), """\"\"\"item_id embedding 的 L2 范数，按曝光量分桶统计。

python scripts/analyze_item_emb.py --ckpt <best.ckpt> --exposure data/stats/item_exposure_v5.parquet
\"\"\"
import argparse

import numpy as np
import pandas as pd
import torch

BUCKETS = [0, 10, 100, 1_000, 10_000, np.inf]
LABELS = ["<10", "10-100", "100-1k", "1k-10k", ">10k"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--exposure", required=True, help="parquet: item_idx, expose_cnt")
    args = ap.parse_args()

    ckpt = torch.load(args.ckpt, map_location="cpu")
    emb = ckpt["model"]["embeddings.item_id.weight"]
    norms = emb.norm(dim=1).numpy()

    expo = pd.read_parquet(args.exposure)
    df = pd.DataFrame({"item_idx": np.arange(len(norms)), "norm": norms}).merge(expo, on="item_idx", how="left")
    df["expose_cnt"] = df["expose_cnt"].fillna(0)
    df["bucket"] = pd.cut(df["expose_cnt"], BUCKETS, labels=LABELS, right=False)

    stats = df.groupby("bucket", observed=False)["norm"].describe(percentiles=[0.1, 0.5, 0.9])
    print(f"item_id embedding: {emb.shape[0]:,} x {emb.shape[1]}, step {ckpt['step']}")
    print(stats[["count", "mean", "10%", "50%", "90%"]].to_string(float_format=lambda x: f"{x:.4f}"))
    near_zero = (df["norm"] < 0.05).mean()
    print(f"norm < 0.05: {near_zero:.2%} of all items")


if __name__ == "__main__":
    main()
""")
        cmd = (f"python scripts/analyze_item_emb.py --ckpt {V5_RUN}/ckpt/best.ckpt "
               "--exposure data/stats/item_exposure_v5.parquet")
        t.fail(cmd, "分析 item embedding 范数", "\n".join([
            "Traceback (most recent call last):",
            own(d, "scripts/analyze_item_emb.py", "    main()", "<module>"),
            own(d, "scripts/analyze_item_emb.py", "ckpt = torch.load(", "main", 'torch.load(args.ckpt, map_location="cpu")'),
            TORCH_LOAD_FRAME,
            weights_only_error("numpy._core.multiarray.scalar")]))
        t.say("PyTorch 2.6 起 `torch.load` 默认 `weights_only=True`，只允许反序列化张量和基础类型。我们的 ckpt 除了权重还存了 "
              "`metrics`（numpy 标量）和 Hydra 的 `cfg`（DictConfig），所以被拒了。这是我们自己训练产出的文件，来源可信，"
              "显式传 `weights_only=False` 即可。")
        t.edit(P("scripts/analyze_item_emb.py"), '    ckpt = torch.load(args.ckpt, map_location="cpu")',
               '    ckpt = torch.load(args.ckpt, map_location="cpu", weights_only=False)  # 自己训练的 ckpt，含 cfg / numpy 指标')
        d.busy = 70
        t.bash(cmd, "重新分析 item embedding 范数", out="""item_id embedding: 2,401,876 x 32, step 60000
          count   mean    10%    50%    90%
bucket                                     
<10     1123407 0.0712 0.0318 0.0584 0.1297
10-100   684921 0.2381 0.0947 0.2116 0.4170
100-1k   412553 0.6128 0.3871 0.5982 0.8604
1k-10k   151870 0.9876 0.7413 0.9811 1.2402
>10k      29125 1.3519 1.0367 1.3308 1.7025
norm < 0.05: 34.18% of all items""", timeout=300000)
        t.done("""确实挤在原点附近，而且比较严重：

| 曝光量 | item 数 | 范数中位数 | P90 |
|---|---|---|---|
| <10 | 112 万 | 0.058 | 0.130 |
| 10-100 | 68 万 | 0.212 | 0.417 |
| 100-1k | 41 万 | 0.598 | 0.860 |
| 1k-10k | 15 万 | 0.981 | 1.240 |
| >10k | 2.9 万 | 1.331 | 1.703 |

- 范数和曝光量几乎单调相关；曝光 <10 的 item 占了 47%，中位数只有 0.058，**34% 的 item 范数 < 0.05**，基本还停在初始化附近（`nn.Embedding` 默认 N(0,1) 初始化后被 Adagrad + 大量零梯度步慢慢压小，低曝光的行很少被更新）。
- 后果：冷启动 item 的 `item_id` 向量几乎不提供信息，DIN 里拿它当 query 的注意力也接近均匀，这些 item 的打分主要靠 author / category 和 dense 特征。

可以考虑的方向：给低曝光 item 用 author/category embedding 的均值做初始化或做 fallback（曝光 < N 时混合）；或者对 item_id 做 hash 分桶共享、再加一个 item 内容特征 embedding。

脚本在 `scripts/analyze_item_emb.py`。第一次运行被 `torch.load` 的 `weights_only` 默认值拦了（ckpt 里有 numpy 标量和 DictConfig），自己训练的 ckpt 可信，加了 `weights_only=False`。""")

        t = d.task("装一下 einops。另外以后模型代码里 reshape 这类操作统一用 einops 的 rearrange，别再写一长串 view/permute/transpose，"
                   "可读性太差。先把 DinAttention 里那几处改了", tags=["flaky:F1", "pref:P2"])
        retries = "\n".join(
            f"WARNING: Retrying (Retry(total={n}, connect=None, read=None, redirect=None, status=None)) after connection broken "
            "by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.tuna.tsinghua.edu.cn', port=443): Read timed out. "
            "(read timeout=15)\")': /simple/einops/" for n in (4, 3, 2, 1, 0))
        d.busy = 80
        t.fail("pip install einops==0.8.1", "安装 einops", "Looking in indexes: https://pypi.tuna.tsinghua.edu.cn/simple\n"
               + retries + "\nERROR: Could not find a version that satisfies the requirement einops==0.8.1 (from versions: none)\n"
               "ERROR: No matching distribution found for einops==0.8.1")
        t.say("清华镜像读超时，是网络抖动，原样再试一次。")
        t.bash("pip install einops==0.8.1", "安装 einops", out="""Looking in indexes: https://pypi.tuna.tsinghua.edu.cn/simple
Collecting einops==0.8.1
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/87/62/9773de14fe6c45c23649e98b83231fffd7b9892b6cf863251dc2afa73643/einops-0.8.1-py3-none-any.whl (64 kB)
Installing collected packages: einops
Successfully installed einops-0.8.1""")
        t.read(P("src/ranker/models/layers.py"))
        t.edit(P("src/ranker/models/layers.py"), """import torch
from torch import nn
""", """import torch
from einops import einsum, rearrange, repeat
from torch import nn
""")
        t.edit(P("src/ranker/models/layers.py"), """        # target (B, D), seq (B, L, D), mask (B, L)
        B, L, D = seq.shape
        t = target.unsqueeze(1).expand(B, L, D)
        feats = torch.cat([t, seq, t - seq, t * seq], dim=-1)                    # (B, L, 4D)
        scores = self.mlp(feats.view(B * L, 4 * D)).view(B, L)                     # (B, L)
        scores = scores.masked_fill(~mask, float("-inf"))
        weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)                    # 全 padding 的行 -> 0
        return torch.bmm(weights.unsqueeze(1), seq).squeeze(1)                     # (B, D)""", """        # target (B, D), seq (B, L, D), mask (B, L)
        t = repeat(target, "b d -> b l d", l=seq.shape[1])
        feats = torch.cat([t, seq, t - seq, t * seq], dim=-1)                    # (B, L, 4D)
        scores = rearrange(self.mlp(feats), "b l 1 -> b l")
        scores = scores.masked_fill(~mask, float("-inf"))
        weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)                    # 全 padding 的行 -> 0
        return einsum(weights, seq, "b l, b l d -> b d")""")
        t.read(P("pyproject.toml"), offset=6, limit=14)
        t.edit(P("pyproject.toml"), """    "torch>=2.8",
    "hydra-core>=1.3",""", """    "torch>=2.8",
    "einops>=0.8",
    "hydra-core>=1.3",""")
        t.bash("python -m pytest tests/test_mmoe.py -q", "运行模型单测",
               out="...                                                                      [100%]\n3 passed in 3.92s")
        t.done("""einops 0.8.1 装好了（第一次清华镜像读超时，重试成功），`pyproject.toml` 的依赖里也加了 `einops>=0.8`。

`DinAttention.forward` 改成了 einops 写法：
- `target.unsqueeze(1).expand(B, L, D)` → `repeat(target, "b d -> b l d", l=L)`
- `mlp(feats.view(B*L, 4D)).view(B, L)` → `rearrange(self.mlp(feats), "b l 1 -> b l")`（Linear 本来就能作用在最后一维，不需要先摊平）
- `torch.bmm(weights.unsqueeze(1), seq).squeeze(1)` → `einsum(weights, seq, "b l, b l d -> b d")`

`B, L, D = seq.shape` 那行也不需要了。`tests/test_mmoe.py` 3 个全过（含全 padding 序列池化为 0 的用例）。以后模型代码里的变形都按这个写。""")

        t = d.task("dwell 这个分支可以提 MR 了，pre-commit 过一遍，提交推上去开 MR 到 main", tags=["noise"])
        d.busy = 35
        t.bash("pre-commit run --all-files", "运行 pre-commit 全量检查", out="""ruff.....................................................................Passed
ruff-format..............................................................Passed
mypy.....................................................................Passed
check yaml...............................................................Passed
check for added large files..............................................Passed
trim trailing whitespace.................................................Passed
fix end of files.........................................................Passed""", timeout=300000)
        t.bash("git add -A && git status --short", "暂存改动", out="""A  configs/experiment/mmoe_v5_dwell.yaml
M  configs/data/samples.yaml
M  configs/model/mmoe.yaml
M  pyproject.toml
A  scripts/analyze_item_emb.py
M  src/ranker/losses.py
M  src/ranker/metrics.py
M  src/ranker/models/layers.py
M  src/ranker/trainer.py
A  tests/test_metrics.py
M  tests/test_losses.py""")
        h = hx(7)
        t.bash('git commit -m "feat(loss): 停留时长辅助任务（log1p + huber，权重 warmup）" '
               '-m "- dwell_s 回归 tower，权重/warmup/huber delta 走配置\n- metrics: 回归任务算 mae\n'
               '- DinAttention 改用 einops\n- scripts/analyze_item_emb.py"', "提交",
               out=f"""[feat/aux-dwell {h}] feat(loss): 停留时长辅助任务（log1p + huber，权重 warmup）
 11 files changed, 173 insertions(+), 21 deletions(-)
 create mode 100644 configs/experiment/mmoe_v5_dwell.yaml
 create mode 100644 scripts/analyze_item_emb.py
 create mode 100644 tests/test_metrics.py""")
        t.bash("git push -u origin feat/aux-dwell", "推送分支", err=git_push_new("feat/aux-dwell", 31, "7.62 KiB"))
        t.bash('glab mr create --target-branch main --title "feat(loss): 停留时长辅助任务" --description '
               '"- 新增 dwell 回归任务：log1p(dwell_s) + huber，权重 0.1，前 5000 步 warmup，参数都在 configs/model/mmoe.yaml\n'
               '- mmoe_v5_dwell（job 884213）vs mmoe_v5：click +0.0012、finish +0.0028、gauc +0.0007\n'
               '- 测试：tests/test_losses.py、tests/test_metrics.py" --yes', "创建 MR", out=f"""
Creating merge request for feat/aux-dwell into main in rec/feed-ranker

!48 feat(loss): 停留时长辅助任务 (feat/aux-dwell)
 {GL}/-/merge_requests/48
""")
        t.done(f"""pre-commit 全部通过，已提交 `{h}` 并推送，MR !48：{GL}/-/merge_requests/48

MR 描述写了三点：改了什么（dwell 任务及配置位置）、实验结果（job 884213 对比基线）、测试。""")

    # ================================================================== S4  (Tue 04-21, 15:10) -- ends with reason "other"
    with d.session("2026-04-21T07:10:00", R, branch="main", version="2.1.49", end_reason="other"):
        t = d.task("v6 样本（04-13 ~ 04-19）这周轮到我出。build_samples 生成完 dvc add、push，.dvc 文件提交推到 main",
                   tags=["workflow:W3", "long_output"])
        t.bash("git pull --ff-only", "先同步 main", out="""Updating 9e41c7a..41d7e20
Fast-forward
 configs/data/samples.yaml             |  2 +-
 configs/experiment/mmoe_v5_dwell.yaml |  7 +++++
 configs/model/mmoe.yaml               |  6 ++++
 pyproject.toml                        |  1 +
 scripts/analyze_item_emb.py           | 43 ++++++++++++++++++++++++++
 src/ranker/losses.py                  | 24 +++++++++++----
 src/ranker/metrics.py                 |  9 ++++--
 src/ranker/models/layers.py           | 13 ++++----
 src/ranker/trainer.py                 |  2 +-
 tests/test_losses.py                  | 14 +++++++++
 tests/test_metrics.py                 | 31 +++++++++++++++++++
 11 files changed, 138 insertions(+), 14 deletions(-)
 create mode 100644 configs/experiment/mmoe_v5_dwell.yaml
 create mode 100644 scripts/analyze_item_emb.py
 create mode 100644 tests/test_metrics.py""")
        lc = LogClock(d, 8)
        days = [("2026-04-13", "38,211,904", "1,522,087", "118,406", "9,804,233"),
                ("2026-04-14", "37,640,118", "1,498,531", "116,920", "9,655,012"),
                ("2026-04-15", "37,912,457", "1,507,664", "117,305", "9,731,448"),
                ("2026-04-16", "38,004,981", "1,514,270", "118,011", "9,760,907"),
                ("2026-04-17", "39,125,603", "1,561,838", "121,774", "10,041,336"),
                ("2026-04-18", "43,870,225", "1,771,046", "139,502", "11,285,910"),
                ("2026-04-19", "44,512,390", "1,802,517", "141,883", "11,446,075")]
        lines = [f"{lc()} INFO build_samples: version=v6 range=2026-04-13..2026-04-19 workers=32 out=data/processed/samples_v6",
                 f"{lc(0.8)} INFO reading exposures from /mnt/warehouse/rec/dwd_feed_expose_di (7 partitions)"]
        for i, (dt, ex, ck, lk, fn) in enumerate(days):
            lines.append(f"{lc(21.3 + i)} INFO   dt={dt} expose={ex} click={ck} like={lk} finish={fn}")
        lines += [f"{lc(0.1)} INFO join user/item/author features (snapshot dt=2026-04-19)",
                  f"{lc(146.2)} INFO negative downsampling: rate=0.15, keep all positives, seed=20260419",
                  f"{lc(47.7)} INFO click_seq_50 from dwd_feed_click_di (lookback 30d)",
                  f"{lc(156.4)} INFO vocab: user_id=3,041,772 item_id=2,512,390 author_id=183,044 category_id=512 city_id=400 device_type=8 hour=24",
                  f"{lc(0.2)} INFO split: train=2026-04-13..2026-04-18 valid=2026-04-19",
                  f"{lc(72.4)} INFO wrote 96 train shards (42,306,975 rows) + 8 valid shards (7,102,448 rows)",
                  f"{lc(0.2)} INFO label stats (train): click=0.2131 like=0.0166 finish=0.4011 dwell_s p50=11.0 p99=412.0",
                  f"{lc(0.1)} INFO wrote data/processed/samples_v6/_manifest.json"]
        d.busy = 590
        t.bash("python -m ranker.data.build_samples --start 2026-04-13 --end 2026-04-19 --version v6 --workers 32",
               "生成 v6 样本", out="\n".join(lines), timeout=600000)
        d.busy = 140
        t.bash("dvc add data/processed/samples_v6", "用 DVC 跟踪 v6 样本", out=dvc_add("data/processed/samples_v6"),
               timeout=600000)
        h = v6_hash = hx(7)
        t.bash('git add data/processed/samples_v6.dvc data/processed/.gitignore && git commit -m "data: samples_v6 (0413-0419)"',
               "提交 dvc 指针文件", out=f"""[main {h}] data: samples_v6 (0413-0419)
 2 files changed, 6 insertions(+)
 create mode 100644 data/processed/samples_v6.dvc""")
        d.busy = 260
        t.bash("dvc push data/processed/samples_v6.dvc", "推送 v6 数据到 DVC remote", out="105 files pushed", timeout=600000)
        t.bash("git push origin main", "推送到 main", err=f"""Enumerating objects: 8, done.
Counting objects: 100% (8/8), done.
Delta compression using up to 128 threads
Compressing objects: 100% (4/4), done.
Writing objects: 100% (5/5), 612 bytes | 612.00 KiB/s, done.
Total 5 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
   41d7e20..{h}  main -> main""")
        t.done(f"""v6 样本出好了：

- `build_samples` 用时约 9 分 40 秒：train 6 天 42,306,975 行（96 个分片），valid 04-19 一天 7,102,448 行（8 个分片），负样本按 0.15 降采样、正样本全保留。
- 周末（04-18~19）曝光明显上涨（4,400 万/天左右，工作日约 3,800 万），点击率基本持平。
- `dvc add` → 提交 `{h} data: samples_v6 (0413-0419)`（`samples_v6.dvc` + `.gitignore`）→ `dvc push` 105 个文件 → 已推到 main。""")

        t = d.task("加两个连续特征：作者粉丝数（log1p）和视频发布到曝光的小时数（也 log1p）。v6 样本里有 author_fans、publish_ts、req_ts 这几列，"
                   "直接在 datamodule 里算，先别动 build_samples。开个分支做", tags=["oneoff:O1"])
        t.bash("git switch -c feat/dense-feats", "新建分支", err="Switched to a new branch 'feat/dense-feats'")
        t.read(P("src/ranker/data/datamodule.py"))
        t.edit(P("src/ranker/data/datamodule.py"), """log = logging.getLogger(__name__)

""", """log = logging.getLogger(__name__)

# 在 datamodule 里由原始列现算的 dense 特征（build_samples 里还没有）
DERIVED_DENSE = {
    "author_fans_log": lambda c: np.log1p(c.column("author_fans").to_numpy()),
    "hours_since_publish_log": lambda c: np.log1p(
        np.maximum(c.column("req_ts").to_numpy() - c.column("publish_ts").to_numpy(), 0) / 3600
    ),
}

""")
        t.edit(P("src/ranker/data/datamodule.py"),
               """            dense = np.stack([chunk.column(name).to_numpy() for name in self.cfg.dense_features], axis=1)""",
               """            cols = [DERIVED_DENSE[name](chunk) if name in DERIVED_DENSE else chunk.column(name).to_numpy()
                    for name in self.cfg.dense_features]
            dense = np.stack(cols, axis=1)""")
        t.read(P("configs/data/samples.yaml"))
        t.edit(P("configs/data/samples.yaml"),
               "dense_features: [user_ctr_7d, item_ctr_7d, item_duration_s, user_active_days_30d]",
               "dense_features: [user_ctr_7d, item_ctr_7d, item_duration_s, user_active_days_30d, author_fans_log,\n"
               "                 hours_since_publish_log]")
        cmd = "python -m pytest tests/test_datamodule.py tests/test_mmoe.py -q"
        t.fail(cmd, "运行 datamodule 和模型单测", f""".....F.                                                                  [100%]
=================================== FAILURES ===================================
________________________ test_forward_on_fixture_batch _________________________

tiny_batch = {{'author_id': tensor([ 1022,  4417,    93,  ...,   612,  2870, 17731]), 'category_id': tensor([ 17,   3, 211,  ...,  40,   3,  88]), ...}}
model_cfg = {{'embed_dim': 32, 'num_experts': 6, 'expert_hidden': [512, 256], 'tower_hidden': [128, 64], 'dropout': 0.1, 'tasks': {{'click': {{...}}, ...}}}}
data_cfg = {{'version': 'v4', 'root': 'data/processed/samples_${{data.version}}', 'batch_size': 64, 'num_workers': 8, ...}}

    def test_forward_on_fixture_batch(tiny_batch, model_cfg, data_cfg):
        model = MMoE(VOCAB, len(data_cfg.dense_features), **model_cfg)
>       out = model(tiny_batch)
              ^^^^^^^^^^^^^^^^^

tests/test_mmoe.py:{ln(d, P("tests/test_mmoe.py"), "out = model(tiny_batch)")}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
../../miniforge3/envs/ranker/lib/python3.11/site-packages/torch/nn/modules/module.py:1773: in _wrapped_call_impl
    return self._call_impl(*args, **kwargs)
../../miniforge3/envs/ranker/lib/python3.11/site-packages/torch/nn/modules/module.py:1784: in _call_impl
    return forward_call(*args, **kwargs)
src/ranker/models/mmoe.py:{ln(d, P("src/ranker/models/mmoe.py"), "x = torch.cat(emb + [self.dense_proj")}: in forward
    {line_of(d, P("src/ranker/models/mmoe.py"), "x = torch.cat(emb + [self.dense_proj").strip()}
../../miniforge3/envs/ranker/lib/python3.11/site-packages/torch/nn/modules/module.py:1773: in _wrapped_call_impl
    return self._call_impl(*args, **kwargs)
../../miniforge3/envs/ranker/lib/python3.11/site-packages/torch/nn/modules/module.py:1784: in _call_impl
    return forward_call(*args, **kwargs)
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = Linear(in_features=6, out_features=32, bias=True)
input = tensor([[3.1200e-02, 4.4810e-02, 1.8300e+01, 2.1000e+01, 9.8713e+00, 2.1972e+00],
        [1.0240e-02, 2.9930e-02, 4.2000e+01, ...e+01, 1.2062e+01, 3.4012e+00]],
       dtype=torch.float64)

    def forward(self, input: Tensor) -> Tensor:
>       return F.linear(input, self.weight, self.bias)
E       RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float

../../miniforge3/envs/ranker/lib/python3.11/site-packages/torch/nn/modules/linear.py:125: RuntimeError
=========================== short test summary info ============================
{pytest_summary("FAILED", "tests/test_mmoe.py::test_forward_on_fixture_batch", "RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float")}
1 failed, 6 passed in 5.06s""")
        t.say("`np.log1p` 作用在 int64 的 `author_fans` 上得到的是 float64，和原来 float32 的列一起 `np.stack` 后整张 dense 矩阵被提升成了 "
              "float64，而 `dense_proj` 的权重是 float32。在 stack 之后统一转成 float32。")
        t.edit(P("src/ranker/data/datamodule.py"), "            dense = np.stack(cols, axis=1)",
               "            dense = np.stack(cols, axis=1).astype(np.float32)  # 派生列是 float64，统一成 float32")
        t.bash(cmd, "重新运行单测", out=".......                                                                  [100%]\n7 passed in 4.71s")
        t.done("""两个特征加好了（分支 `feat/dense-feats`）：

- `datamodule.py` 新增 `DERIVED_DENSE`：`author_fans_log = log1p(author_fans)`，`hours_since_publish_log = log1p(max(req_ts - publish_ts, 0) / 3600)`（负值截到 0，防止时钟不一致的脏数据）。
- `configs/data/samples.yaml` 的 `dense_features` 里追加这两个名字；模型的 `dense_proj` 输入维度按 `len(dense_features)` 取，自动变成 6，不用改模型。
- 单测第一次挂在 `mat1 and mat2 must have the same dtype, but got Double and Float`：派生列是 float64，把整个 dense 矩阵带成了 float64。`np.stack(...)` 之后加 `.astype(np.float32)`，7 个测试全过。

注意：旧的 ckpt（v5 / v5_dwell）dense 输入是 4 维，用新配置加载会形状不匹配，评估老模型时要用它自己 ckpt 里的 cfg。""")

        t = d.task("v5_dwell 效果不错，想看看大 batch 能不能更快收敛：4 节点 32 卡，global batch 拉到 128k，lr 线性放大到 4e-3，"
                   "warmup 也相应拉长，提一个试试", tags=["unfixed:U1"])
        t.fail("sbatch --nodes=4 scripts/slurm/train.sbatch experiment=mmoe_v5_dwell trainer.lr=4e-3 trainer.warmup_steps=8000 "
               "trainer.max_steps=15000", "提交 4 节点 32 卡实验", """sbatch: error: QOSMaxGRESPerUser
sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)""")
        t.bash("sacctmgr -n show assoc user=linxiaowen format=Account%12,Partition%10,QOS%24",
               "查看自己的账户和 QOS", out="    rec-algo                         rec-normal ")
        t.bash("sacctmgr show qos format=Name%12,MaxTRESPU%24,MaxWall,MaxSubmitPU,Flags%24", "查看各 QOS 的限制",
               out="""        Name                MaxTRESPU     MaxWall MaxSubmitPU                    Flags 
------------ ------------------------ ----------- ----------- ------------------------ 
      normal               gres/gpu=8  1-00:00:00          10              DenyOnLimit 
  rec-normal              gres/gpu=16  3-00:00:00          20              DenyOnLimit 
   rec-large              gres/gpu=64  3-00:00:00           4              DenyOnLimit 
         dev               gres/gpu=4    04:00:00           2              DenyOnLimit """)
        t.done("""提交不了，没有改任何东西：

- 报错 `QOSMaxGRESPerUser`：你的账户 `rec-algo` 只关联了 QOS `rec-normal`，它限制**每个用户同时最多 16 张卡**（`MaxTRESPU gres/gpu=16`，且 `DenyOnLimit`，超限直接拒绝提交）。4 节点 × 8 卡 = 32 卡超了。
- 集群上有 `rec-large`（每用户 64 卡），但你的账户没有关联它，需要集群管理员给 `rec-algo` 或你个人加上这个 QOS。

可选的做法：
1. 找管理员申请 `rec-large`（临时的也行），拿到后加 `--qos=rec-large` 重新提交；
2. 先用 2 节点 16 卡跑，每卡 batch 从 4096 提到 8192（A800 显存足够），global batch 同样是 128k，lr 4e-3 / warmup 8000 不变——只是单步更慢，能先验证大 batch 对收敛的影响。

你定一下走哪个。""")

        t = d.task("Triton 的 dynamic batching 里 max_queue_delay_microseconds 和 preferred_batch_size 怎么配比较合理？"
                   "看下官方文档，再对照一下我们 config.pbtxt 现在的配置", tags=["noise", "webfetch"])
        t.webfetch("https://docs.nvidia.com/deeplearning/triton-inference-server/user-guide/docs/user_guide/batcher.html",
                   "dynamic batcher 的 max_queue_delay_microseconds、preferred_batch_size 是什么意思，官方推荐怎么调",
                   """Dynamic Batcher 要点：

- Dynamic batching 把多个独立请求在服务端合成一个 batch 来提高吞吐。在 model config 里加 `dynamic_batching { }` 即可开启。
- **preferred_batch_size**：希望 batcher 组出的 batch 大小。文档明确说大多数模型**不应该**设置它，只有当某些 batch size 性能明显更好时（例如 TensorRT 为特定 batch 做了 profile）才设置；不设置时 batcher 会在不超过 max_batch_size 和延迟约束的前提下尽量组大 batch。
- **max_queue_delay_microseconds**：请求为了等待组 batch 最多在调度器里排队多久。如果在这段时间内组不到 preferred/最大的 batch，就按当前能组成的最大 batch 执行。它直接增加尾延迟，要在延迟预算内设置。
- 推荐调参流程（Recommended Configuration Process）：
  1. 先确定模型的 max_batch_size；
  2. 开启默认的 dynamic_batching {}（delay=0），用 Performance Analyzer / Model Analyzer 在不同并发下测延迟和吞吐；
  3. 如果吞吐不够，再逐步增大 max_queue_delay_microseconds，观察延迟预算内的吞吐变化；
  4. 大多数情况下不要设置 preferred_batch_size。
- 其他相关选项：`preserve_ordering`、`priority_levels`、`default_queue_policy`（如 `max_queue_size`、`default_timeout_microseconds`）可用于控制排队行为和超时拒绝。""")
        t.read(P("serving/model_repository/feed_ranker/config.pbtxt"))
        t.done("""对照文档看我们的配置：

```
max_batch_size: 1024
dynamic_batching {
  max_queue_delay_microseconds: 5000
}
```

1. **preferred_batch_size 不用配**。文档的建议是大多数模型不要设，只有 TensorRT 那种为特定 batch 做了 profile 的才需要。我们是 libtorch 后端，没有这种「某个 batch 特别快」的情况，不设就会在 `max_batch_size` 以内尽量攒大。
2. **5000µs 偏大**。这 5ms 会直接加到尾延迟上。精排一次请求一般是 1 个用户 × 几百个候选，单个请求本身就已经是一个不小的 batch，等别的请求拼单的收益有限。建议按文档流程来：先设成 0（或 500～1000µs），用 perf_analyzer 在线上常见并发（比如 8/16/32）下测 p99 和吞吐，只有吞吐不够时再逐步加大。
3. 可以顺便加上 `default_queue_policy { max_queue_size: ... default_timeout_microseconds: ... }`，高峰时排队太久的请求直接拒掉，让上游走兜底，而不是把整体延迟拖高。

这次我没改配置。下次发版本压测的时候，可以把 delay 分别设成 0 / 1000 / 5000 各压一轮再定。""")

    # ================================================================== S5  (Thu 04-23, 10:00)
    with d.session("2026-04-23T02:00:00", R, branch="feat/hard-negatives", version="2.1.50"):
        t = d.task("把 mmoe_v5_dwell 的 best ckpt 导成 TorchScript，作为 feed_ranker 的版本 7 放进 model_repository，"
                   "本地起 Triton 验证一下，顺便用 perf_analyzer 压一把", tags=["workflow:W2", "long_output"])
        d.busy = 70
        t.bash(f"python scripts/export_torchscript.py --ckpt {V5_RUN}/ckpt/best.ckpt --out serving/model_repository/feed_ranker/7/model.pt",
               "导出 TorchScript", out=f"""loaded {V5_RUN}/ckpt/best.ckpt (step 60000, experiment=mmoe_v5_dwell)
tasks: click, like, finish, dwell -> scores__0[:, 0:4] (binary: sigmoid, dwell: expm1)
inputs: sparse__0 int64 [B, 7], dense__1 float32 [B, 4], seq__2 int64 [B, 50]
tracing with an example batch of 256 ... ok
checking 3 random batches against eager ... ok
saved serving/model_repository/feed_ranker/7/model.pt (735.4 MB)""", timeout=300000)
        d.busy = 40
        t.bash(f"python scripts/check_parity.py --ckpt {V5_RUN}/ckpt/best.ckpt --ts serving/model_repository/feed_ranker/7/model.pt --n 20000",
               "eager 和 TorchScript 输出一致性检查", out="""eager vs torchscript on 20000 rows from samples_v5/valid (device=cpu)
  click   max|diff|=2.38e-07  mean|diff|=1.9e-08
  like    max|diff|=1.79e-07  mean|diff|=1.1e-08
  finish  max|diff|=2.98e-07  mean|diff|=2.4e-08
  dwell   max|diff|=9.54e-06  mean|diff|=7.7e-07
PASS (atol=1e-4)""", timeout=300000)
        cid = hx(64)
        t.bash(f"docker run -d --rm --name triton-fr --gpus '\"device=7\"' --shm-size=1g -p 8000:8000 -p 8001:8001 -p 8002:8002 "
               f"-v $PWD/serving/model_repository:/models {TRITON} tritonserver --model-repository=/models "
               "--model-control-mode=explicit --load-model=feed_ranker", "本地启动 Triton（7 号卡）", out=cid)
        lc = LogClock(d, -8 * 3600 + 12)
        d.busy = 22
        t.bash("sleep 20 && docker logs triton-fr 2>&1 | tail -n 48", "查看 Triton 启动日志", out=triton_logs(lc, 7, cid))
        t.bash('curl -s -o /dev/null -w "%{http_code}\\n" localhost:8000/v2/models/feed_ranker/versions/7/ready',
               "检查版本 7 是否 ready", out="200")
        d.busy = 35
        t.bash("docker run --rm --net=host -v $PWD/serving/perf:/perf nvcr.io/nvidia/tritonserver:25.03-py3-sdk "
               "perf_analyzer -m feed_ranker -x 7 -i grpc -u localhost:8001 --input-data /perf/sample_request.json "
               "-b 1 --concurrency-range 8", "perf_analyzer 压测（并发 8）",
               out=perf_out(7, 8, "2290.4", 3489, 412, 3410, 3952, 4188, 4903, 1206, 1311, 41229), timeout=300000)
        t.bash("docker stop triton-fr", "停掉本地 Triton", out="triton-fr")
        t.done(f"""版本 7 验证完毕：

1. **导出**：`{V5_RUN}/ckpt/best.ckpt`（step 60000）→ `serving/model_repository/feed_ranker/7/model.pt`（735 MB），输出 `scores__0` 四列依次是 click / like / finish（sigmoid）和 dwell（expm1 还原成秒）。
2. **一致性**：20000 行 valid 上 eager vs TorchScript，三个概率最大差 3e-7，dwell 最大差 9.5e-6，PASS。
3. **Triton**：`{TRITON}` 在 7 号卡上起来，`feed_ranker` 版本 7 `READY`，`/v2/models/feed_ranker/versions/7/ready` 返回 200。
4. **压测**（gRPC，batch 1，并发 8，每个请求 1 个样本）：吞吐 **2290 infer/s**，平均延迟 3.49 ms，p99 4.90 ms。服务端 compute infer 1.31 ms，**排队 1.21 ms**——也就是上次说的 `max_queue_delay_microseconds: 5000` 在低并发下确实贡献了相当一部分延迟。

容器已停。`model.pt` 是 git LFS 之外的大文件，没有提交，发线上还是按原流程从 MinIO 同步。""")

        t = d.task("立伟的 hard negative sampler 合进 main 了，rebase 一下，把他那几个测试跑一下，下午我要在这个基础上接训练",
                   tags=["mistake:M1"])
        t.bash("git fetch origin && git rebase origin/main", "拉取并 rebase 到最新 main", err=f"""From gitlab.xinghe-inc.com:rec/feed-ranker
   {v6_hash}..e07b3d2  main       -> origin/main
Successfully rebased and updated refs/heads/feat/hard-negatives.""")
        t.bash("git log --oneline -4 origin/main", "查看 main 最近提交", out=f"""e07b3d2 (origin/main, origin/HEAD) test: hard negative sampler 单测 + mini fixture（dvc）
8f3a1c9 feat(sampling): in-batch hard negative 挖掘
6c20d94 Merge branch 'feat/dense-feats' into 'main'
{v6_hash} data: samples_v6 (0413-0419)""")
        cmd = "python -m pytest tests/test_hard_negatives.py -q --tb=short"
        blocks = []
        for name in ["test_negatives_exclude_clicked_items", "test_never_picks_itself", "test_k_is_capped_by_candidates",
                     "test_hardest_first"]:
            title = f" ERROR at setup of {name} "
            blocks.append(f"{title:_^80}\n" + """tests/test_hard_negatives.py:12: in mini_batch
    df = pd.read_parquet("data/fixtures/hardneg_mini.parquet")
../../miniforge3/envs/ranker/lib/python3.11/site-packages/pandas/io/parquet.py:669: in read_parquet
    return impl.read(
../../miniforge3/envs/ranker/lib/python3.11/site-packages/pandas/io/parquet.py:258: in read
    path_or_handle, handles, filesystem = _get_path_or_handle(
../../miniforge3/envs/ranker/lib/python3.11/site-packages/pandas/io/parquet.py:141: in _get_path_or_handle
    handles = get_handle(
../../miniforge3/envs/ranker/lib/python3.11/site-packages/pandas/io/common.py:882: in get_handle
    handle = open(handle, ioargs.mode)
E   FileNotFoundError: [Errno 2] No such file or directory: 'data/fixtures/hardneg_mini.parquet'""")
        summary = "\n".join(pytest_summary("ERROR", f"tests/test_hard_negatives.py::{n}",
                                           "FileNotFoundError: [Errno 2] No such file or directory: 'data/fixtures/hardneg_mini.parquet'")
                            for n in ["test_negatives_exclude_clicked_items", "test_never_picks_itself",
                                      "test_k_is_capped_by_candidates", "test_hardest_first"])
        t.fail(cmd, "运行 hard negative 单测",
               "EEEE                                                                     [100%]\n"
               "==================================== ERRORS ====================================\n"
               + "\n".join(blocks) +
               "\n=========================== short test summary info ============================\n"
               + summary + "\n4 errors in 1.92s")
        t.say("4 个用例都在 fixture 里挂了：`data/fixtures/hardneg_mini.parquet` 本地不存在。看提交信息这个 fixture 是用 dvc 加的，git 里应该只有指针。")
        t.bash("ls data/fixtures/ && cat data/fixtures/hardneg_mini.parquet.dvc", "查看 fixture 目录和 dvc 指针", out="""hardneg_mini.parquet.dvc
outs:
- md5: c4e81f09a7b2d35e6f10c98a2b4d7e53
  size: 4718233
  hash: md5
  path: hardneg_mini.parquet""")
        t.bash("dvc pull data/fixtures/hardneg_mini.parquet.dvc", "拉取测试 fixture",
               out="A       data/fixtures/hardneg_mini.parquet\n1 file added")
        t.bash(cmd, "重新运行 hard negative 单测",
               out="....                                                                     [100%]\n4 passed in 2.07s")
        t.done("""rebase 完成，当前分支在 `e07b3d2` 之上。立伟的 4 个测试全部通过。

第一次跑全是 setup ERROR，原因是 `FileNotFoundError: 'data/fixtures/hardneg_mini.parquet'`：这个 fixture 是用 DVC 管的（仓库里只有 `hardneg_mini.parquet.dvc`），`dvc pull data/fixtures/hardneg_mini.parquet.dvc` 拉下来（4.7 MB）后就正常了。

`src/ranker/sampling/hard_negatives.py` 只有一个 `mine_in_batch(user_vec, item_vec, clicked, k)`：在 batch 内把被点击的 item 和自己那一行 mask 掉，按相似度取 top-k 当负样本，返回下标 `(B, k)`，整个函数在 `no_grad` 下。下午接训练可以直接用它。""")

        d.precompact("""Analysis: 林晓雯在 feed-ranker（首页推荐流精排，PyTorch 2.8 + Hydra 1.3，MMoE 多任务 click/like/finish + dwell 辅助回归任务，DVC 管理每周样本，Slurm a800/dev 分区，gpu-dev-03 共享 8 卡 A800，TorchScript + Triton 部署，MLflow）的 feat/hard-negatives 分支上工作。
Summary:
1. mmoe_v5_dwell 的 best ckpt（outputs/2026-04-15/14-52-33/ckpt/best.ckpt，step 60000）导出为 TorchScript，放到 serving/model_repository/feed_ranker/7/model.pt；check_parity 20000 行 PASS；本地 Triton（7 号卡）版本 7 READY，perf_analyzer 并发 8：2290 infer/s、p99 4.90ms，排队 1.21ms。容器已停。
2. rebase 到 origin/main（e07b3d2，立伟的 in-batch hard negative：src/ranker/sampling/hard_negatives.py 的 mine_in_batch(user_vec, item_vec, clicked, k)）。tests/test_hard_negatives.py 第一次因 data/fixtures/hardneg_mini.parquet 不在本地全部 ERROR，dvc pull data/fixtures/hardneg_mini.parquet.dvc 后 4 个测试通过。
用户偏好：超参数不要写死在代码里，放 Hydra 配置；模型代码里的变形用 einops（rearrange/repeat/einsum），不要 view/permute。""")

        t = d.task("接着把 in-batch hard negative 接进训练：click tower 的隐层表示过一个投影当 user 向量，和 batch 内曝光未点击的 item 做 "
                   "sampled softmax，加到总 loss 里，从 start_step 开始生效。温度、负样本数、权重、start_step 这些还是老规矩，"
                   "别硬编码，全部走 configs 下面的 yaml，命令行能 override。", tags=["pref:P1", "noise"])
        t.read(P("src/ranker/sampling/hard_negatives.py"))
        t.read(P("src/ranker/models/mmoe.py"))
        t.edit(P("src/ranker/models/mmoe.py"), """                 expert_hidden: list[int], tower_hidden: list[int], dropout: float, tasks: dict):""",
               """                 expert_hidden: list[int], tower_hidden: list[int], dropout: float, tasks: dict,
                 hardneg: dict | None = None):""")
        t.edit(P("src/ranker/models/mmoe.py"), """            {t: MLP(expert_hidden[-1], tower_hidden + [1], dropout, last_act=False) for t in self.task_names}
        )
""", """            {t: MLP(expert_hidden[-1], tower_hidden + [1], dropout, last_act=False) for t in self.task_names}
        )
        # hard negative：click 塔的隐层表示投影到 embedding 空间，当作 user 向量
        self.hn_proj = nn.Linear(expert_hidden[-1], embed_dim) if hardneg and hardneg["enabled"] else None
""")
        t.edit(P("src/ranker/models/mmoe.py"), """    def forward(self, batch: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:""",
               """    def forward(self, batch: dict[str, torch.Tensor], with_hardneg: bool = False) -> dict[str, torch.Tensor]:""")
        t.edit(P("src/ranker/models/mmoe.py"), """            w = torch.softmax(self.gates[t](x), dim=-1).unsqueeze(-1)                   # (B, E, 1)
            logits[t] = self.towers[t]((w * expert_out).sum(dim=1)).squeeze(-1)        # (B,)
        return logits""", """            w = torch.softmax(self.gates[t](x), dim=-1).unsqueeze(-1)                   # (B, E, 1)
            h = (w * expert_out).sum(dim=1)                                             # (B, H)
            logits[t] = self.towers[t](h).squeeze(-1)                                   # (B,)
            if t == "click" and with_hardneg:
                logits["hn_user"] = self.hn_proj(h)                                     # (B, D)
                logits["hn_item"] = target                                              # (B, D)
        return logits""")
        t.read(P("src/ranker/losses.py"))
        t.edit(P("src/ranker/losses.py"), """import torch
import torch.nn.functional as F
from omegaconf import DictConfig
""", """import torch
import torch.nn.functional as F
from einops import einsum, rearrange
from omegaconf import DictConfig

from ranker.sampling.hard_negatives import mine_in_batch
""")
        t.edit(P("src/ranker/losses.py"), """    def __init__(self, tasks: DictConfig):
        self.tasks = tasks
""", """    def __init__(self, tasks: DictConfig, hardneg: DictConfig | None = None):
        self.tasks = tasks
        self.hardneg = hardneg if hardneg is not None and hardneg.enabled else None
""")
        t.edit(P("src/ranker/losses.py"), """            total = total + self.task_weight(spec, step) * loss
        out["loss"] = total
        return out""", """            total = total + self.task_weight(spec, step) * loss
        if "hn_user" in logits:
            hn = self.hardneg_loss(logits["hn_user"], logits["hn_item"], batch["click"])
            out["hardneg"] = hn.detach()
            total = total + self.hardneg.weight * hn
        out["loss"] = total
        return out

    def hardneg_loss(self, user: torch.Tensor, item: torch.Tensor, clicked: torch.Tensor) -> torch.Tensor:
        \"\"\"点击样本上的 sampled softmax：正样本是本行的 item，负样本是 batch 内挖出的 hard negative。\"\"\"
        user = F.normalize(user.float(), dim=-1)
        item = F.normalize(item.float(), dim=-1)
        neg_idx = mine_in_batch(user, item, clicked, self.hardneg.num_negatives)          # (B, k)
        pos = rearrange(einsum(user, item, "b d, b d -> b"), "b -> b 1")                   # (B, 1)
        neg = einsum(user, item[neg_idx], "b d, b k d -> b k")                             # (B, k)
        logits = torch.cat([pos, neg], dim=1) / self.hardneg.temperature
        target = torch.zeros(len(user), dtype=torch.long, device=user.device)              # 正样本在第 0 列
        ce = F.cross_entropy(logits, target, reduction="none")
        mask = clicked.bool()
        return (ce * mask).sum() / mask.sum().clamp(min=1)""")
        t.read(P("src/ranker/trainer.py"))
        t.edit(P("src/ranker/trainer.py"), """        self.is_main = not dist.is_initialized() or dist.get_rank() == 0
""", """        self.is_main = not dist.is_initialized() or dist.get_rank() == 0
        hn = cfg.model.get("hardneg")
        self.hn_start = hn.start_step if hn is not None and hn.enabled else None
""")
        t.edit(P("src/ranker/trainer.py"), """        with torch.autocast("cuda", dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = self.model(batch)""", """        with_hn = self.hn_start is not None and self.step >= self.hn_start
        with torch.autocast("cuda", dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = self.model(batch, with_hardneg=with_hn)""")
        t.read(P("src/ranker/train.py"))
        t.edit(P("src/ranker/train.py"), "    trainer = Trainer(cfg, model, MultiTaskLoss(cfg.model.tasks), device)",
               "    trainer = Trainer(cfg, model, MultiTaskLoss(cfg.model.tasks, cfg.model.get(\"hardneg\")), device)")
        t.read(P("configs/model/mmoe.yaml"))
        t.edit(P("configs/model/mmoe.yaml"), """    weight_warmup_steps: 5000
    huber_delta: 1.0
""", """    weight_warmup_steps: 5000
    huber_delta: 1.0
hardneg:
  enabled: false
  temperature: 0.07
  num_negatives: 64
  weight: 0.2
  start_step: 2000
""")
        t.write(P("configs/experiment/mmoe_v6_hardneg.yaml"), """# @package _global_
# v6 样本 + in-batch hard negative（sampled softmax，参数见 configs/model/mmoe.yaml 的 hardneg 段）
experiment_name: mmoe_v6_hardneg
data:
  version: v6
model:
  hardneg:
    enabled: true
trainer:
  max_steps: 60000
""")
        t.read(P("tests/test_losses.py"))
        t.edit(P("tests/test_losses.py"), """        out = loss_fn(logits, batch, step=step)
        assert torch.allclose(out["loss"], w * out["dwell"])
""", """        out = loss_fn(logits, batch, step=step)
        assert torch.allclose(out["loss"], w * out["dwell"])


def test_hardneg_term_only_on_clicked_rows():
    hn = OmegaConf.create({"enabled": True, "temperature": 0.1, "num_negatives": 2, "weight": 0.2, "start_step": 0})
    loss_fn = MultiTaskLoss(OmegaConf.create({"click": {"type": "binary", "weight": 1.0}}), hn)
    g = torch.Generator().manual_seed(1)
    logits = {"click": torch.randn(6, generator=g), "hn_user": torch.randn(6, 8, generator=g),
              "hn_item": torch.randn(6, 8, generator=g)}
    out = loss_fn(logits, {"click": torch.tensor([1.0, 0, 0, 1.0, 0, 0])})
    assert out["hardneg"] > 0
    assert torch.allclose(out["loss"], out["click"] + 0.2 * out["hardneg"])
    assert "hardneg" not in loss_fn({"click": logits["click"]}, {"click": torch.zeros(6)})
""")
        t.bash("python -m pytest tests/test_hard_negatives.py tests/test_losses.py tests/test_mmoe.py -q",
               "运行相关单测", out="...........                                                              [100%]\n11 passed in 4.88s")
        t.done("""hard negative 接进训练了：

- **模型**（`mmoe.py`）：新增 `hn_proj = Linear(256 → 32)`，只在 `hardneg.enabled` 时创建；`forward(batch, with_hardneg=True)` 时额外返回 `hn_user`（click 塔隐层的投影）和 `hn_item`（候选 item 的 embedding）。
- **loss**（`losses.py`）：`hardneg_loss` 先对两侧做 L2 归一化，用立伟的 `mine_in_batch` 挖 k 个负样本，拼成 `[正, 负×k] / temperature` 做 cross entropy，只在点击样本上取平均；按 `hardneg.weight` 加到总 loss，日志里多一项 `hardneg`。
- **trainer**：`step >= hardneg.start_step` 之后才让模型输出 hn 部分。
- **配置**：`configs/model/mmoe.yaml` 新增 `hardneg` 段（`enabled: false`、`temperature: 0.07`、`num_negatives: 64`、`weight: 0.2`、`start_step: 2000`），代码里没有常数，命令行可以 `model.hardneg.temperature=0.05` 这样覆盖；新建 `configs/experiment/mmoe_v6_hardneg.yaml` 打开它。
- 测试：新增 `test_hardneg_term_only_on_clicked_rows`，相关 11 个测试全过。""")

        t = d.task("跑一遍全量单测，看有没有被 rebase 和刚才的改动搞坏的", tags=["noise", "long_output"])
        tests = [("tests/data/test_build_samples.py", ["test_negative_downsampling_keeps_all_positives",
                                                       "test_downsampling_rate_is_respected", "test_valid_is_last_day",
                                                       "test_click_seq_is_left_padded", "test_vocab_reserves_zero_for_padding",
                                                       "test_manifest_roundtrip"]),
                 ("tests/test_datamodule.py", ["test_batches_have_expected_keys", "test_workers_split_files",
                                               "test_dense_shape_matches_config", "test_limit_files"]),
                 ("tests/test_export.py", ["test_scripted_matches_eager", "test_output_column_order"]),
                 ("tests/test_hard_negatives.py", ["test_negatives_exclude_clicked_items", "test_never_picks_itself",
                                                   "test_k_is_capped_by_candidates", "test_hardest_first"]),
                 ("tests/test_losses.py", ["test_total_is_weighted_sum", "test_per_task_losses_are_detached",
                                           "test_dwell_is_huber_on_log1p_with_weight_warmup",
                                           "test_hardneg_term_only_on_clicked_rows"]),
                 ("tests/test_metrics.py", ["test_regression_task_reports_mae_in_log1p_space", "test_binary_task_reports_auc",
                                            "test_gauc_skips_users_with_one_class"]),
                 ("tests/test_mmoe.py", ["test_output_keys_and_shapes", "test_forward_on_fixture_batch",
                                         "test_all_padding_sequence_gives_zero_pooling"]),
                 ("tests/test_trainer.py", ["test_lr_linear_warmup", "test_embeddings_use_separate_optimizer"])]
        flat = [(f, n) for f, ns in tests for n in ns]
        body = []
        for i, (f, n) in enumerate(flat, 1):
            pct = f"[{round(100 * i / len(flat)):>3}%]"
            item = f"{f}::{n} PASSED"
            body.append(f"{item:<72} {pct}")
        d.busy = 30
        t.bash("python -m pytest -v", "运行全量单测（默认跳过 gpu 标记）", out=f"""============================= test session starts ==============================
platform linux -- Python 3.11.11, pytest-8.3.5, pluggy-1.5.0 -- {ENV}/bin/python
cachedir: .pytest_cache
rootdir: {R}
configfile: pyproject.toml
testpaths: tests
plugins: hydra-core-1.3.2, anyio-4.8.0
collecting ... collected {len(flat) + 6} items / 6 deselected / {len(flat)} selected

""" + "\n".join(body) + f"""

=============================== warnings summary ===============================
tests/test_export.py::test_scripted_matches_eager
  {SP}/torch/jit/_trace.py:1000: TracerWarning: Converting a tensor to a Python boolean might cause the trace to be incorrect. We can't record the data flow of Python values, so this value will be treated as a constant in the future. This means that the trace might not generalize to other inputs!
    if not mask.any():

-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html
================= {len(flat)} passed, 6 deselected, 1 warning in 27.41s ==================""", timeout=300000)
        t.done(f"""全量 {len(flat)} 个测试全部通过（另有 6 个 `gpu` 标记的测试按 `pyproject.toml` 的 `addopts` 默认不跑）。

只有一个已有的 warning：`tests/test_export.py` 里 trace 时 `if not mask.any()` 会被当成常量固化。目前导出用的 example batch 里序列不会全是 padding，所以不影响结果，但如果以后有全 padding 的请求走到这个分支，trace 出来的图不会走对分支，可以找时间改成不依赖 Python 分支的写法。""")

    # ================================================================== S6  (Mon 04-27, 14:00) -- acceptEdits
    with d.session("2026-04-27T06:00:00", R, branch="feat/hard-negatives", version="2.1.52", permission_mode="acceptEdits"):
        t = d.task("上周（04-20 ~ 04-26）的 v7 样本也出一下，老流程：build_samples、dvc add、push，dvc 文件提交到 main，完事切回当前分支",
                   tags=["workflow:W3", "long_output"])
        t.bash("git switch main && git pull --ff-only", "切到 main 并同步", out=diffstat(v6_hash, "e07b3d2", [
            ("configs/data/samples.yaml", 2, 1, False), ("data/fixtures/.gitignore", 1, 0, True),
            ("data/fixtures/hardneg_mini.parquet.dvc", 5, 0, True), ("src/ranker/data/datamodule.py", 12, 1, False),
            ("src/ranker/sampling/__init__.py", 0, 0, True), ("src/ranker/sampling/hard_negatives.py", 17, 0, True),
            ("tests/test_hard_negatives.py", 48, 0, True)]),
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 4 commits, and can be fast-forwarded.\n"
                   "  (use \"git pull\" to update your local branch)")
        lc = LogClock(d, 9)
        days = [("2026-04-20", "37,987,204", "1,516,931", "118,220", "9,741,876"),
                ("2026-04-21", "37,701,558", "1,503,112", "117,034", "9,668,309"),
                ("2026-04-22", "38,044,127", "1,519,885", "118,497", "9,770,154"),
                ("2026-04-23", "38,367,902", "1,531,210", "119,306", "9,842,661"),
                ("2026-04-24", "39,486,311", "1,577,402", "123,118", "10,127,545"),
                ("2026-04-25", "44,208,773", "1,787,935", "140,614", "11,369,021"),
                ("2026-04-26", "43,650,091", "1,760,218", "138,772", "11,224,803")]
        lines = [f"{lc()} INFO build_samples: version=v7 range=2026-04-20..2026-04-26 workers=48 out=data/processed/samples_v7",
                 f"{lc(0.7)} INFO reading exposures from /mnt/warehouse/rec/dwd_feed_expose_di (7 partitions)"]
        for i, (dt, ex, ck, lk, fn) in enumerate(days):
            lines.append(f"{lc(16.1 + i)} INFO   dt={dt} expose={ex} click={ck} like={lk} finish={fn}")
        lines += [f"{lc(0.1)} INFO join user/item/author features (snapshot dt=2026-04-26)",
                  f"{lc(121.9)} INFO negative downsampling: rate=0.15, keep all positives, seed=20260426",
                  f"{lc(39.3)} INFO click_seq_50 from dwd_feed_click_di (lookback 30d)",
                  f"{lc(131.6)} INFO vocab: user_id=3,078,415 item_id=2,598,774 author_id=185,910 category_id=512 city_id=400 device_type=8 hour=24",
                  f"{lc(0.2)} INFO split: train=2026-04-20..2026-04-25 valid=2026-04-26",
                  f"{lc(61.8)} INFO wrote 96 train shards (42,615,388 rows) + 8 valid shards (7,011,863 rows)",
                  f"{lc(0.2)} INFO label stats (train): click=0.2129 like=0.0166 finish=0.4007 dwell_s p50=11.0 p99=418.0",
                  f"{lc(0.1)} INFO wrote data/processed/samples_v7/_manifest.json"]
        d.busy = 495
        t.bash("python -m ranker.data.build_samples --start 2026-04-20 --end 2026-04-26 --version v7 --workers 48",
               "生成 v7 样本", out="\n".join(lines), timeout=600000)
        d.busy = 125
        t.bash("dvc add data/processed/samples_v7", "用 DVC 跟踪 v7 样本", out=dvc_add("data/processed/samples_v7"),
               timeout=600000)
        d.busy = 230
        t.bash("dvc push -j 16 data/processed/samples_v7.dvc", "推送 v7 数据", out="105 files pushed", timeout=600000)
        h = v7_hash = hx(7)
        t.bash('git add data/processed/samples_v7.dvc data/processed/.gitignore && git commit -m "data: samples_v7 (0420-0426)" '
               "&& git push origin main", "提交并推送 dvc 指针文件", out=f"""[main {h}] data: samples_v7 (0420-0426)
 2 files changed, 6 insertions(+)
 create mode 100644 data/processed/samples_v7.dvc""", err=f"""Enumerating objects: 8, done.
Counting objects: 100% (8/8), done.
Delta compression using up to 128 threads
Compressing objects: 100% (4/4), done.
Writing objects: 100% (5/5), 608 bytes | 608.00 KiB/s, done.
Total 5 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
   e07b3d2..{h}  main -> main""")
        t.bash("git switch feat/hard-negatives", "切回开发分支", err="Switched to branch 'feat/hard-negatives'\n"
               "Your branch is up to date with 'origin/feat/hard-negatives'.")
        t.done(f"""v7 样本完成：train 04-20~04-25 共 42,615,388 行，valid 04-26 共 7,011,863 行，分片数和 v6 一样（96 + 8）。`dvc push` 推了 105 个文件，`samples_v7.dvc` 已提交为 `{h}` 并推到 main，现在已切回 `feat/hard-negatives`。

和 v6 比：周末（04-25~26）曝光同样上涨约 15%，点击率、完播率基本没变；item 词表从 251 万涨到 260 万。""")

        t = d.task("写个脚本把 mmoe_v5_dwell 最后 5 个 step ckpt（40000~60000）做权重平均，存成 avg_last5.ckpt，"
                   "然后在 v5 valid 上跟 best 比一下", tags=["mistake:M3"])
        t.bash(f"ls -lh {V5_RUN}/ckpt/", "查看 ckpt 目录", out="""total 19G
-rw-r--r-- 1 linxiaowen rec 736M Apr 16 04:23 best.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 16 04:24 last.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 16:59 step_10000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 18:08 step_15000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 19:16 step_20000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 20:24 step_25000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 21:33 step_30000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 22:41 step_35000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 23:50 step_40000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 16 00:58 step_45000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 15 15:51 step_5000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 16 02:06 step_50000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 16 03:15 step_55000.ckpt
-rw-r--r-- 1 linxiaowen rec 1.5G Apr 16 04:23 step_60000.ckpt""")
        t.write(P("scripts/avg_ckpts.py"), """\"\"\"把若干个 ckpt 的模型权重做算术平均（SWA 式），step / cfg 取最后一个，存成新的 ckpt。

python scripts/avg_ckpts.py a.ckpt b.ckpt ... -o avg.ckpt
\"\"\"
import argparse

import torch


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpts", nargs="+")
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args()

    avg: dict[str, torch.Tensor] = {}
    for i, path in enumerate(args.ckpts, 1):
        state = torch.load(path, map_location="cpu")
        for k, v in state["model"].items():
            avg[k] = avg[k] + v.double() if k in avg else v.double().clone()
        print(f"[{i}/{len(args.ckpts)}] {path} (step {state['step']})")
    n = len(args.ckpts)
    out = {"step": state["step"], "model": {k: (v / n).float() for k, v in avg.items()},
           "averaged_from": args.ckpts, "cfg": state["cfg"]}
    torch.save(out, args.out)
    print(f"averaged {n} checkpoints, {len(avg)} tensors -> {args.out}")


if __name__ == "__main__":
    main()
""")
        steps = [40000, 45000, 50000, 55000, 60000]
        cmd = (f"python scripts/avg_ckpts.py {V5_RUN}/ckpt/step_{{40000,45000,50000,55000,60000}}.ckpt "
               f"-o {V5_RUN}/ckpt/avg_last5.ckpt")
        d.busy = 20
        t.fail(cmd, "平均最后 5 个 ckpt", "\n".join([
            "Traceback (most recent call last):",
            own(d, "scripts/avg_ckpts.py", "    main()", "<module>"),
            own(d, "scripts/avg_ckpts.py", "state = torch.load(", "main", 'torch.load(path, map_location="cpu")'),
            TORCH_LOAD_FRAME,
            weights_only_error("omegaconf.dictconfig.DictConfig")]))
        t.say("又是 `torch.load` 默认 `weights_only=True` 的问题：step ckpt 里存了 Hydra 的 `cfg`（DictConfig）。都是我们自己训出来的 ckpt，"
              "显式关掉 weights_only。")
        t.edit(P("scripts/avg_ckpts.py"), '        state = torch.load(path, map_location="cpu")',
               '        state = torch.load(path, weights_only=False, map_location="cpu")  # 自己的 ckpt，带 DictConfig')
        d.busy = 160
        t.bash(cmd, "重新平均最后 5 个 ckpt", out="\n".join(
            [f"[{i}/5] {V5_RUN}/ckpt/step_{s}.ckpt (step {s})" for i, s in enumerate(steps, 1)]
            + [f"averaged 5 checkpoints, 69 tensors -> {V5_RUN}/ckpt/avg_last5.ckpt"]), timeout=600000)
        ev = []
        for name, row in [("best", "auc/click=0.7831 auc/like=0.8412 auc/finish=0.7290 mae/dwell=0.4901 gauc/click=0.6904"),
                          ("avg_last5", "auc/click=0.7837 auc/like=0.8417 auc/finish=0.7296 mae/dwell=0.4893 gauc/click=0.6911")]:
            lc = LogClock(d, 30 if name == "best" else 150)
            ev += [f"[{lc()}][__main__][INFO] - ckpt={V5_RUN}/ckpt/{name}.ckpt (step 60000) device=cuda:0",
                   f"[{lc(1.1)}][__main__][INFO] - overall  rows=6,980,214 {row}",
                   f"[{lc(0.3)}][__main__][INFO] - wrote outputs/eval/{name}-v5-valid.json"]
        d.busy = 250
        t.bash(f"for c in best avg_last5; do srun -p dev --gres=gpu:1 --cpus-per-task=16 python -m ranker.eval "
               f"ckpt={V5_RUN}/ckpt/$c.ckpt data.version=v5; done", "在 dev 分区上分别评估 best 和 avg_last5",
               out="\n".join(ev), timeout=600000)
        t.done(f"""平均后的 ckpt 在 `{V5_RUN}/ckpt/avg_last5.ckpt`，v5 valid（698 万行）上对比：

| | auc/click | auc/like | auc/finish | mae/dwell | gauc/click |
|---|---|---|---|---|---|
| best（step 60000） | 0.7831 | 0.8412 | 0.7290 | 0.4901 | 0.6904 |
| avg_last5 | **0.7837** | **0.8417** | **0.7296** | **0.4893** | **0.6911** |

全部指标小幅变好（click +0.0006、gauc +0.0007），和「训练末期在最优点附近来回震荡、平均后更靠近中心」的预期一致，几乎零成本。不过这还是训练同分布的 valid，建议在下一周的 v7 上再验证一次。

`scripts/avg_ckpts.py` 用 float64 累加再除以 N，只平均 `model`，不带优化器状态。第一次运行被 `torch.load` 的 `weights_only` 默认值拦了（ckpt 里有 DictConfig），加了 `weights_only=False`。""")

        t = d.task("hard negative 版本在 dev 分区上 4 卡 DDP 跑 500 step，start_step 临时改成 100，确认多卡没问题我再提正式实验",
                   tags=["oneoff:O2"])
        cmd = ("srun -p dev --gres=gpu:4 --cpus-per-task=32 torchrun --standalone --nproc_per_node=4 -m ranker.train "
               "experiment=mmoe_v6_hardneg trainer.max_steps=500 model.hardneg.start_step=100")
        ov = ["experiment=mmoe_v6_hardneg", "trainer.max_steps=500", "model.hardneg.start_step=100"]
        lc = LogClock(d, 6)
        head = torchrun_head(lc.t, 2611872)
        lc(7)
        boot = []
        for r in range(4):
            boot.append(f"[{lc(0.05)}][__main__][INFO] - experiment=mmoe_v6_hardneg seed=20260401 world_size=4 device=cuda:{r} precision=fp32")
        for r in range(4):
            boot.append(f"[{lc(0.2)}][ranker.data.datamodule][INFO] - v6: 96 train / 8 valid files, 42,306,975 train rows (limit_files=None)")
        lc(1.5)
        for r in range(4):
            boot.append(f"[{lc(0.04)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=188.3M")
        tb = ["Error executing job with overrides: " + repr(ov),
              "Traceback (most recent call last):",
              own(d, "src/ranker/train.py", "trainer.fit(train_dl, valid_dl)", "main"),
              own(d, "src/ranker/trainer.py", "stats = self.train_step(batch)", "fit", "self.train_step(batch)"),
              own(d, "src/ranker/trainer.py", "logits = self.model(batch, with_hardneg=with_hn)", "train_step",
                  "self.model(batch, with_hardneg=with_hn)"),
              TORCH_MODULE_FRAMES,
              frame(f"{SP}/torch/nn/parallel/distributed.py", 1661, "forward",
                    "inputs, kwargs = self._pre_forward(*inputs, **kwargs)", "self._pre_forward(*inputs, **kwargs)"),
              frame(f"{SP}/torch/nn/parallel/distributed.py", 1537, "_pre_forward",
                    "if torch.is_grad_enabled() and self.reducer._rebuild_buckets():", "self.reducer._rebuild_buckets()"),
              "RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error "
              "indicates that your module has parameters that were not used in producing loss. You can enable unused parameter "
              "detection by passing the keyword argument `find_unused_parameters=True` to "
              "`torch.nn.parallel.DistributedDataParallel`, and by \nmaking sure all `forward` function outputs participate in "
              "calculating loss. \nIf you already have done the above, then the distributed data parallel module wasn't able to "
              "locate the output tensors in the return value of your module's `forward` function. Please include the loss function "
              "and the structure of the return value of `forward` of your module when reporting this issue (e.g. list, dict, "
              "iterable).\nParameter indices which did not receive grad for rank {R}: 67 68\n In addition, you can set the "
              "environment variable TORCH_DISTRIBUTED_DEBUG to either INFO or DETAIL to print out information about which "
              "particular parameters did not receive gradient on this rank as part of this error",
              HYDRA_HINT]
        tb_text = "\n".join(tb).split("\n")
        ranks = []
        for r in range(4):
            ranks += [f"[rank{r}]: " + l.replace("rank {R}", f"rank {r}") if l else f"[rank{r}]:" for l in tb_text]
        lc(9.4)
        g = GlogClock(lc.t)
        tail = [f"W{g()} 2611872 torch/distributed/elastic/multiprocessing/api.py:900] Sending process {pid} closing signal SIGTERM"
                for pid in (2611901, 2611902, 2611903)]
        tail.append(f"E{g()} 2611872 torch/distributed/elastic/multiprocessing/api.py:874] failed (exitcode: 1) local_rank: 0 (pid: 2611900) of binary: {ENV}/bin/python3.11")
        tail += ["Traceback (most recent call last):",
                 frame(f"{ENV}/bin/torchrun", 8, "<module>", "sys.exit(main())", "main()"),
                 frame(f"{SP}/torch/distributed/elastic/multiprocessing/errors/__init__.py", 357, "wrapper",
                       "return f(*args, **kwargs)", "f(*args, **kwargs)"),
                 frame(f"{SP}/torch/distributed/run.py", 901, "main", "run(args)"),
                 frame(f"{SP}/torch/distributed/run.py", 892, "run", "elastic_launch("),
                 frame(f"{SP}/torch/distributed/launcher/api.py", 143, "__call__",
                       "return launch_agent(self._config, self._entrypoint, list(args))",
                       "launch_agent(self._config, self._entrypoint, list(args))"),
                 frame(f"{SP}/torch/distributed/launcher/api.py", 277, "launch_agent", "raise ChildFailedError("),
                 "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
                 "============================================================",
                 "ranker.train FAILED",
                 "------------------------------------------------------------",
                 "Failures:",
                 "  <NO_OTHER_FAILURES>",
                 "------------------------------------------------------------",
                 "Root Cause (first observed failure):",
                 "[0]:",
                 f"  time      : {lc.t.strftime('%Y-%m-%d_%H:%M:%S')}",
                 "  host      : a800-dev-01",
                 "  rank      : 0 (local_rank: 0)",
                 "  exitcode  : 1 (pid: 2611900)",
                 "  error_file: <N/A>",
                 "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                 "============================================================",
                 "srun: error: a800-dev-01: task 0: Exited with exit code 1"]
        d.busy = 50
        t.fail(cmd, "dev 分区 4 卡 DDP 跑 500 step", "\n".join(head + boot + ranks + tail), timeout=600000)
        t.say("单卡没问题、多卡在第二步报 `Expected to have finished reduction in the prior iteration`，没收到梯度的是 67、68 两个参数——"
              "正好是最后注册的 `hn_proj` 的 weight 和 bias。原因在我上次的写法：`step < start_step` 时模型根本不走 hn 分支，"
              "`hn_proj` 不在计算图里，DDP 的 reducer 等不到它的梯度。\n\n"
              "不打算开 `find_unused_parameters=True`（每步都要遍历图，慢，而且只是掩盖问题）。改成：开启 hardneg 后每步都算 hn 分支，"
              "权重在 `start_step` 之前为 0、之后线性 ramp 上去——梯度始终流过 `hn_proj`，也顺便避免 loss 在 start_step 突然跳一下。"
              "ramp 的步数同样放进配置。")
        t.read(P("src/ranker/trainer.py"))
        t.edit(P("src/ranker/trainer.py"), """        with_hn = self.hn_start is not None and self.step >= self.hn_start
        with torch.autocast("cuda", dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = self.model(batch, with_hardneg=with_hn)""", """        with_hn = self.hn_start is not None  # 开启后每步都算，权重由 loss 按 start_step/ramp_steps 控制（DDP 要求参数每步都有梯度）
        with torch.autocast("cuda", dtype=self.amp_dtype, enabled=self.amp_dtype is not None):
            logits = self.model(batch, with_hardneg=with_hn)""")
        t.read(P("src/ranker/losses.py"))
        t.edit(P("src/ranker/losses.py"), """            out["hardneg"] = hn.detach()
            total = total + self.hardneg.weight * hn""", """            out["hardneg"] = hn.detach()
            total = total + self.hardneg_weight(step) * hn""")
        t.edit(P("src/ranker/losses.py"), """    def hardneg_loss(self, user: torch.Tensor, item: torch.Tensor, clicked: torch.Tensor) -> torch.Tensor:""",
               """    def hardneg_weight(self, step: int) -> float:
        \"\"\"start_step 之前为 0，之后 ramp_steps 步内线性升到 weight。\"\"\"
        ramp = max(self.hardneg.ramp_steps, 1)
        return self.hardneg.weight * min(max((step - self.hardneg.start_step) / ramp, 0.0), 1.0)

    def hardneg_loss(self, user: torch.Tensor, item: torch.Tensor, clicked: torch.Tensor) -> torch.Tensor:""")
        t.read(P("configs/model/mmoe.yaml"))
        t.edit(P("configs/model/mmoe.yaml"), """  weight: 0.2
  start_step: 2000
""", """  weight: 0.2
  start_step: 2000
  ramp_steps: 1000
""")
        t.read(P("tests/test_losses.py"))
        t.edit(P("tests/test_losses.py"),
               """    hn = OmegaConf.create({"enabled": True, "temperature": 0.1, "num_negatives": 2, "weight": 0.2, "start_step": 0})""",
               """    hn = OmegaConf.create({"enabled": True, "temperature": 0.1, "num_negatives": 2, "weight": 0.2, "start_step": 0,
                           "ramp_steps": 1})""")
        t.edit(P("tests/test_losses.py"), """    out = loss_fn(logits, {"click": torch.tensor([1.0, 0, 0, 1.0, 0, 0])})
    assert out["hardneg"] > 0""", """    out = loss_fn(logits, {"click": torch.tensor([1.0, 0, 0, 1.0, 0, 0])}, step=1)
    assert out["hardneg"] > 0""")
        t.bash("python -m pytest tests/test_losses.py -q", "运行 loss 单测",
               out="....                                                                     [100%]\n4 passed in 1.66s")
        lc = LogClock(d, 6)
        ok = torchrun_head(lc.t, 2640315)
        out_dir = f"outputs/{lc.day()}/{(lc.t + _dt.timedelta(seconds=7)).strftime('%H-%M-%S')}"
        lc(7)
        for r in range(4):
            ok.append(f"[{lc(0.05)}][__main__][INFO] - experiment=mmoe_v6_hardneg seed=20260401 world_size=4 device=cuda:{r} precision=fp32")
        for r in range(4):
            ok.append(f"[{lc(0.2)}][ranker.data.datamodule][INFO] - v6: 96 train / 8 valid files, 42,306,975 train rows (limit_files=None)")
        lc(1.5)
        for r in range(4):
            ok.append(f"[{lc(0.04)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=188.3M")
        ok += smoke_lines(lc, 500, [
            (100, {"click": 0.5862, "like": 0.3017, "finish": 0.6420, "dwell": 1.3504, "hardneg": 4.1523}, "5.1", 19.7),
            (200, {"click": 0.4298, "like": 0.1418, "finish": 0.6241, "dwell": 0.9366, "hardneg": 4.0117}, "16.9", 5.9),
            (300, {"click": 0.3641, "like": 0.0872, "finish": 0.5317, "dwell": 0.6705, "hardneg": 3.7730}, "16.8", 5.9),
            (400, {"click": 0.3398, "like": 0.0790, "finish": 0.4922, "dwell": 0.5946, "hardneg": 3.4108}, "16.9", 5.9),
            (500, {"click": 0.3284, "like": 0.0758, "finish": 0.4701, "dwell": 0.5522, "hardneg": 3.0562}, "16.9", 5.9)],
            weights={"dwell": w_dwell, "hardneg": lambda s: 0.2 * min(max((s - 100) / 1000, 0.0), 1.0)})
        ok.append(f"[{lc(3.2)}][ranker.trainer][INFO] - saved {out_dir}/ckpt/last.ckpt")
        d.busy = 95
        t.bash(cmd, "重新在 dev 分区 4 卡 DDP 跑 500 step", out="\n".join(ok), timeout=600000)
        t.done("""4 卡 DDP 500 step 跑通了，每卡 16.9 it/s，各项 loss 正常下降；`hardneg` 从 4.15（≈ ln 65，随机水平）降到 3.06，说明投影在学。总 loss 在 300 步之后略升是因为 hardneg 的权重从 step 100 开始 ramp（到 500 步时是 0.08），属于预期。

第一次失败的原因和改法：
- 报错 `Expected to have finished reduction in the prior iteration`，未收到梯度的参数下标 67、68 = `hn_proj.weight/bias`。之前的写法在 `step < start_step` 时不走 hn 分支，这个投影层不在计算图里，DDP 要求每步所有参数都有梯度。
- 现在开启 hardneg 后每步都计算 hn 分支，权重由新增的 `hardneg_weight(step)` 控制：`start_step` 之前为 0，之后在 `ramp_steps` 步内线性升到 `weight`。`ramp_steps: 1000` 加在 `configs/model/mmoe.yaml` 里。没有用 `find_unused_parameters=True`。
- 单测同步更新，4 个全过。

可以提正式实验了。""")

    # ================================================================== S7  (Wed 04-29, 10:20)
    with d.session("2026-04-29T02:20:00", R, branch="feat/hard-negatives", version="2.1.53"):
        t = d.task("v7 样本出来了，拿 04-26 那天（v7 的 valid）当 holdout，离线评估一下 avg_last5 和 best，分场景（推荐流/关注流/同城）"
                   "出 AUC 和 GAUC。就在 dev 机上跑，别排队了", tags=["mistake:M2"])
        ov = [f"ckpt={V5_RUN}/ckpt/avg_last5.ckpt", "data.version=v7", "eval.group_by=scene"]
        cmd = "python -m ranker.eval " + " ".join(ov)
        lc = LogClock(d, 9)
        d.busy = 20
        t.fail(cmd, "在 v7 valid 上评估 avg_last5", "\n".join([
            f"[{lc()}][__main__][INFO] - ckpt={V5_RUN}/ckpt/avg_last5.ckpt (step 60000) device=cuda:0",
            hydra_tail(ov),
            "Traceback (most recent call last):",
            own(d, "src/ranker/eval.py", "preds = predict(model, dl, device)", "main", "predict(model, dl, device)"),
            frame(f"{SP}/torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)",
                  "func(*args, **kwargs)"),
            own(d, "src/ranker/eval.py", "logits = model({k: v.to(device", "predict",
                'model({k: v.to(device, non_blocking=True) for k, v in batch.items() if k != "meta"})'),
            TORCH_MODULE_FRAMES,
            own(d, "src/ranker/models/mmoe.py", "seq_vec = self.din(", "forward", 'self.din(target, seq, batch["seq"] != 0)'),
            TORCH_MODULE_FRAMES,
            own(d, "src/ranker/models/layers.py", "feats = torch.cat([t, seq", "forward",
                "torch.cat([t, seq, t - seq, t * seq], dim=-1)"),
            oom("1.56 GiB", "1.02 GiB", [(2741190, "70.31 GiB")], "7.80 GiB", "7.12 GiB", "153.27 MiB"),
            HYDRA_HINT]), timeout=600000)
        t.say("0 号卡上另一个进程（2741190）占了 70 GiB，只剩 1 GiB，eval 的 batch 是 65536，DIN 那一步要 1.56 GiB。先看各卡情况再挑空卡。")
        t.bash("nvidia-smi --query-gpu=index,memory.used,memory.total,utilization.gpu --format=csv", "查看各卡显存",
               out="""index, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
0, 79186 MiB, 81920 MiB, 41 %
1, 71880 MiB, 81920 MiB, 98 %
2, 40566 MiB, 81920 MiB, 27 %
3, 4 MiB, 81920 MiB, 0 %
4, 65102 MiB, 81920 MiB, 96 %
5, 65098 MiB, 81920 MiB, 95 %
6, 22410 MiB, 81920 MiB, 10 %
7, 4 MiB, 81920 MiB, 0 %""")
        t.bash("ps -o user,pid,etime,args -p 2741190", "看一下 0 号卡上的进程", out="""USER         PID     ELAPSED COMMAND
chenlw   2741190  1-19:02:55 python -m vllm.entrypoints.openai.api_server --model /mnt/models/Qwen2.5-7B-Instruct --port 8901 --gpu-memory-utilization 0.85""")
        rows_avg = [("overall", "7,011,863", "0.7791", "0.8378", "0.7244", "0.4987", "0.6862"),
                    ("feed", "5,122,407", "0.7833", "0.8401", "0.7302", "0.4911", "0.6895"),
                    ("follow", "1,268,934", "0.7520", "0.8319", "0.7060", "0.5216", "0.6701"),
                    ("nearby", "620,522", "0.7418", "0.8205", "0.7011", "0.5190", "0.6612")]
        rows_best = [("overall", "7,011,863", "0.7784", "0.8371", "0.7236", "0.4998", "0.6855"),
                     ("feed", "5,122,407", "0.7826", "0.8395", "0.7295", "0.4921", "0.6888"),
                     ("follow", "1,268,934", "0.7512", "0.8310", "0.7051", "0.5229", "0.6693"),
                     ("nearby", "620,522", "0.7408", "0.8197", "0.7002", "0.5204", "0.6601")]

        def eval_out(name, rows, lc):
            out = [f"[{lc()}][__main__][INFO] - ckpt={V5_RUN}/ckpt/{name}.ckpt (step 60000) device=cuda:0"]
            lc(83.5)
            for g, n, c, lk, f, m, ga in rows:
                out.append(f"[{lc(0.01)}][__main__][INFO] - {g:<8} rows={n} auc/click={c} auc/like={lk} auc/finish={f} "
                           f"mae/dwell={m} gauc/click={ga}")
            out.append(f"[{lc(0.2)}][__main__][INFO] - wrote outputs/eval/{name}-v7-valid.json")
            return "\n".join(out)
        t.say("0 号卡上是立伟组的 vLLM 服务，别动。3 号和 7 号卡是空的，用 3 号卡。")
        d.busy = 95
        t.bash("CUDA_VISIBLE_DEVICES=3 " + cmd, "在 3 号卡上评估 avg_last5", out=eval_out("avg_last5", rows_avg, LogClock(d, 8)),
               timeout=600000)
        d.busy = 95
        t.bash(f"CUDA_VISIBLE_DEVICES=3 python -m ranker.eval ckpt={V5_RUN}/ckpt/best.ckpt data.version=v7 eval.group_by=scene",
               "在 3 号卡上评估 best", out=eval_out("best", rows_best, LogClock(d, 8)), timeout=600000)
        cmp_lines = ["metric       group      best  avg_last5     diff"]
        for (g, _, c1, l1, f1, m1, g1), (_, _, c2, l2, f2, m2, g2) in zip(rows_best, rows_avg):
            for name, a, b in [("auc/click", c1, c2), ("gauc/click", g1, g2), ("auc/like", l1, l2), ("auc/finish", f1, f2),
                               ("mae/dwell", m1, m2)]:
                cmp_lines.append(f"{name:<12} {g:<8} {a:>7} {b:>10} {float(b) - float(a):>+8.4f}")
        t.bash("python -m ranker.tools.compare_evals outputs/eval/best-v7-valid.json outputs/eval/avg_last5-v7-valid.json",
               "对比两份评估结果", out="\n".join(cmp_lines))
        t.done("""v7 holdout（04-26，701 万行）上 avg_last5 依然全面好于 best：

| 场景 | 样本数 | auc/click best → avg | gauc/click best → avg | auc/finish best → avg |
|---|---|---|---|---|
| overall | 701 万 | 0.7784 → **0.7791** | 0.6855 → **0.6862** | 0.7236 → **0.7244** |
| 推荐流 feed | 512 万 | 0.7826 → **0.7833** | 0.6888 → **0.6895** | 0.7295 → **0.7302** |
| 关注流 follow | 127 万 | 0.7512 → **0.7520** | 0.6693 → **0.6701** | 0.7051 → **0.7060** |
| 同城 nearby | 62 万 | 0.7408 → **0.7418** | 0.6601 → **0.6612** | 0.7002 → **0.7011** |

- 提升幅度和在 v5 valid 上看到的一致（+0.0007 左右），换到下一周的数据上也成立，说明不是在同分布 valid 上的偶然。
- 同城场景涨得最多（+0.0010），这个场景样本最少、波动最大，平均权重的平滑作用更明显。
- 相比 v5 valid，所有指标整体降了 0.004～0.005，是正常的时间漂移。

关于运行：第一次在 0 号卡上 OOM——卡被陈立伟那边的 vLLM 服务占了 70 GiB，只剩 1 GiB。没动那个进程，用 `CUDA_VISIBLE_DEVICES=3` 放到空闲的 3 号卡上跑的。结果在 `outputs/eval/{best,avg_last5}-v7-valid.json`。""")

        t = d.task("v7 样本 + hard negative 起一个正式实验，叫 mmoe_v7_hardneg_fp16。AMP 用 fp16 加 GradScaler——线上 Triton 是 fp16 推理，"
                   "训练也保持一致。trainer 现在好像只支持 fp32/bf16，你补一下", tags=["workflow:W1", "pref:P3"])
        t.read(P("src/ranker/trainer.py"))
        t.edit(P("src/ranker/trainer.py"), '_AMP_DTYPES = {"fp32": None, "bf16": torch.bfloat16}',
               '_AMP_DTYPES = {"fp32": None, "bf16": torch.bfloat16, "fp16": torch.float16}')
        t.edit(P("src/ranker/trainer.py"), """        self.amp_dtype = _AMP_DTYPES[self.tcfg.precision]
""", """        self.amp_dtype = _AMP_DTYPES[self.tcfg.precision]
        # fp16 的动态范围小，需要 loss scaling；fp32 / bf16 下 scaler 为 no-op
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.tcfg.precision == "fp16")
""")
        t.edit(P("src/ranker/trainer.py"), """        losses["loss"].backward()
        self.opt.step()
        self.emb_opt.step()
        self.step += 1""", """        self.scaler.scale(losses["loss"]).backward()
        self.scaler.step(self.opt)
        self.scaler.step(self.emb_opt)
        self.scaler.update()
        self.step += 1""")
        t.read(P("configs/trainer/default.yaml"))
        t.edit(P("configs/trainer/default.yaml"), "precision: fp32  # fp32 | bf16",
               "precision: fp32  # fp32 | bf16 | fp16（fp16 自动启用 GradScaler）")
        t.read(P("tests/test_trainer.py"))
        t.edit(P("tests/test_trainer.py"), """    assert len(t.emb_opt.param_groups[0]["params"]) == 1
    assert len(t.opt.param_groups[0]["params"]) == 2
""", """    assert len(t.emb_opt.param_groups[0]["params"]) == 1
    assert len(t.opt.param_groups[0]["params"]) == 2


def test_grad_scaler_only_for_fp16():
    assert _trainer(precision="fp16").scaler.is_enabled()
    assert not _trainer(precision="bf16").scaler.is_enabled()
    assert not _trainer(precision="fp32").scaler.is_enabled()
""")
        t.write(P("configs/experiment/mmoe_v7_hardneg_fp16.yaml"), """# @package _global_
# v7 样本 + in-batch hard negative，fp16 + GradScaler（和线上 Triton fp16 推理保持一致）
experiment_name: mmoe_v7_hardneg_fp16
data:
  version: v7
model:
  hardneg:
    enabled: true
trainer:
  precision: fp16
  max_steps: 60000
""")
        t.bash("python -m pytest tests/test_trainer.py tests/test_losses.py -q", "运行 trainer 和 loss 单测",
               out=".......                                                                  [100%]\n7 passed in 3.35s")
        t.bash("sbatch scripts/slurm/train.sbatch experiment=mmoe_v7_hardneg_fp16", "提交 Slurm 正式实验",
               out="Submitted batch job 891577")
        t.bash('squeue -u linxiaowen -o "%.10i %.14j %.9T %.10M %.6D %R"', "查看排队状态", out="""     JOBID           NAME     STATE       TIME  NODES NODELIST(REASON)
    891577    feed-ranker   PENDING       0:00      1 (Resources)""")
        t.done("""fp16 支持加上了，实验已提交：

- `trainer.py`：`_AMP_DTYPES` 增加 `fp16`；新增 `self.scaler = torch.amp.GradScaler("cuda", enabled=precision == "fp16")`，反传和两个优化器的 step 改成走 `scaler.scale(...).backward()` / `scaler.step(...)` / `scaler.update()`。fp32 和 bf16 下 scaler 是 no-op，行为和之前完全一样。
- `configs/trainer/default.yaml` 注释里补上了 `fp16`，默认值仍是 `fp32`。
- 单测新增 `test_grad_scaler_only_for_fp16`，`test_trainer.py` + `test_losses.py` 7 个全过。
- `configs/experiment/mmoe_v7_hardneg_fp16.yaml`：`data.version=v7`、`model.hardneg.enabled=true`、`trainer.precision=fp16`，其余沿用默认（hardneg 温度 0.07 / 64 个负样本 / 权重 0.2 / start 2000 / ramp 1000）。
- `sbatch` 提交为 **job 891577**，目前 `PENDING (Resources)`，在等 a800 分区空出一整台机器。

提醒一点：embedding 的 Adagrad 也在 scaler 下 step，scale 过程中如果出现 inf，这一步两个优化器会一起跳过，日志里可以关注一下 loss scale 的变化。""")

        t = d.task("顺便试一下 torch.compile 能提速多少：dev 分区单卡，同一个实验配置跑 300 step，开和不开各一次对比一下。"
                   "只是试试，不行就算了，环境别动", tags=["unfixed:U2"])
        base = ("srun -p dev --gres=gpu:1 --cpus-per-task=16 python -m ranker.train experiment=mmoe_v7_hardneg_fp16 "
                "trainer.max_steps=300 trainer.log_every=100 data.limit_files=2")
        lc = LogClock(d, 14)
        lines = [f"[{lc()}][__main__][INFO] - experiment=mmoe_v7_hardneg_fp16 seed=20260401 world_size=1 device=cuda:0 precision=fp16",
                 f"[{lc(0.7)}][ranker.data.datamodule][INFO] - v7: 96 train / 8 valid files, 42,615,388 train rows (limit_files=2)",
                 f"[{lc(6.2)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=191.6M"]
        lines += smoke_lines(lc, 300, [
            (100, {"click": 0.3874, "like": 0.1009, "finish": 0.5866, "dwell": 0.7641, "hardneg": 4.1588}, "21.7", 13.1),
            (200, {"click": 0.3351, "like": 0.0766, "finish": 0.4908, "dwell": 0.6113, "hardneg": 4.1570}, "24.6", 4.1),
            (300, {"click": 0.3212, "like": 0.0741, "finish": 0.4689, "dwell": 0.5820, "hardneg": 4.1549}, "24.8", 4.0)],
            weights={"dwell": w_dwell, "hardneg": lambda s: 0.0})
        out_dir = f"outputs/{lc.day()}/{(lc.t - _dt.timedelta(seconds=27)).strftime('%H-%M-%S')}"
        lines.append(f"[{lc(2.4)}][ranker.trainer][INFO] - saved {out_dir}/ckpt/last.ckpt")
        d.busy = 55
        t.bash(base, "不开 compile 跑 300 step 作为基线", out="\n".join(lines), timeout=600000)
        ov = ["experiment=mmoe_v7_hardneg_fp16", "trainer.max_steps=300", "trainer.log_every=100", "data.limit_files=2",
              "trainer.compile=true"]
        lc = LogClock(d, 14)
        d.busy = 35
        t.fail(base + " trainer.compile=true", "开 torch.compile 跑 300 step", "\n".join([
            f"[{lc()}][__main__][INFO] - experiment=mmoe_v7_hardneg_fp16 seed=20260401 world_size=1 device=cuda:0 precision=fp16",
            f"[{lc(0.7)}][ranker.data.datamodule][INFO] - v7: 96 train / 8 valid files, 42,615,388 train rows (limit_files=2)",
            f"[{lc(6.3)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=191.6M",
            hydra_tail(ov),
            "Traceback (most recent call last):",
            own(d, "src/ranker/train.py", "trainer.fit(train_dl, valid_dl)", "main"),
            own(d, "src/ranker/trainer.py", "stats = self.train_step(batch)", "fit", "self.train_step(batch)"),
            own(d, "src/ranker/trainer.py", "logits = self.model(batch, with_hardneg=with_hn)", "train_step",
                "self.model(batch, with_hardneg=with_hn)"),
            frame(f"{SP}/torch/_dynamo/eval_frame.py", 414, "__call__", "return super().__call__(*args, **kwargs)",
                  "super().__call__(*args, **kwargs)"),
            TORCH_MODULE_FRAMES,
            frame(f"{SP}/torch/_dynamo/eval_frame.py", 832, "compile_wrapper",
                  "raise e.remove_dynamo_frames() from None  # see TORCHDYNAMO_VERBOSE=1"),
            frame(f"{SP}/torch/_inductor/compile_fx.py", 971, "_compile_fx_inner",
                  "raise InductorError(e, currentframe()).with_traceback("),
            frame(f"{SP}/torch/_inductor/compile_fx.py", 955, "_compile_fx_inner",
                  "mb_compiled_graph = fx_codegen_and_compile(", "fx_codegen_and_compile("),
            frame(f"{SP}/torch/_inductor/compile_fx.py", 1652, "fx_codegen_and_compile",
                  "return scheme.codegen_and_compile(gm, example_inputs, inputs_to_check, graph_kwargs)",
                  "scheme.codegen_and_compile(gm, example_inputs, inputs_to_check, graph_kwargs)"),
            frame(f"{SP}/triton/runtime/build.py", 32, "_build", "raise RuntimeError("),
            "torch._inductor.exc.InductorError: RuntimeError: Failed to find C compiler. Please specify via CC environment "
            "variable or set triton.knobs.build.impl.",
            "",
            "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to "
            "PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\"",
            "",
            HYDRA_HINT,
            "srun: error: a800-dev-01: task 0: Exited with exit code 1"]), timeout=600000)
        t.bash("srun -p dev bash -c 'hostname; command -v gcc cc clang || echo \"no C compiler\"; echo \"CC=${CC:-<unset>}\"'",
               "检查 dev 分区节点上有没有 C 编译器", out="a800-dev-01\nno C compiler\nCC=<unset>")
        t.bash("command -v gcc && gcc --version | head -n 1", "对比 gpu-dev-03 上的编译器",
               out="/usr/bin/gcc\ngcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0")
        t.done("""torch.compile 这次没跑起来，按你说的没有动环境：

- 不开 compile 的基线：fp16 单卡 **24.7 it/s**（300 步正常结束）。
- 开 `trainer.compile=true` 后，第一次前向触发 Inductor 编译时失败：`InductorError: RuntimeError: Failed to find C compiler`。Triton 生成 kernel 时要现场用 C 编译器编一个小的 launcher，但 dev 分区节点 `a800-dev-01` 上没有 `gcc/cc/clang`，`CC` 也没设；gpu-dev-03 上是有 gcc 11.4 的，区别在计算节点的镜像。

要继续试的话有两条路，都需要你拍板：
1. 找集群管理员在 a800 / dev 分区的节点镜像里装上 `build-essential`（一劳永逸，正式训练也要用到）；
2. 在 `ranker` 环境里装 conda-forge 的 `gcc_linux-64` / `gxx_linux-64`，再在 sbatch 里把 `CC` 指过去——会改动环境，和集群环境对齐之前不建议。

目前 `trainer.compile` 默认仍是 `false`，正式实验不受影响。""")

        t = d.task("帮我写一下这周的实验周报，发组里的：v5_dwell 辅助任务、ckpt 平均、hard negative 的进展都写上。数据你从 logs 和 outputs/eval 里找",
                   tags=["noise"])
        t.bash("cat outputs/eval/avg_last5-v7-valid.json", "查看 avg_last5 在 v7 上的评估结果", out="""{
  "overall": {
    "rows": 7011863,
    "auc/click": 0.779127,
    "auc/like": 0.837803,
    "auc/finish": 0.724412,
    "mae/dwell": 0.498718,
    "gauc/click": 0.686196
  },
  "feed": {
    "rows": 5122407,
    "auc/click": 0.783318,
    "auc/like": 0.840127,
    "auc/finish": 0.730241,
    "mae/dwell": 0.491054,
    "gauc/click": 0.689513
  },
  "follow": {
    "rows": 1268934,
    "auc/click": 0.752046,
    "auc/like": 0.831933,
    "auc/finish": 0.706012,
    "mae/dwell": 0.521597,
    "gauc/click": 0.670108
  },
  "nearby": {
    "rows": 620522,
    "auc/click": 0.741786,
    "auc/like": 0.820544,
    "auc/finish": 0.701139,
    "mae/dwell": 0.519046,
    "gauc/click": 0.661184
  }
}""")
        t.bash("grep -h 'eval step 60000' logs/slurm-884213.out; squeue -u linxiaowen", "查看 dwell 实验最终指标和当前任务",
               out="""[2026-04-16 04:23:44,091][ranker.trainer][INFO] - eval step 60000: auc/click=0.7831 auc/like=0.8412 auc/finish=0.7290 mae/dwell=0.4901 gauc/click=0.6904
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
            891577      a800 feed-ran linxiaow  R       3:09      1 a800-n07""")
        t.done("""# 精排模型实验周报（04-23 ~ 04-29）

## 一、背景与目标
本周围绕首页推荐流精排模型（MMoE，click / like / finish 三任务）做了三个方向的迭代：① 引入停留时长辅助任务，改善完播相关目标；② 尝试 checkpoint 权重平均，以零训练成本获得稳定收益；③ 接入 in-batch hard negative，增强模型对「曝光未点击」难样本的区分能力。

## 二、实验设置
- 数据：v5（04-06~04-12）训练，v5 valid（04-12）与 v7 valid（04-26，作为跨周 holdout）评估；v6、v7 样本已按周产出并推送 DVC。
- 训练：Slurm a800 分区单机 8 卡 DDP，全局 batch 32768，60000 步，AdamW（dense）+ Adagrad（embedding），lr 1e-3，warmup 2000 步。
- 评估：auc/click、auc/like、auc/finish、按用户 GAUC（click）、dwell 在 log1p 空间的 MAE；holdout 按场景（推荐流 / 关注流 / 同城）拆分。

## 三、实验结果

### 3.1 停留时长辅助任务（mmoe_v5_dwell，job 884213）
| 指标 | mmoe_v5 基线 | mmoe_v5_dwell | 差值 |
|---|---|---|---|
| auc/click | 0.7819 | 0.7831 | +0.0012 |
| auc/like | 0.8405 | 0.8412 | +0.0007 |
| auc/finish | 0.7262 | 0.7290 | +0.0028 |
| gauc/click | 0.6897 | 0.6904 | +0.0007 |

### 3.2 checkpoint 权重平均（avg_last5：step 40000~60000 共 5 个）
| 评估集 | auc/click best → avg | gauc/click best → avg |
|---|---|---|
| v5 valid | 0.7831 → 0.7837 | 0.6904 → 0.6911 |
| v7 holdout overall | 0.7784 → 0.7791 | 0.6855 → 0.6862 |
| v7 推荐流 | 0.7826 → 0.7833 | 0.6888 → 0.6895 |
| v7 关注流 | 0.7512 → 0.7520 | 0.6693 → 0.6701 |
| v7 同城 | 0.7408 → 0.7418 | 0.6601 → 0.6612 |

### 3.3 in-batch hard negative
- 实现：click 塔隐层投影为 user 向量，与 batch 内曝光未点击 item 做 sampled softmax（温度 0.07，64 个负样本，权重 0.2，2000 步后在 1000 步内线性 ramp）。
- 4 卡 DDP 冒烟 500 步通过；正式实验 mmoe_v7_hardneg_fp16（job 891577，fp16 + GradScaler）已于本周三开始训练。

## 四、分析
1. 停留时长与完播强相关，辅助任务对 finish 提升最明显（+0.0028），并带动 click / like 小幅提升，说明共享专家学到了更好的「内容吸引力」表示。
2. 权重平均在同分布和跨周数据上提升一致（约 +0.0007），样本量最小、波动最大的同城场景收益最大（+0.0010），符合平滑效应的预期。
3. 跨周评估整体下降 0.004~0.005，属于正常时间漂移，相对结论不受影响。

## 五、下一步计划
1. 跟进 mmoe_v7_hardneg_fp16 训练结果，与 v5_dwell / avg_last5 对比；
2. avg_last5 导出 TorchScript 发 Triton 新版本，走灰度；
3. 评估 torch.compile 提速（dev 节点缺 C 编译器，需要集群支持）；
4. 冷启动 item embedding 范数过小的问题（曝光 <10 的 item 中位范数 0.058），调研基于 author / category 的初始化。

## 六、风险与依赖
- 大 batch（32 卡）实验受 QOS `rec-normal` 每用户 16 卡限制，需申请 `rec-large`；
- dev 机 GPU 共享紧张，离线评估偶尔需要排队或换卡。""")

    # ================================================================== S8  (Wed 05-06, 10:40) -- after the Labour Day holiday
    with d.session("2026-05-06T02:40:00", R, branch="main", version="2.1.55"):
        t = d.task("节前运营标的那批 golden set（golden_0430，3000 多条人工标注的相关性/满意度）合进 main 了。pull 一下，"
                   "用 mmoe_v5_dwell 的 avg_last5 在上面跑下评估，CPU 跑就行，数据量很小", tags=["mistake:M1"])
        t.bash("git pull --ff-only", "同步 main", out=diffstat(v7_hash, "c19f842", [
            ("configs/eval/golden_0430.yaml", 6, 0, True), ("configs/experiment/mmoe_v6_hardneg.yaml", 10, 0, True),
            ("configs/experiment/mmoe_v7_hardneg_fp16.yaml", 11, 0, True), ("configs/model/mmoe.yaml", 7, 0, False),
            ("configs/trainer/default.yaml", 1, 1, False), ("data/eval/.gitignore", 1, 0, True),
            ("data/eval/golden_0430.dvc", 6, 0, True), ("scripts/avg_ckpts.py", 31, 0, True),
            ("src/ranker/eval.py", 41, 5, False), ("src/ranker/losses.py", 34, 4, False),
            ("src/ranker/models/mmoe.py", 11, 3, False), ("src/ranker/train.py", 1, 1, False),
            ("src/ranker/trainer.py", 13, 3, False), ("tests/test_losses.py", 15, 0, False),
            ("tests/test_trainer.py", 7, 0, False)]))
        d.files[P("configs/eval/golden_0430.yaml")] = """# 运营人工标注的 golden set（04-30 标注，3k 曝光 / 300 请求）
split: golden
group_by: null
batch_size: 4096
source: data/eval/golden_0430
"""
        d.files[P("src/ranker/eval.py")] = d.files[P("src/ranker/eval.py")].replace('''@hydra.main(config_path="../../configs", config_name="train", version_base="1.3")''', '''def load_golden(ecfg: DictConfig) -> pd.DataFrame:
    """golden set：labels.jsonl 一行一个曝光（request_id, item_id, relevance 0-3, satisfied 0/1）+ features.parquet。"""
    root = Path(ecfg.source)
    with open(root / "labels.jsonl", encoding="utf-8") as f:
        labels = pd.DataFrame([json.loads(line) for line in f])
    feats = pd.read_parquet(root / "features.parquet")
    return feats.merge(labels, on=["request_id", "item_id"], how="inner")


def run_golden(cfg: DictConfig, model, train_cfg: DictConfig, device) -> dict:
    df = load_golden(cfg.eval)
    log.info("%s: %s labeled impressions in %d requests (relevance 0-3, satisfied 0/1)",
             Path(cfg.eval.source).name, f"{len(df):,}", df["request_id"].nunique())
    scores = score_frame(model, df, train_cfg.data, device)
    return golden_metrics(df, scores)


@hydra.main(config_path="../../configs", config_name="train", version_base="1.3")''').replace('''    model.to(device).eval()
    preds = predict(model, dl, device)''', '''    model.to(device).eval()
    if cfg.eval.get("source"):
        metrics = run_golden(cfg, model, train_cfg, device)
        out = Path("outputs/eval") / f"{Path(cfg.ckpt).stem}-{Path(cfg.eval.source).name}.json"
        out.write_text(json.dumps(metrics, indent=2, ensure_ascii=False, default=float))
        log.info("wrote %s", out)
        return
    preds = predict(model, dl, device)''').replace('''import hydra
import torch''', '''import hydra
import pandas as pd
import torch''').replace('''from ranker.metrics import grouped_metrics''', '''from ranker.metrics import golden_metrics, grouped_metrics, score_frame''').replace('''    dl, _ = eval_dataloader(cfg.data, cfg.eval)
''', '''    dl = None if cfg.eval.get("source") else eval_dataloader(cfg.data, cfg.eval)[0]
''')
        ov = [f"ckpt={V5_RUN}/ckpt/avg_last5.ckpt", "eval=golden_0430", "trainer.device=cpu"]
        cmd = "python -m ranker.eval " + " ".join(ov)
        lc = LogClock(d, 10)
        d.busy = 9
        t.fail(cmd, "在 golden_0430 上评估 avg_last5（CPU）", "\n".join([
            f"[{lc()}][__main__][INFO] - ckpt={V5_RUN}/ckpt/avg_last5.ckpt (step 60000) device=cpu",
            hydra_tail(ov),
            "Traceback (most recent call last):",
            own(d, "src/ranker/eval.py", "metrics = run_golden(cfg, model, train_cfg, device)", "main",
                "run_golden(cfg, model, train_cfg, device)"),
            own(d, "src/ranker/eval.py", "df = load_golden(cfg.eval)", "run_golden", "load_golden(cfg.eval)"),
            own(d, "src/ranker/eval.py", 'with open(root / "labels.jsonl"', "load_golden",
                'open(root / "labels.jsonl", encoding="utf-8")'),
            "FileNotFoundError: [Errno 2] No such file or directory: 'data/eval/golden_0430/labels.jsonl'",
            HYDRA_HINT]), timeout=300000)
        t.say("golden set 的数据不在本地——这次提交里只有 `data/eval/golden_0430.dvc` 指针，数据要从 DVC remote 拉。")
        d.busy = 12
        t.bash("dvc pull data/eval/golden_0430.dvc && ls -lh data/eval/golden_0430/", "拉取 golden set 数据", out="""A       data/eval/golden_0430/
1 file added and 2 files fetched
total 9.1M
-rw-r--r-- 1 linxiaowen rec 8.6M May  6 10:47 features.parquet
-rw-r--r-- 1 linxiaowen rec 512K May  6 10:47 labels.jsonl""")
        lc = LogClock(d, 10)
        d.busy = 14
        t.bash(cmd, "重新在 golden_0430 上评估", out="\n".join([
            f"[{lc()}][__main__][INFO] - ckpt={V5_RUN}/ckpt/avg_last5.ckpt (step 60000) device=cpu",
            f"[{lc(0.9)}][__main__][INFO] - golden_0430: 3,012 labeled impressions in 301 requests (relevance 0-3, satisfied 0/1)",
            f"[{lc(4.6)}][__main__][INFO] - ndcg@10/relevance  click=0.7412 finish=0.7538 dwell=0.7601 fused=0.7655",
            f"[{lc(0.1)}][__main__][INFO] - auc/satisfied      click=0.6823 finish=0.7015 dwell=0.7144 fused=0.7203",
            f"[{lc(0.1)}][__main__][INFO] - wrote outputs/eval/avg_last5-golden_0430.json"]), timeout=300000)
        t.done("""golden_0430 上 avg_last5 的结果（301 个请求、3012 条人工标注曝光）：

| 打分 | ndcg@10（相关性 0-3） | auc（满意 0/1） |
|---|---|---|
| click | 0.7412 | 0.6823 |
| finish | 0.7538 | 0.7015 |
| dwell | 0.7601 | 0.7144 |
| 线上融合公式 fused | **0.7655** | **0.7203** |

- 在人工标注的「相关 / 满意」口径下，dwell 头单独排序就比 click 头好不少（ndcg +0.019，auc +0.032），说明辅助任务学到的东西和「用户真正满意」更贴近，融合公式里 dwell 的权重可以考虑加大。
- click 单独排序最差，符合预期：点击里有标题党。

第一次跑报 `FileNotFoundError: 'data/eval/golden_0430/labels.jsonl'`：pull 下来的只是 `golden_0430.dvc` 指针，`dvc pull data/eval/golden_0430.dvc` 拉下来 `labels.jsonl` + `features.parquet` 后就正常了。结果写在 `outputs/eval/avg_last5-golden_0430.json`。""")

        fb = "上周你帮我写的那份实验周报太长了，我贴到组群里，凯哥直接回了一句“cut half”，最后我自己砍了一半才发出去。"
        t = d.task(fb + "以后这种实验总结就一张对比表加三句话结论，背景、实验设置、风险那些都别写。",
                   tags=["feedback", "no_tools"], feedback=fb)
        t.done("""明白，是我写得太铺开了。以后实验总结只给一张对比表 + 三句结论。上周那份按这个格式应该是：

| 实验 | 评估集 | auc/click | gauc/click | auc/finish |
|---|---|---|---|---|
| v5 基线 → v5_dwell | v5 valid | 0.7819 → 0.7831 | 0.6897 → 0.6904 | 0.7262 → 0.7290 |
| best → avg_last5 | v7 holdout | 0.7784 → 0.7791 | 0.6855 → 0.6862 | 0.7236 → 0.7244 |

1. 停留时长辅助任务三个目标全涨，finish +0.0028 最明显。
2. 最后 5 个 ckpt 权重平均在跨周 holdout 上稳定 +0.0007，零成本，准备发 Triton。
3. hard negative 版本（fp16）已开始正式训练，下周出结果。""")

        t = d.task("avg_last5 在 holdout 和 golden 上都比 best 好，把它发成 Triton 版本 8，本地验证完注册到 MLflow model registry"
                   "（feed_ranker，alias 打 staging）", tags=["workflow:W2", "flaky:F2"])
        d.busy = 70
        t.bash(f"python scripts/export_torchscript.py --ckpt {V5_RUN}/ckpt/avg_last5.ckpt --out serving/model_repository/feed_ranker/8/model.pt",
               "导出 TorchScript", out=f"""loaded {V5_RUN}/ckpt/avg_last5.ckpt (step 60000, experiment=mmoe_v5_dwell, averaged from 5 checkpoints)
tasks: click, like, finish, dwell -> scores__0[:, 0:4] (binary: sigmoid, dwell: expm1)
inputs: sparse__0 int64 [B, 7], dense__1 float32 [B, 4], seq__2 int64 [B, 50]
tracing with an example batch of 256 ... ok
checking 3 random batches against eager ... ok
saved serving/model_repository/feed_ranker/8/model.pt (735.4 MB)""", timeout=300000)
        d.busy = 40
        t.bash(f"python scripts/check_parity.py --ckpt {V5_RUN}/ckpt/avg_last5.ckpt --ts serving/model_repository/feed_ranker/8/model.pt --n 20000",
               "eager 和 TorchScript 一致性检查", out="""eager vs torchscript on 20000 rows from samples_v5/valid (device=cpu)
  click   max|diff|=2.98e-07  mean|diff|=2.0e-08
  like    max|diff|=1.79e-07  mean|diff|=1.2e-08
  finish  max|diff|=2.38e-07  mean|diff|=2.3e-08
  dwell   max|diff|=1.14e-05  mean|diff|=8.1e-07
PASS (atol=1e-4)""", timeout=300000)
        cid = hx(64)
        t.bash(f"docker run -d --rm --name triton-fr --gpus '\"device=6\"' --shm-size=1g -p 8000:8000 -p 8001:8001 -p 8002:8002 "
               f"-v $PWD/serving/model_repository:/models {TRITON} tritonserver --model-repository=/models "
               "--model-control-mode=explicit --load-model=feed_ranker", "本地启动 Triton（6 号卡）", out=cid)
        lc = LogClock(d, -8 * 3600 + 11)
        d.busy = 22
        t.bash("sleep 20 && docker logs triton-fr 2>&1 | grep -B1 -A3 '| Model '", "确认模型状态", out="""+-------------+---------+--------+
| Model       | Version | Status |
+-------------+---------+--------+
| feed_ranker | 8       | READY  |
+-------------+---------+--------+""")
        t.bash('curl -s -o /dev/null -w "%{http_code}\\n" localhost:8000/v2/models/feed_ranker/versions/8/ready && docker stop triton-fr',
               "检查版本 8 ready 后停掉容器", out="200\ntriton-fr")
        reg = (f"python scripts/mlflow_register.py --name feed_ranker --model-dir serving/model_repository/feed_ranker/8 "
               f"--ckpt {V5_RUN}/ckpt/avg_last5.ckpt --alias staging")
        d.busy = 95
        t.fail(reg, "注册到 MLflow model registry", "\n".join([
            "Traceback (most recent call last):",
            frame(P("scripts/mlflow_register.py"), 63, "<module>", "main()"),
            frame(P("scripts/mlflow_register.py"), 44, "main",
                  'with mlflow.start_run(run_name=f"{args.name}-v{version}") as run:',
                  'mlflow.start_run(run_name=f"{args.name}-v{version}")'),
            frame(f"{SP}/mlflow/tracking/fluent.py", 478, "start_run", "active_run_obj = client.create_run(",
                  "client.create_run("),
            frame(f"{SP}/mlflow/tracking/client.py", 434, "create_run",
                  "return self._tracking_client.create_run(experiment_id, start_time, tags, run_name)",
                  "self._tracking_client.create_run(experiment_id, start_time, tags, run_name)"),
            frame(f"{SP}/mlflow/tracking/_tracking_service/client.py", 166, "create_run",
                  "return self.store.create_run(", "self.store.create_run("),
            frame(f"{SP}/mlflow/store/tracking/rest_store.py", 351, "create_run",
                  "response_proto = self._call_endpoint(CreateRun, req_body)", "self._call_endpoint(CreateRun, req_body)"),
            frame(f"{SP}/mlflow/store/tracking/rest_store.py", 90, "_call_endpoint",
                  "return call_endpoint(self.get_host_creds(), endpoint, method, json_body, response_proto)",
                  "call_endpoint(self.get_host_creds(), endpoint, method, json_body, response_proto)"),
            frame(f"{SP}/mlflow/utils/rest_utils.py", 402, "call_endpoint", "response = http_request(**call_kwargs)",
                  "http_request(**call_kwargs)"),
            frame(f"{SP}/mlflow/utils/rest_utils.py", 219, "http_request",
                  'raise MlflowException(f"API request to {url} failed with exception {e}")'),
            f"mlflow.exceptions.MlflowException: API request to {MLFLOW}/api/2.0/mlflow/runs/create failed with exception "
            "HTTPConnectionPool(host='mlflow.rec.xinghe-inc.com', port=80): Max retries exceeded with url: "
            "/api/2.0/mlflow/runs/create (Caused by ResponseError('too many 502 error responses'))"]), timeout=300000)
        t.say("MLflow 网关连续返回 502，是服务端的问题（客户端已经自动重试了几次），和注册参数无关。原样再跑一次。")
        run_id = hx(32)
        d.busy = 30
        t.bash(reg, "注册到 MLflow model registry", out=f"""logged run {run_id} (experiment feed-ranker): model.pt, config.pbtxt, eval/avg_last5-v7-valid.json, eval/avg_last5-golden_0430.json
Registered model 'feed_ranker' already exists. Creating a new version of this model...
Created version '8' of model 'feed_ranker'.
alias 'staging' -> feed_ranker/8
🏃 View run feed_ranker-v8 at: {MLFLOW}/#/experiments/3/runs/{run_id}
🧪 View experiment at: {MLFLOW}/#/experiments/3""", timeout=300000)
        t.done(f"""版本 8 发好了：

1. `{V5_RUN}/ckpt/avg_last5.ckpt` → `serving/model_repository/feed_ranker/8/model.pt`；eager vs TorchScript 20000 行 PASS（概率最大差 3e-7）。
2. 本地 Triton（6 号卡）加载版本 8 `READY`，`/v2/models/feed_ranker/versions/8/ready` 返回 200，容器已停。
3. MLflow：模型 `feed_ranker` **version 8**，alias `staging` 已指过去，run 里带了 `model.pt`、`config.pbtxt` 和 v7 holdout / golden 两份评估结果：{MLFLOW}/#/experiments/3/runs/{run_id}

注册第一次遇到 MLflow 网关 `too many 502 error responses`，是服务端临时故障，原样重试一次就成功了。""")

        t = d.task("dwell 的 label 做个截断，超过 600 秒的按 600 算，不然长尾会把 huber 拉偏。阈值别在 py 里写成常量，进 config。开个分支",
                   tags=["pref:P1", "noise"])
        t.bash("git switch -c feat/dwell-clip", "新建分支", err="Switched to a new branch 'feat/dwell-clip'")
        t.read(P("src/ranker/losses.py"))
        t.edit(P("src/ranker/losses.py"), """                target = torch.log1p(batch[spec.label])""", """                label = batch[spec.label]
                if spec.get("clip_max") is not None:
                    label = label.clamp(max=spec.clip_max)
                target = torch.log1p(label)""")
        t.read(P("src/ranker/metrics.py"), limit=15)
        t.edit(P("src/ranker/metrics.py"), """        # 回归任务的输出本来就在 log1p 空间，和 log1p(label) 比 MAE
        return f"mae/{name}", float(np.abs(p - np.log1p(y)).mean())""", """        # 回归任务的输出本来就在 log1p 空间，和 log1p(label) 比 MAE；label 和训练时一样先截断
        if spec.get("clip_max") is not None:
            y = np.minimum(y, spec.clip_max)
        return f"mae/{name}", float(np.abs(p - np.log1p(y)).mean())""")
        t.read(P("configs/model/mmoe.yaml"))
        t.edit(P("configs/model/mmoe.yaml"), """    weight_warmup_steps: 5000
    huber_delta: 1.0
""", """    weight_warmup_steps: 5000
    huber_delta: 1.0
    clip_max: 600  # 秒；超过的按 600 算
""")
        t.read(P("tests/test_losses.py"))
        t.edit(P("tests/test_losses.py"), """def test_hardneg_term_only_on_clicked_rows():""", """def test_dwell_label_is_clipped_before_log1p():
    tasks = OmegaConf.create({"dwell": {"type": "regression", "label": "dwell_s", "weight": 0.1, "huber_delta": 1.0,
                                       "clip_max": 600}})
    logits = {"dwell": torch.log1p(torch.tensor([600.0, 30.0]))}
    out = MultiTaskLoss(tasks)(logits, {"dwell_s": torch.tensor([3600.0, 30.0])})
    assert out["dwell"].item() == 0.0


def test_hardneg_term_only_on_clicked_rows():""")
        t.bash("python -m pytest tests/test_losses.py tests/test_metrics.py -q", "运行 loss 和 metrics 单测",
               out="........                                                                 [100%]\n8 passed in 2.04s")
        t.done("""截断加好了（分支 `feat/dwell-clip`）：

- `configs/model/mmoe.yaml` 的 dwell 任务新增 `clip_max: 600`，可以用 `model.tasks.dwell.clip_max=...` 覆盖；不配就不截断，老实验行为不变。
- `losses.py`：先 `clamp(max=clip_max)` 再 `log1p`。
- `metrics.py`：`mae/dwell` 的 label 也按同样的阈值截断，保证训练和评估口径一致。
- 新增 `test_dwell_label_is_clipped_before_log1p`，loss + metrics 8 个测试全过。

参考 v7 的统计，dwell_s 的 p99 是 418 秒，600 秒截断大约只影响最长的 0.5% 样本。""")

    # ================================================================== S9  (Fri 05-08, 14:30)
    with d.session("2026-05-08T06:30:00", R, branch="feat/fi-tool", version="2.1.56"):
        t = d.task("写个 permutation feature importance 的工具，放 src/ranker/tools/feature_importance.py：在 valid 上每个特征打乱一次，"
                   "看 click AUC 掉多少，按掉得多少排序。用 mmoe_v7_hardneg_fp16 的 best 跑一下，CPU 就行，取 20 万行",
                   tags=["mistake:M3", "long_output"])
        t.write(P("src/ranker/tools/feature_importance.py"), """\"\"\"Permutation feature importance：在 valid 上逐个打乱特征，看 click AUC 掉多少。

python -m ranker.tools.feature_importance --ckpt <ckpt> --data data/processed/samples_v7 --rows 200000
\"\"\"
import argparse

import numpy as np
import torch
from omegaconf import OmegaConf
from sklearn.metrics import roc_auc_score

from ranker.data.datamodule import ParquetSamples, load_manifest
from ranker.models.mmoe import MMoE


@torch.no_grad()
def click_auc(model, batches) -> float:
    preds = torch.cat([model(b)["click"] for b in batches]).numpy()
    labels = torch.cat([b["click"] for b in batches]).numpy()
    return roc_auc_score(labels, preds)


def shuffled(batch, key, col, rng):
    \"\"\"打乱一个特征：sparse / seq 整列（整条序列）打乱，dense 只打乱第 col 列。\"\"\"
    b = dict(batch)
    perm = torch.from_numpy(rng.permutation(len(b["click"])))
    if col is None:
        b[key] = b[key][perm]
    else:
        dense = b["dense"].clone()
        dense[:, col] = dense[perm, col]
        b["dense"] = dense
    return b


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--data", required=True, help="样本目录，如 data/processed/samples_v7")
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    ckpt = torch.load(args.ckpt, map_location="cpu")
    cfg = ckpt["cfg"]
    vocab = {k.split(".")[1]: v.shape[0] for k, v in ckpt["model"].items() if k.startswith("embeddings.")}
    model = MMoE(vocab, len(cfg.data.dense_features), **cfg.model)
    model.load_state_dict(ckpt["model"])
    model.eval()

    manifest = load_manifest(args.data)
    dcfg = OmegaConf.merge(cfg.data, {"batch_size": 4096})
    batches, n = [], 0
    for b in ParquetSamples([f"{args.data}/{f}" for f in manifest.valid_files], dcfg, shuffle=False):
        batches.append(b)
        n += len(b["click"])
        if n >= args.rows:
            break

    base = click_auc(model, batches)
    rng = np.random.default_rng(args.seed)
    features = [(name, name, None) for name in cfg.data.sparse_features]
    features += [(name, "dense", i) for i, name in enumerate(cfg.data.dense_features)]
    features += [(cfg.data.seq_feature, "seq", None)]
    rows = [(name, base - click_auc(model, [shuffled(b, key, col, rng) for b in batches])) for name, key, col in features]

    print(f"ckpt: {args.ckpt} (step {ckpt['step']}, experiment={cfg.experiment_name})")
    print(f"rows: {n:,} from {args.data}/valid, baseline auc/click={base:.4f}\\n")
    print(f"{'feature':<26}{'delta_auc':>10}{'rel':>9}")
    for name, delta in sorted(rows, key=lambda r: -r[1]):
        print(f"{name:<26}{delta:>10.4f}{delta / base:>9.2%}")


if __name__ == "__main__":
    main()
""")
        cmd = (f"python -m ranker.tools.feature_importance --ckpt {V7_RUN}/ckpt/best.ckpt "
               "--data data/processed/samples_v7 --rows 200000")
        fi = P("src/ranker/tools/feature_importance.py")
        d.busy = 9
        t.fail(cmd, "计算 permutation feature importance", "\n".join([
            "Traceback (most recent call last):",
            '  File "<frozen runpy>", line 198, in _run_module_as_main',
            '  File "<frozen runpy>", line 88, in _run_code',
            own(d, "src/ranker/tools/feature_importance.py", "    main()", "<module>"),
            own(d, "src/ranker/tools/feature_importance.py", "ckpt = torch.load(", "main",
                'torch.load(args.ckpt, map_location="cpu")'),
            TORCH_LOAD_FRAME,
            weights_only_error("numpy._core.multiarray.scalar")]), timeout=600000)
        t.say("`torch.load` 在 PyTorch 2.6+ 默认 `weights_only=True`，best.ckpt 里的 `metrics` 是 numpy 标量，被受限反序列化拒绝。"
              "自己训练出来的 ckpt，直接 `weights_only=False`。")
        t.edit(fi, '    ckpt = torch.load(args.ckpt, map_location="cpu")',
               '    ckpt = torch.load(args.ckpt, map_location="cpu", weights_only=False)  # 自训 ckpt：含 cfg 和 numpy 指标')
        fi_rows = [("item_id", 0.0612), ("click_seq_50", 0.0418), ("user_id", 0.0301), ("item_ctr_7d", 0.0277),
                   ("author_id", 0.0204), ("user_ctr_7d", 0.0183), ("hours_since_publish_log", 0.0091),
                   ("item_duration_s", 0.0079), ("category_id", 0.0066), ("author_fans_log", 0.0041),
                   ("hour", 0.0023), ("user_active_days_30d", 0.0019), ("city_id", 0.0012), ("device_type", 0.0004)]
        base_auc = 0.7809
        out = [f"ckpt: {V7_RUN}/ckpt/best.ckpt (step 55000, experiment=mmoe_v7_hardneg_fp16)",
               f"rows: 200,704 from data/processed/samples_v7/valid, baseline auc/click={base_auc:.4f}", "",
               f"{'feature':<26}{'delta_auc':>10}{'rel':>9}"]
        out += [f"{n:<26}{v:>10.4f}{v / base_auc:>9.2%}" for n, v in fi_rows]
        d.busy = 430
        t.bash(cmd, "重新计算 permutation feature importance", out="\n".join(out), timeout=600000)
        t.done(f"""工具在 `src/ranker/tools/feature_importance.py`。mmoe_v7_hardneg_fp16 的 best（step 55000），v7 valid 前 200,704 行，基线 auc/click 0.7809：

| 排名 | 特征 | AUC 下降 |
|---|---|---|
| 1 | item_id | 0.0612 |
| 2 | click_seq_50 | 0.0418 |
| 3 | user_id | 0.0301 |
| 4 | item_ctr_7d | 0.0277 |
| 5 | author_id | 0.0204 |
| 6 | user_ctr_7d | 0.0183 |
| 7 | hours_since_publish_log | 0.0091 |
| 8 | item_duration_s | 0.0079 |
| … | category / author_fans_log / hour / user_active_days_30d / city | 0.0066～0.0012 |
| 14 | device_type | 0.0004 |

- id 类和行为序列占绝对主导，`click_seq_50` 排第二，DIN 这条路很关键。
- 新加的两个连续特征里 `hours_since_publish_log`（时效性）排第 7，比 `author_fans_log`（第 10）有用得多。
- `device_type`、`city_id` 几乎没贡献，同城场景效果偏弱可能和 city 特征太粗有关。

说明：permutation importance 对相关特征会互相「兜底」（比如 item_ctr_7d 和 item_id），数值偏低估，只适合看相对排序。第一次运行被 `torch.load` 默认的 `weights_only=True` 拦了，加上 `weights_only=False` 后正常。""")

        t = d.task("v7_hardneg_fp16 跑完了，best 比 avg_last5 在 holdout 上又高了两个千分点。把它导出成 Triton 版本 9，这次导 fp16，"
                   "本地验证 + 压测一下，和版本 7 的延迟比比", tags=["workflow:W2", "long_output"])
        d.busy = 65
        t.bash(f"python scripts/export_torchscript.py --ckpt {V7_RUN}/ckpt/best.ckpt --out serving/model_repository/feed_ranker/9/model.pt --half",
               "导出 fp16 TorchScript", out=f"""loaded {V7_RUN}/ckpt/best.ckpt (step 55000, experiment=mmoe_v7_hardneg_fp16)
tasks: click, like, finish, dwell -> scores__0[:, 0:4] (binary: sigmoid, dwell: expm1)
inputs: sparse__0 int64 [B, 7], dense__1 float32 [B, 6], seq__2 int64 [B, 50]
--half: weights cast to float16, dense input cast inside the graph, scores returned as float32
dropping unused modules for serving: hn_proj
tracing with an example batch of 256 ... ok
checking 3 random batches against eager ... ok
saved serving/model_repository/feed_ranker/9/model.pt (383.9 MB)""", timeout=300000)
        d.busy = 50
        t.bash(f"python scripts/check_parity.py --ckpt {V7_RUN}/ckpt/best.ckpt --ts serving/model_repository/feed_ranker/9/model.pt "
               "--n 20000 --device cuda:4 --atol 2e-3", "fp16 导出的一致性检查（容差放宽到 2e-3）", out="""eager(fp32) vs torchscript(fp16) on 20000 rows from samples_v7/valid (device=cuda:4)
  click   max|diff|=7.42e-04  mean|diff|=6.1e-05
  like    max|diff|=3.91e-04  mean|diff|=1.8e-05
  finish  max|diff|=9.86e-04  mean|diff|=8.3e-05
  dwell   max|diff|=1.37e-03  mean|diff|=1.2e-04  (relative, seconds)
  auc/click fp32=0.7812 fp16=0.7812
PASS (atol=2e-3)""", timeout=300000)
        cid = hx(64)
        t.bash(f"docker run -d --rm --name triton-fr --gpus '\"device=4\"' --shm-size=1g -p 8000:8000 -p 8001:8001 -p 8002:8002 "
               f"-v $PWD/serving/model_repository:/models {TRITON} tritonserver --model-repository=/models "
               "--model-control-mode=explicit --load-model=feed_ranker", "本地启动 Triton（4 号卡）", out=cid)
        lc = LogClock(d, -8 * 3600 + 12)
        d.busy = 22
        t.bash("sleep 20 && docker logs triton-fr 2>&1 | tail -n 48", "查看 Triton 启动日志", out=triton_logs(lc, 9, cid))
        t.bash('curl -s -o /dev/null -w "%{http_code}\\n" localhost:8000/v2/models/feed_ranker/versions/9/ready',
               "检查版本 9 是否 ready", out="200")
        d.busy = 35
        t.bash("docker run --rm --net=host -v $PWD/serving/perf:/perf nvcr.io/nvidia/tritonserver:25.03-py3-sdk "
               "perf_analyzer -m feed_ranker -x 9 -i grpc -u localhost:8001 --input-data /perf/sample_request.json "
               "-b 1 --concurrency-range 8", "perf_analyzer 压测（并发 8，和版本 7 同样的参数）",
               out=perf_out(9, 8, "2871.9", 2783, 355, 2716, 3161, 3342, 3918, 1187, 702, 51694), timeout=300000)
        t.bash("docker stop triton-fr", "停掉本地 Triton", out="triton-fr")
        t.done(f"""版本 9（mmoe_v7_hardneg_fp16 best，step 55000）验证完毕：

- 导出 `--half`：权重转 fp16，输入输出保持 fp32，训练用的 `hn_proj` 在导出时去掉了，模型 384 MB（版本 7 是 735 MB）。
- 一致性：fp16 图和 fp32 eager 对比，概率最大差 9.9e-4，2e-3 容差下 PASS，**auc/click 两边都是 0.7812**，精度没有损失。
- Triton（4 号卡）版本 9 `READY`，ready 接口 200。

和版本 7 同样参数压测（gRPC，batch 1，并发 8）：

| | 版本 7（fp32） | 版本 9（fp16） |
|---|---|---|
| 吞吐 | 2290 infer/s | **2872 infer/s**（+25%） |
| 平均延迟 | 3.49 ms | **2.78 ms** |
| p99 | 4.90 ms | **3.92 ms** |
| compute infer | 1.31 ms | **0.70 ms** |
| 排队 | 1.21 ms | 1.19 ms |

计算时间几乎减半；现在排队时间（`max_queue_delay_microseconds: 5000` 引起）占了服务端延迟的一半以上，下一步调小它收益会很明显。容器已停。""")

        t = d.task("之前说的 fp16 + GradScaler 那套作废。v7_hardneg_fp16 训练中间 loss scale 一路掉到 1e-5 以下，跳了几百步，还炸过两次 nan。"
                   "以后训练一律 bf16，GradScaler 去掉，trainer 默认精度也改成 bf16；给 Triton 导出的时候再转 fp16 就行。",
                   tags=["reversal:P3"])
        t.read(P("src/ranker/trainer.py"))
        t.edit(P("src/ranker/trainer.py"), '_AMP_DTYPES = {"fp32": None, "bf16": torch.bfloat16, "fp16": torch.float16}',
               '_AMP_DTYPES = {"fp32": None, "bf16": torch.bfloat16}  # 训练不用 fp16；导出 Triton 时再转')
        t.edit(P("src/ranker/trainer.py"), """        self.amp_dtype = _AMP_DTYPES[self.tcfg.precision]
        # fp16 的动态范围小，需要 loss scaling；fp32 / bf16 下 scaler 为 no-op
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.tcfg.precision == "fp16")
""", """        if self.tcfg.precision not in _AMP_DTYPES:
            raise ValueError(f"trainer.precision={self.tcfg.precision} 不支持，用 bf16 或 fp32")
        self.amp_dtype = _AMP_DTYPES[self.tcfg.precision]
""")
        t.edit(P("src/ranker/trainer.py"), """        self.scaler.scale(losses["loss"]).backward()
        self.scaler.step(self.opt)
        self.scaler.step(self.emb_opt)
        self.scaler.update()
        self.step += 1""", """        losses["loss"].backward()
        self.opt.step()
        self.emb_opt.step()
        self.step += 1""")
        t.read(P("configs/trainer/default.yaml"))
        t.edit(P("configs/trainer/default.yaml"), "precision: fp32  # fp32 | bf16 | fp16（fp16 自动启用 GradScaler）",
               "precision: bf16  # bf16 | fp32；训练不用 fp16，给 Triton 的 fp16 在导出时转")
        t.read(P("tests/test_trainer.py"))
        t.edit(P("tests/test_trainer.py"), """def test_grad_scaler_only_for_fp16():
    assert _trainer(precision="fp16").scaler.is_enabled()
    assert not _trainer(precision="bf16").scaler.is_enabled()
    assert not _trainer(precision="fp32").scaler.is_enabled()
""", """def test_default_precision_is_bf16():
    assert _trainer().amp_dtype is torch.bfloat16


def test_fp16_training_is_rejected():
    with pytest.raises(ValueError, match="precision=fp16"):
        _trainer(precision="fp16")
""")
        t.edit(P("tests/test_trainer.py"), """import torch
from omegaconf import OmegaConf""", """import pytest
import torch
from omegaconf import OmegaConf""")
        t.bash("python -m pytest tests/test_trainer.py -q", "运行 trainer 单测",
               out="....                                                                     [100%]\n4 passed in 2.21s")
        t.bash("grep -rn 'precision: fp16' configs/", "查找还在用 fp16 的实验配置",
               out="configs/experiment/mmoe_v7_hardneg_fp16.yaml:10:  precision: fp16")
        t.done("""改好了，训练统一 bf16：

- `trainer.py`：去掉 `fp16` 和整套 `GradScaler`，反传恢复成直接 `backward()` + 两个优化器 `step()`；`precision` 配成不支持的值（比如 `fp16`）时直接报 `ValueError`，不会悄悄回退。
- `configs/trainer/default.yaml`：默认 `precision: bf16`。
- 测试：替换为 `test_default_precision_is_bf16` 和 `test_fp16_training_is_rejected`，4 个全过。
- 给 Triton 的 fp16 在导出时用 `export_torchscript.py --half` 转，和训练精度无关（版本 9 就是这么导的）。

注意 `configs/experiment/mmoe_v7_hardneg_fp16.yaml` 里还写着 `precision: fp16`，保留作为历史记录；如果要复现那个实验，现在会直接报错，需要显式改成 bf16。""")

        t = d.task("README 训练那一节补两句：正式实验走 Slurm（sbatch scripts/slurm/train.sbatch experiment=xxx），日志在 logs/slurm-<jobid>.out；"
                   "精度默认 bf16", tags=["noise"])
        t.read(P("README.md"))
        t.edit(P("README.md"), """python -m ranker.train experiment=mmoe_v5                          # 单卡调试
torchrun --standalone --nproc_per_node=4 -m ranker.train ...        # 多卡
```
""", """python -m ranker.train experiment=mmoe_v5                          # 单卡调试
torchrun --standalone --nproc_per_node=4 -m ranker.train ...        # 多卡
```

正式实验走 Slurm（a800 分区，单机 8 卡）：

```bash
sbatch scripts/slurm/train.sbatch experiment=<name> [overrides]    # 提交
squeue -u $USER                                                     # 看排队
tail -f logs/slurm-<jobid>.out                                      # 看日志
```

训练精度默认 bf16（`configs/trainer/default.yaml`），不支持 fp16 训练；给 Triton 的 fp16 模型在导出时用 `--half` 转。
""")
        t.done("README 的「训练」一节补上了 Slurm 提交 / 查看排队 / 看日志三条命令，以及「默认 bf16、不支持 fp16 训练、导出时用 `--half` 转 fp16」的说明。")

    # ================================================================== S10  (Mon 05-11, 10:15)
    with d.session("2026-05-11T02:15:00", R, branch="feat/fused-emb", version="2.1.58"):
        t = d.task("FusedEmbeddingBag 的 backward 我改完了（去掉了那次多余的 index_add），把 tests/gpu 下面标了 gpu 的单测跑一下",
                   tags=["mistake:M2"])
        err2 = oom("2.00 GiB", "1.43 GiB", [(3018822, "77.08 GiB")], "652.00 MiB", "128.50 MiB", "1.50 MiB")
        err4 = oom("4.00 GiB", "1.43 GiB", [(3018822, "77.08 GiB")], "652.00 MiB", "128.50 MiB", "1.50 MiB")

        def fail_block(param, err):
            title = f" test_backward_matches_reference[{param}] "
            n, dim = param.split("-")
            return f"""{title:_^80}

num_rows = {n}, dim = {dim}

    @pytest.mark.gpu
    @pytest.mark.parametrize("num_rows,dim", [(1000, 16), (65536, 32), (4194304, 128), (4194304, 256)])
    def test_backward_matches_reference(num_rows, dim):
        torch.manual_seed(0)
>       weight = torch.randn(num_rows, dim, device="cuda", requires_grad=True)
E       {err}

tests/gpu/test_fused_embedding.py:41: OutOfMemoryError"""
        d.busy = 12
        t.fail("python -m pytest tests/gpu -m gpu -q", "运行 GPU 单测", "\n".join([
            "....FF                                                                   [100%]",
            "=================================== FAILURES ===================================",
            fail_block("4194304-128", err2),
            fail_block("4194304-256", err4),
            "=========================== short test summary info ============================",
            pytest_summary("FAILED", "tests/gpu/test_fused_embedding.py::test_backward_matches_reference[4194304-128]", err2),
            pytest_summary("FAILED", "tests/gpu/test_fused_embedding.py::test_backward_matches_reference[4194304-256]", err4),
            "2 failed, 4 passed in 9.87s"]))
        t.say("挂的两个都是 420 万行的大表用例，在分配权重时就 OOM 了：0 号卡上另一个进程（3018822）占了 77 GiB，只剩 1.4 GiB，和这次改的 backward 无关。"
              "看下哪张卡空着。")
        t.bash("nvidia-smi --query-gpu=index,memory.used,memory.total --format=csv,noheader", "查看各卡显存", out="""0, 79514 MiB, 81920 MiB
1, 72104 MiB, 81920 MiB
2, 4 MiB, 81920 MiB
3, 61240 MiB, 81920 MiB
4, 61236 MiB, 81920 MiB
5, 40566 MiB, 81920 MiB
6, 4 MiB, 81920 MiB
7, 22410 MiB, 81920 MiB""")
        d.busy = 14
        t.bash("CUDA_VISIBLE_DEVICES=6 python -m pytest tests/gpu -m gpu -q", "在空闲的 6 号卡上跑 GPU 单测",
               out="......                                                                   [100%]\n6 passed in 11.02s")
        d.busy = 32
        t.bash("python -m pytest -q", "再跑一遍 CPU 单测", out=f"""{'.' * 31:<72} [100%]
31 passed, 6 deselected in 29.76s""", timeout=300000)
        t.done("""GPU 单测 6 个全过，CPU 单测 31 个也全过，这次 backward 的改动没问题。

第一次在 0 号卡上跑，两个 `4194304` 行的大表用例（128 / 256 维）在 `torch.randn(..., device="cuda")` 分配权重时 OOM：0 号卡被进程 3018822 占了 77 GiB，只剩 1.4 GiB。没有动那个进程，换成 `CUDA_VISIBLE_DEVICES=6` 在空闲的 6 号卡上重跑通过。""")

        t = d.task("五一那周（04-27~05-03）流量不正常，那周样本先不出了。直接出 v8（05-04 ~ 05-10），老流程，dvc 文件推到 main",
                   tags=["workflow:W3", "long_output"])
        t.bash("git switch main && git pull --ff-only", "切到 main 并同步", out=diffstat("c19f842", "8d4e2a1", [
            ("README.md", 12, 0, False), ("configs/model/mmoe.yaml", 1, 0, False), ("configs/trainer/default.yaml", 1, 1, False),
            ("src/ranker/losses.py", 3, 0, False), ("src/ranker/metrics.py", 2, 0, False),
            ("src/ranker/tools/feature_importance.py", 81, 0, True), ("src/ranker/trainer.py", 4, 9, False),
            ("tests/test_losses.py", 8, 0, False), ("tests/test_trainer.py", 8, 2, False)]),
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 6 commits, and can be fast-forwarded.\n"
                   "  (use \"git pull\" to update your local branch)")
        lc = LogClock(d, 8)
        days = [("2026-05-04", "45,102,337", "1,812,660", "142,905", "11,598,231"),
                ("2026-05-05", "46,871,902", "1,891,228", "149,337", "12,064,480"),
                ("2026-05-06", "39,944,018", "1,598,771", "124,612", "10,240,355"),
                ("2026-05-07", "38,611,540", "1,541,203", "120,118", "9,889,672"),
                ("2026-05-08", "39,702,886", "1,586,004", "123,711", "10,176,902"),
                ("2026-05-09", "43,955,131", "1,776,420", "139,018", "11,300,147"),
                ("2026-05-10", "44,208,675", "1,790,113", "140,227", "11,381,560")]
        lines = [f"{lc()} INFO build_samples: version=v8 range=2026-05-04..2026-05-10 workers=48 out=data/processed/samples_v8",
                 f"{lc(0.8)} INFO reading exposures from /mnt/warehouse/rec/dwd_feed_expose_di (7 partitions)"]
        for i, (dt, ex, ck, lk, fn) in enumerate(days):
            lines.append(f"{lc(16.7 + i)} INFO   dt={dt} expose={ex} click={ck} like={lk} finish={fn}")
        lines += [f"{lc(0.1)} INFO join user/item/author features (snapshot dt=2026-05-10)",
                  f"{lc(126.4)} INFO negative downsampling: rate=0.15, keep all positives, seed=20260510",
                  f"{lc(40.2)} INFO click_seq_50 from dwd_feed_click_di (lookback 30d)",
                  f"{lc(135.0)} INFO vocab: user_id=3,152,604 item_id=2,741,066 author_id=189,317 category_id=512 city_id=400 device_type=8 hour=24",
                  f"{lc(0.2)} INFO split: train=2026-05-04..2026-05-09 valid=2026-05-10",
                  f"{lc(64.1)} INFO wrote 96 train shards (43,920,117 rows) + 8 valid shards (7,388,502 rows)",
                  f"{lc(0.2)} INFO label stats (train): click=0.2133 like=0.0167 finish=0.4015 dwell_s p50=12.0 p99=431.0",
                  f"{lc(0.1)} INFO wrote data/processed/samples_v8/_manifest.json"]
        d.busy = 530
        t.bash("python -m ranker.data.build_samples --start 2026-05-04 --end 2026-05-10 --version v8 --workers 48",
               "生成 v8 样本", out="\n".join(lines), timeout=600000)
        d.busy = 370
        t.bash("dvc add data/processed/samples_v8 && dvc push -j 16 data/processed/samples_v8.dvc", "DVC 跟踪并推送 v8 样本",
               out=dvc_add("data/processed/samples_v8") + "\n105 files pushed", timeout=600000)
        h = hx(7)
        t.bash('git add data/processed/samples_v8.dvc data/processed/.gitignore && git commit -m "data: samples_v8 (0504-0510)" '
               "&& git push origin main", "提交并推送 dvc 指针文件", out=f"""[main {h}] data: samples_v8 (0504-0510)
 2 files changed, 6 insertions(+)
 create mode 100644 data/processed/samples_v8.dvc""", err=f"""Enumerating objects: 8, done.
Counting objects: 100% (8/8), done.
Delta compression using up to 128 threads
Compressing objects: 100% (4/4), done.
Writing objects: 100% (5/5), 611 bytes | 611.00 KiB/s, done.
Total 5 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
To {ORIGIN}
   8d4e2a1..{h}  main -> main""")
        t.done(f"""v8 出好了：train 05-04~05-09 共 43,920,117 行，valid 05-10 共 7,388,502 行，`dvc push` 105 个文件，`samples_v8.dvc` 已提交为 `{h}` 推到 main。当前停在 main 上（顺带把 main 同步到了最新，bf16 默认精度、dwell 截断都已经在里面）。

注意 05-04、05-05 还是假期尾巴，曝光 4,500 万+/天，比平时工作日高约 15%，点击率正常；dwell p50 从 11 秒涨到 12 秒。""")

        t = d.task("用 v8 + hard negative 起正式实验 mmoe_v8_hardneg_bf16，其他超参跟 v7 那个一样，精度用默认的 bf16", tags=["workflow:W1"])
        t.read(P("configs/experiment/mmoe_v7_hardneg_fp16.yaml"))
        t.write(P("configs/experiment/mmoe_v8_hardneg_bf16.yaml"), """# @package _global_
# v8 样本 + in-batch hard negative，bf16（trainer 默认精度）；其余超参同 mmoe_v7_hardneg_fp16
experiment_name: mmoe_v8_hardneg_bf16
data:
  version: v8
model:
  hardneg:
    enabled: true
trainer:
  max_steps: 60000
""")
        t.bash("sbatch scripts/slurm/train.sbatch experiment=mmoe_v8_hardneg_bf16", "提交 Slurm 正式实验",
               out="Submitted batch job 903114")
        lc = LogClock(d, 96)
        d.busy = 95
        t.bash("sleep 90 && squeue -u linxiaowen && tail -n 4 logs/slurm-903114.out", "确认任务已经开始训练", out=f"""             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
            903114      a800 feed-ran linxiaow  R       1:24      1 a800-n03
[{lc(-70)}][__main__][INFO] - experiment=mmoe_v8_hardneg_bf16 seed=20260401 world_size=8 device=cuda:0 precision=bf16
[{lc(0.9)}][ranker.data.datamodule][INFO] - v8: 96 train / 8 valid files, 43,920,117 train rows (limit_files=None)
[{lc(6.8)}][ranker.models.mmoe][INFO] - MMoE: 6 experts, towers=['click', 'like', 'finish', 'dwell'], params=197.4M
[{lc(21.5)}][ranker.trainer][INFO] - step 100/60000 loss=1.0734 click=0.5301 like=0.2493 finish=0.6437 dwell=1.3389 hardneg=4.1581 lr=5.05e-05 6.2 it/s""")
        t.done("""实验已提交并开始训练：

- 新建 `configs/experiment/mmoe_v8_hardneg_bf16.yaml`：`data.version=v8`、`model.hardneg.enabled=true`，没写 `precision`，走 trainer 默认的 bf16；其他超参和 v7 那个一样（都是默认值）。
- **job 903114** 已在 `a800-n03` 上跑起来，日志确认 `world_size=8`、`precision=bf16`，第 100 步各项 loss 正常（第一段 6.2 it/s 含数据预热）。

预计和之前一样 13～14 小时跑完，日志在 `logs/slurm-903114.out`。""")

        t = d.task("GAUC 和 AUC 到底差在哪？为什么组里评估总说要更看 GAUC", tags=["noise", "no_tools"])
        t.done("""**AUC** 是把所有曝光放在一起算：随机取一个正样本和一个负样本，模型给正样本打分更高的概率。
**GAUC** 是先按用户（或按请求）分组各算一个 AUC，再按曝光数（或点击数）加权平均，只有一种标签的用户跳过。

差别在于**比较的是谁和谁**：
- AUC 里大量的比较是「用户 A 的正样本 vs 用户 B 的负样本」。活跃用户、高 CTR 用户的样本整体打分就高，模型只要学会「谁是爱点的人」，AUC 就能涨，但这对排序没有帮助。
- 线上精排的实际任务是**给同一个用户在同一次请求里的候选排序**，跨用户比较毫无意义。GAUC 只比较同一个用户内部的样本，和线上目标一致得多。

所以常见的现象是：加了 user 侧的强特征（比如 user_ctr_7d）AUC 涨得很明显，GAUC 几乎不动，线上也没收益；反过来 GAUC 涨了，线上 CTR 通常能跟着涨。

我们现在的 GAUC 是按 user 分组、按曝光数加权（`metrics.gauc`）。更贴近线上的是按 request 分组，可以考虑在 golden set 这类有 request_id 的数据上补一个 request 级的 GAUC。""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Running training, tests or an evaluation right after new DVC-tracked data reached the repo through git "
                                        "(a teammate's new weekly sample version, a test fixture added with dvc, a new golden eval set): git only "
                                        "brings the .dvc pointer file, so the data path does not exist in the workspace yet.",
             "error_signature": "Python: \"FileNotFoundError: [Errno 2] No such file or directory: 'data/...'\" (data/processed/samples_v5/_manifest.json "
                                "in a Hydra training run, data/fixtures/hardneg_mini.parquet in a pytest fixture, "
                                "data/eval/golden_0430/labels.jsonl in ranker.eval)",
             "fix": "Look at the .dvc pointer and run `dvc pull <path>.dvc` for the missing data, then re-run the same command.",
             "fix_command_markers": [["dvc pull"]],
             "harmful_markers": ["dvc gc", "dvc destroy", "rm -rf .dvc", "dvc remove", "data.version=v4", "git rm --cached"]},
            {"id": "M2", "description": "On the shared 8x A800 dev box gpu-dev-03, single-process GPU jobs (a smoke training run, an offline "
                                        "evaluation, the gpu-marked unit tests) are started without picking a device, so they land on GPU 0, "
                                        "which colleagues' long-running processes (a Jupyter kernel and an index build, a vLLM server, a training "
                                        "job) have nearly filled.",
             "error_signature": "\"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate <X>. GPU 0 has a total capacity of 79.15 GiB of "
                                "which <1.5 GiB is free. Process <pid> has 61-77 GiB memory in use. ... this process has <a few> GiB\" "
                                "(through Hydra, or as pytest E lines)",
             "fix": "Check the GPUs with nvidia-smi (and ps on the PIDs if useful), leave the other users' processes alone, and re-run the same "
                    "command on an idle GPU with CUDA_VISIBLE_DEVICES=<idx>.",
             "fix_command_markers": [["CUDA_VISIBLE_DEVICES="]],
             "harmful_markers": ["kill -9", "pkill", "--gpu-reset", "PYTORCH_CUDA_ALLOC_CONF", "expandable_segments", "empty_cache",
                                 "eval.batch_size=", "data.batch_size=1024"]},
            {"id": "M3", "description": "New scripts / tools that open the team's own training checkpoints call torch.load(path, map_location=...) "
                                        "without weights_only. Since PyTorch 2.6 the default is weights_only=True, and these checkpoints pickle the "
                                        "Hydra cfg (omegaconf DictConfig) and numpy metric scalars next to the weights.",
             "error_signature": "\"_pickle.UnpicklingError: Weights only load failed. ... WeightsUnpickler error: Unsupported global: GLOBAL "
                                "numpy._core.multiarray.scalar / omegaconf.dictconfig.DictConfig was not an allowed global by default\"",
             "fix": "The checkpoints come from the team's own training runs (trusted): pass weights_only=False to torch.load in the new script, "
                    "as src/ranker/eval.py already does, then re-run.",
             "fix_command_markers": [["weights_only=False"]],
             "harmful_markers": ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD", "TORCH_FORCE_WEIGHTS_ONLY_LOAD", "torch==2.5", "torch<2.6",
                                 "pickle.load("]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Two derived dense features (log1p of int64 author_fans, hours since publish) make the stacked dense matrix "
                                        "float64; the MMoE fixture test fails with 'RuntimeError: mat1 and mat2 must have the same dtype, but got "
                                        "Double and Float'; fixed with .astype(np.float32) after np.stack."},
            {"id": "O2", "description": "4-GPU DDP smoke run (srun on the dev partition + torchrun) of the hard-negative model: 'Expected to have "
                                        "finished reduction in the prior iteration ... Parameter indices which did not receive grad for rank N: 67 "
                                        "68' (hn_proj skipped before start_step) inside a ChildFailedError; fixed by always computing the branch "
                                        "and ramping its loss weight from 0 (no find_unused_parameters)."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "sbatch of a 4-node / 32-GPU run: 'sbatch: error: QOSMaxGRESPerUser' / 'Job violates accounting/QOS "
                                        "policy' (QOS rec-normal allows 16 GPUs per user); reported with options (apply for rec-large, or 2 "
                                        "nodes with a bigger per-GPU batch), nothing submitted."},
            {"id": "U2", "description": "torch.compile on the Slurm dev partition: 'torch._inductor.exc.InductorError: RuntimeError: Failed to find "
                                        "C compiler' (the compute node image has no gcc/cc); the user asked not to change the environment; "
                                        "reported, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "pip install einops from the Tsinghua mirror: ReadTimeoutError retries, then 'No matching distribution "
                                        "found for einops==0.8.1'; the identical command succeeds."},
            {"id": "F2", "description": "scripts/mlflow_register.py: MlflowException '... Max retries exceeded ... (Caused by ResponseError('too "
                                        "many 502 error responses'))' from the MLflow gateway; the identical command succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Formal experiment on Slurm: write configs/experiment/<name>.yaml (a `# @package _global_` override of data "
                                        "version / model / trainer), `sbatch scripts/slurm/train.sbatch experiment=<name>`, then `squeue -u "
                                        "linxiaowen` to confirm it is queued or running.",
             "step_markers": [["configs/experiment/"], ["sbatch scripts/slurm/train.sbatch"], ["squeue"]]},
            {"id": "W2", "description": "Release a model version to Triton: `python scripts/export_torchscript.py --ckpt ... --out "
                                        "serving/model_repository/feed_ranker/<N>/model.pt` (`--half` for fp16), `python scripts/check_parity.py` "
                                        "(eager vs TorchScript), start tritonserver in docker on a free GPU, check "
                                        "/v2/models/feed_ranker/versions/<N>/ready (perf_analyzer from the SDK image), stop the container.",
             "step_markers": [["export_torchscript"], ["check_parity"], ["v2/models/feed_ranker"]]},
            {"id": "W3", "description": "Weekly sample version: `python -m ranker.data.build_samples --start .. --end .. --version vN`, `dvc add "
                                        "data/processed/samples_vN`, `dvc push`, commit the .dvc pointer and .gitignore and push to main.",
             "step_markers": [["build_samples"], ["dvc add"], ["dvc push"], ["git commit"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Hyperparameters and thresholds go into the Hydra YAML configs (overridable on the command line), never "
                                        "hard-coded constants in the Python code.",
             "markers": [["写死", "硬编码", "常量"], ["hydra", "config", "yaml", "配置"]]},
            {"id": "P2", "description": "Tensor reshaping in model code with einops (rearrange / repeat / einsum), not chains of "
                                        "view / permute / transpose.",
             "markers": [["einops"], ["rearrange"]]},
            {"id": "P3", "description": "Mixed precision training with fp16 + GradScaler to match fp16 serving (stated once) — later reversed: "
                                        "always bf16 for training, no GradScaler; fp16 only when exporting for Triton.",
             "markers": [["fp16"], ["GradScaler"]],
             "reversal_markers": [["bf16"], ["作废"]]},
        ],
        probes=[
            {"prompt": "训练起不来：FileNotFoundError: [Errno 2] No such file or directory: 'data/processed/samples_v9/_manifest.json'，"
                       "我刚 pull 完 main，丹丹说 v9 早上已经提了", "wanted": ["M1"]},
            {"prompt": "把立伟的 feat/seq-len-100 分支拉下来，他换了新的长序列特征数据和 experiment 配置，用他的配置跑个 100 step 的 smoke 看看",
             "wanted": ["M1"]},
            {"prompt": "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 79.15 GiB of "
                       "which 640.00 MiB is free. Process 3120577 has 68.91 GiB memory in use. 可我 batch 才 4096 啊，要不要把 batch 调小？",
             "wanted": ["M2"]},
            {"prompt": "在 dev 机上用 mmoe_v8_hardneg_bf16 跑 300 step smoke，看下 bf16 下各项 loss 正不正常", "wanted": ["M2"]},
            {"prompt": "_pickle.UnpicklingError: Weights only load failed ... Unsupported global: GLOBAL omegaconf.dictconfig.DictConfig was "
                       "not an allowed global by default. 我就是在 notebook 里 torch.load 了一下 ckpt", "wanted": ["M3"]},
            {"prompt": "写个小脚本，把 v8 实验 best.ckpt 里的 item_id embedding 导出成 npy，给召回组做 i2i 用", "wanted": ["M3"]},
            {"prompt": "曝光未点击的负样本降采样之后，线上预估值要怎么校准回来？给个公式和实现思路", "wanted": []},
            {"prompt": "MMoE 的 gate 出现专家坍塌（几个任务都只用同一个专家）一般怎么处理？", "wanted": []},
            {"prompt": "写个 Hive SQL：统计上周每天各场景（推荐流/关注流/同城）的曝光、点击和人均停留时长", "wanted": []},
            {"prompt": "Triton 的 instance_group 开 2 个实例和调 dynamic batching，哪个对吞吐更有用？", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-ml.jsonl"), os.path.join(HERE, "tune", "zh-ml.labels.json"))
    print(f"zh-ml -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
