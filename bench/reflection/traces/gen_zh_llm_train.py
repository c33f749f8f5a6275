"""zh-llm-train: 周婧 (Zhou Jing), algorithm engineer fine-tuning open LLMs at a Beijing AI company.

Stack: PyTorch 2.5.1, transformers 4.46 / peft 0.13 / trl 0.12, DeepSpeed ZeRO-3, accelerate, vLLM 0.6 for
evaluation, a Slurm GPU cluster (partitions debug / a800, shared /mnt/share storage, no outbound internet on the
cluster: HF_HUB_OFFLINE=1, models come from the ModelScope mirror), conda env `sft`, wandb (offline on the
compute nodes, synced from the login node), git + internal GitLab (glab). Prompts and replies in Chinese; tool
output as the tools print it. cwd /mnt/share/zhoujing/sft-lab on the login node.

Written blind for fresh/; measured once held out (round 11), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhoujing"
R = "/mnt/share/zhoujing/sft-lab"
MODEL = "claude-opus-4-6"
ENV = "/mnt/share/zhoujing/miniconda3/envs/sft"
SP = f"{ENV}/lib/python3.11/site-packages"
GL = "https://gitlab.lingjing-ai.cn/llm/sft-lab"
ORIGIN = "https://gitlab.lingjing-ai.cn/llm/sft-lab.git"
DATA = "/mnt/share/zhoujing/data/sft"
CKPT = "/mnt/share/zhoujing/ckpt"
MODELS = "/mnt/share/models"
SRUN = "srun -p debug -A llm-sft"

HX = random.Random(1009)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("README.md"): """# sft-lab

周婧的 SFT / 对齐实验仓库。底座以 Qwen2.5 系列为主，全参 SFT 用 DeepSpeed ZeRO-3，评测用 vLLM。

## 环境

```bash
conda activate sft          # torch 2.5.1 + cu124, transformers 4.46, trl 0.12, deepspeed 0.15, vllm 0.6.4
pip install -e .
```

## 目录

- `train_sft.py`             全参 / LoRA SFT 入口，读 `configs/sft/*.yaml`
- `configs/sft/`             每个实验一个 yaml
- `configs/ds/`              DeepSpeed 配置（zero3.json）
- `configs/data/`            数据配比 mix_vN.yaml
- `scripts/build_sft_mix.py` 按配比拼数据、套模板、tokenize，写到 /mnt/share/zhoujing/data/sft/mix_vN
- `scripts/check_data.py`    数据检查：重复、长度分布、截断比例、空回复
- `scripts/slurm/`           sbatch 模板（train_zero3.sbatch、eval_vllm.sbatch）
- `templates/`               chat 模板（jinja）
- `src/sftlab/`              collator、数据工具

## 提交训练

```bash
sbatch scripts/slurm/train_zero3.sbatch configs/sft/<exp>.yaml
```

日志在 `logs/`，wandb 在计算节点上是 offline 的，跑完在登录节点 `wandb sync`。
""",
    P("train_sft.py"): """import argparse
import logging

import yaml
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments

from sftlab.collator import SFTCollator
from sftlab.data import load_mix

logger = logging.getLogger("train_sft")


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    ap.add_argument("--max_steps", type=int, default=-1)
    ap.add_argument("--output_dir")
    ap.add_argument("--model_name_or_path")
    ap.add_argument("--deepspeed")
    ap.add_argument("--save_steps", type=int)
    ap.add_argument("--resume_from_checkpoint")
    return ap.parse_args()


def main():
    args = parse()
    cfg = yaml.safe_load(open(args.config))
    for k in ("output_dir", "model_name_or_path", "deepspeed", "save_steps"):
        if getattr(args, k) is not None:
            cfg[k] = getattr(args, k)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    tok = AutoTokenizer.from_pretrained(cfg["model_name_or_path"])
    train_ds, eval_ds = load_mix(cfg["data_path"])
    targs = TrainingArguments(
        output_dir=cfg["output_dir"],
        deepspeed=cfg.get("deepspeed"),
        per_device_train_batch_size=cfg["per_device_train_batch_size"],
        gradient_accumulation_steps=cfg["gradient_accumulation_steps"],
        learning_rate=cfg["learning_rate"],
        num_train_epochs=cfg["num_train_epochs"],
        max_steps=args.max_steps,
        lr_scheduler_type=cfg["lr_scheduler_type"],
        warmup_ratio=cfg["warmup_ratio"],
        bf16=cfg["bf16"],
        gradient_checkpointing=cfg["gradient_checkpointing"],
        save_steps=cfg["save_steps"],
        logging_steps=cfg["logging_steps"],
        report_to=cfg["report_to"],
        run_name=cfg["run_name"],
        save_only_model=cfg.get("save_only_model", False),
    )
    model = AutoModelForCausalLM.from_pretrained(
        cfg["model_name_or_path"], torch_dtype="bfloat16", attn_implementation="flash_attention_2"
    )
    trainer = Trainer(
        model=model,
        args=targs,
        train_dataset=train_ds,
        eval_dataset=eval_ds,
        data_collator=SFTCollator(tok, max_len=cfg["max_len"]),
    )
    trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)
    trainer.save_model(cfg["output_dir"])
    tok.save_pretrained(cfg["output_dir"])


if __name__ == "__main__":
    main()
""",
    P("configs/sft/qwen7b_full_mix_v3.yaml"): """model_name_or_path: /mnt/share/models/Qwen2.5-7B
data_path: /mnt/share/zhoujing/data/sft/mix_v3
max_len: 4096
output_dir: /mnt/share/zhoujing/ckpt/qwen7b_full_mix_v3
deepspeed: configs/ds/zero3.json
per_device_train_batch_size: 2
gradient_accumulation_steps: 8
learning_rate: 1.0e-5
num_train_epochs: 3
lr_scheduler_type: cosine
warmup_ratio: 0.03
bf16: true
gradient_checkpointing: true
save_steps: 200
logging_steps: 10
report_to: wandb
run_name: qwen7b_full_mix_v3
""",
    P("configs/ds/zero3.json"): """{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "contiguous_gradients": true,
    "reduce_bucket_size": "auto",
    "stage3_prefetch_bucket_size": "auto",
    "stage3_param_persistence_threshold": "auto",
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "gradient_accumulation_steps": "auto",
  "gradient_clipping": "auto",
  "train_batch_size": "auto",
  "train_micro_batch_size_per_gpu": "auto",
  "steps_per_print": 100,
  "wall_clock_breakdown": false
}
""",
    P("scripts/slurm/train_zero3.sbatch"): """#!/bin/bash
#SBATCH -J sft
#SBATCH -p a800
#SBATCH -A llm-sft
#SBATCH -N 1
#SBATCH --gres=gpu:8
#SBATCH -c 96
#SBATCH --mem=900G
#SBATCH -t 3-00:00:00
#SBATCH -o logs/%x-%j.out
#SBATCH -e logs/%x-%j.err

CONFIG=$1
source /mnt/share/zhoujing/miniconda3/etc/profile.d/conda.sh
conda activate sft

export WANDB_MODE=offline
export WANDB_DIR=/mnt/share/zhoujing/wandb
export NCCL_IB_HCA=mlx5
export OMP_NUM_THREADS=8

echo "job $SLURM_JOB_ID on $(hostname), config=$CONFIG"
accelerate launch --config_file configs/accelerate/zero3_8gpu.yaml train_sft.py --config "$CONFIG"
""",
    P("scripts/slurm/eval_vllm.sbatch"): """#!/bin/bash
#SBATCH -J eval
#SBATCH -p a800
#SBATCH -A llm-sft
#SBATCH -N 1
#SBATCH --gres=gpu:1
#SBATCH -c 16
#SBATCH --mem=200G
#SBATCH -t 06:00:00
#SBATCH -o logs/%x-%j.out

MODEL_DIR=$1
NAME=$(basename "$MODEL_DIR")
source /mnt/share/zhoujing/miniconda3/etc/profile.d/conda.sh
conda activate sft

for BENCH in ceval cmmlu gsm8k_zh alignbench kefu_internal; do
  python scripts/eval_gen.py --model "$MODEL_DIR" --bench "$BENCH" \\
    --temperature 0.0 --n 1 --max_tokens 2048 \\
    --out "results/$NAME/$BENCH.jsonl"
done
python scripts/summarize_eval.py "results/$NAME"
""",
    P("configs/data/mix_v3.yaml"): """# mix_v3: 2026-09-24
tokenizer: /mnt/share/models/Qwen2.5-7B
template: templates/qwen_chatml.jinja
max_len: 4096
seed: 42
sources:
  - name: general_zh
    path: data/raw/general_zh_v2.jsonl
    take: 120000
  - name: math_cot
    path: data/raw/math_cot_zh.jsonl
    take: 30000
  - name: kefu
    path: data/raw/kefu_qa_0910.jsonl
    take: 15000
  - name: multiturn
    path: data/raw/multiturn_sharegpt_zh.jsonl
    take: 25000
eval_ratio: 0.01
""",
    P("scripts/build_sft_mix.py"): """import argparse
import json
import logging
import random
from pathlib import Path

import yaml
from jinja2 import Template
from transformers import AutoTokenizer

logger = logging.getLogger("build_sft_mix")


def to_messages(rec):
    # sharegpt 风格: {"conversations": [{"from": "human", "value": ...}, {"from": "gpt", "value": ...}]}
    role = {"human": "user", "gpt": "assistant", "system": "system"}
    return [{"role": role[t["from"]], "content": t["value"]} for t in rec["conversations"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mix", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--workers", type=int, default=32)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = yaml.safe_load(open(args.mix))
    rng = random.Random(cfg["seed"])
    tpl = Template(Path(cfg["template"]).read_text())
    tok = AutoTokenizer.from_pretrained(cfg["tokenizer"])
    rows = []
    for src in cfg["sources"]:
        recs = [json.loads(l) for l in open(src["path"], encoding="utf-8")]
        rng.shuffle(recs)
        recs = recs[: src["take"]]
        for r in recs:
            msgs = to_messages(r)
            rows.append({"source": src["name"], "messages": msgs, "text": tpl.render(messages=msgs)})
        logger.info("%-12s %7d", src["name"], len(recs))
    rng.shuffle(rows)
    n_eval = int(len(rows) * cfg["eval_ratio"])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for split, part in (("eval", rows[:n_eval]), ("train", rows[n_eval:])):
        with open(out / f"{split}.jsonl", "w", encoding="utf-8") as f:
            for r in part:
                r["n_tokens"] = len(tok(r["text"]).input_ids)
                f.write(json.dumps(r, ensure_ascii=False) + "\\n")
        logger.info("wrote %s: %d", split, len(part))


if __name__ == "__main__":
    main()
""",
    P("src/sftlab/collator.py"): """from dataclasses import dataclass

import torch

IGNORE_INDEX = -100


@dataclass
class SFTCollator:
    tokenizer: object
    max_len: int = 4096

    def encode(self, messages):
        \"\"\"逐轮拼接，只在 assistant 的回复上算 loss。\"\"\"
        ids, labels = [], []
        for m in messages:
            part = self.tokenizer.apply_chat_template([m], tokenize=True, add_generation_prompt=False)
            ids += part
            if m["role"] == "assistant":
                labels += part
            else:
                labels += [IGNORE_INDEX] * len(part)
        return ids[: self.max_len], labels[: self.max_len]

    def __call__(self, batch):
        enc = [self.encode(b["messages"]) for b in batch]
        n = max(len(i) for i, _ in enc)
        pad = self.tokenizer.pad_token_id
        input_ids = torch.full((len(enc), n), pad, dtype=torch.long)
        labels = torch.full((len(enc), n), IGNORE_INDEX, dtype=torch.long)
        attn = torch.zeros((len(enc), n), dtype=torch.long)
        for k, (i, l) in enumerate(enc):
            input_ids[k, : len(i)] = torch.tensor(i)
            labels[k, : len(l)] = torch.tensor(l)
            attn[k, : len(i)] = 1
        return {"input_ids": input_ids, "labels": labels, "attention_mask": attn}
""",
    P("tests/test_collator.py"): """import pytest
from transformers import AutoTokenizer

from sftlab.collator import IGNORE_INDEX, SFTCollator

TOK = "/mnt/share/models/Qwen2.5-0.5B-Instruct"


@pytest.fixture(scope="module")
def tok():
    return AutoTokenizer.from_pretrained(TOK)


def conv():
    return [
        {"role": "user", "content": "你好"},
        {"role": "assistant", "content": "你好，有什么可以帮你？"},
        {"role": "user", "content": "讲个笑话"},
        {"role": "assistant", "content": "好的。"},
    ]


def test_only_assistant_tokens_have_labels(tok):
    c = SFTCollator(tok)
    ids, labels = c.encode(conv())
    assert len(ids) == len(labels)
    n_lab = sum(l != IGNORE_INDEX for l in labels)
    assert 0 < n_lab < len(ids)


def test_truncation(tok):
    c = SFTCollator(tok, max_len=8)
    ids, labels = c.encode(conv())
    assert len(ids) == 8 and len(labels) == 8


def test_padding_and_mask(tok):
    c = SFTCollator(tok)
    b = c([{"messages": conv()}, {"messages": conv()[:2]}])
    assert b["input_ids"].shape == b["labels"].shape == b["attention_mask"].shape
    assert b["attention_mask"][1].sum() < b["attention_mask"][0].sum()
""",
    P("templates/qwen_chatml.jinja"): """{%- for m in messages -%}
<|im_start|>{{ m.role }}
{{ m.content }}<|im_end|>
{% endfor -%}
""",
    P("docs/experiments.md"): """# 实验记录

| 实验 | 底座 | 数据 | 训练 | C-Eval | CMMLU | GSM8K-zh | AlignBench | 客服内部集 | 备注 |
|---|---|---|---|---|---|---|---|---|---|
| qwen7b_full_mix_v2 | Qwen2.5-7B | mix_v2 (17.1 万) | 全参 3ep lr1e-5 | 78.9 | 79.6 | 74.2 | 6.21 | 71.5 | |
| qwen7b_full_mix_v3 | Qwen2.5-7B | mix_v3 (19.0 万) | 全参 3ep lr1e-5 | 79.4 | 80.1 | 76.8 | 6.38 | 74.9 | 加 multiturn |
""",
}


def tb(frames, exc):
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(f"    {code}")
    out.append(exc)
    return "\n".join(out)


def sp(rel):
    return f"{SP}/{rel}"


def srun_alloc(job, node):
    return (f"srun: job {job} queued and waiting for resources\n"
            f"srun: job {job} has been allocated resources")


def srun_fail(node, code=1, task=0):
    return f"srun: error: {node}: task {task}: Exited with exit code {code}"


def hf_offline_error(repo, entry, frames):
    """transformers 4.46 cached_file in offline mode (HF_HUB_OFFLINE=1), nothing cached, not a local dir."""
    inner = tb([
        (sp("transformers/utils/hub.py"), 403, "cached_file", "resolved_file = hf_hub_download("),
        (sp("huggingface_hub/utils/_validators.py"), 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (sp("huggingface_hub/file_download.py"), 862, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
        (sp("huggingface_hub/file_download.py"), 969, "_hf_hub_download_to_cache_dir",
         "_raise_on_head_call_error(head_call_error, force_download, local_files_only)"),
        (sp("huggingface_hub/file_download.py"), 1484, "_raise_on_head_call_error", "raise LocalEntryNotFoundError("),
    ], "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache and outgoing "
       "traffic has been disabled. To enable hf.co look-ups and downloads online, set 'local_files_only' to False.")
    outer = tb(frames + [
        (sp("transformers/utils/hub.py"), 446, "cached_file", "raise EnvironmentError("),
    ], f"OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached "
       f"files and it looks like {repo} is not the path to a directory containing a file named {entry}.\n"
       f"Checkout your internet connection or see how to run the library in offline mode at "
       f"'https://huggingface.co/docs/transformers/installation#offline-mode'.")
    return inner + "\n\nThe above exception was the direct cause of the following exception:\n\n" + outer


def wandb_timeout(script, own_frames, rank_prefix=""):
    lines = [
        "wandb: Currently logged in as: zhoujing (lingjing-llm). Use `wandb login --relogin` to force relogin",
        "wandb: Network error (ConnectTimeout), entering retry loop.",
        "wandb: ERROR Run initialization has timed out after 90.0 sec. Please try increasing the timeout with the "
        "`init_timeout` setting: `wandb.init(settings=wandb.Settings(init_timeout=120))`.",
    ]
    t = tb(own_frames + [
        (sp("transformers/trainer.py"), 2123, "train", "return inner_training_loop("),
        (sp("transformers/trainer.py"), 2387, "_inner_training_loop",
         "self.control = self.callback_handler.on_train_begin(args, self.state, self.control)"),
        (sp("transformers/trainer_callback.py"), 463, "on_train_begin", 'return self.call_event("on_train_begin", args, state, control)'),
        (sp("transformers/trainer_callback.py"), 507, "call_event", "result = getattr(callback, event)("),
        (sp("transformers/integrations/integration_utils.py"), 915, "on_train_begin", "self.setup(args, state, model, **kwargs)"),
        (sp("transformers/integrations/integration_utils.py"), 842, "setup", "self._wandb.init("),
        (sp("wandb/sdk/wandb_init.py"), 1270, "init", "wandb._sentry.reraise(e)"),
        (sp("wandb/analytics/sentry.py"), 161, "reraise", "raise exc.with_traceback(sys.exc_info()[2])"),
        (sp("wandb/sdk/wandb_init.py"), 1256, "init", "return wi.init()"),
        (sp("wandb/sdk/wandb_init.py"), 847, "init", "raise error"),
    ], "wandb.errors.errors.CommError: Run initialization has timed out after 90.0 sec. Please try increasing the "
       "timeout with the `init_timeout` setting: `wandb.init(settings=wandb.Settings(init_timeout=120))`.")
    lines += [rank_prefix + x for x in t.split("\n")]
    return "\n".join(lines)


def no_grad_error(own_frames, via_trainer=True):
    frames = list(own_frames)
    if via_trainer:
        frames += [
            (sp("transformers/trainer.py"), 2123, "train", "return inner_training_loop("),
            (sp("transformers/trainer.py"), 2481, "_inner_training_loop",
             "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)"),
            (sp("transformers/trainer.py"), 3612, "training_step", "self.accelerator.backward(loss, **kwargs)"),
        ]
    frames += [
        (sp("accelerate/accelerator.py"), 2246, "backward", "loss.backward(**kwargs)"),
        (sp("torch/_tensor.py"), 581, "backward", "torch.autograd.backward("),
        (sp("torch/autograd/__init__.py"), 347, "backward", "_engine_run_backward("),
        (sp("torch/autograd/graph.py"), 825, "_engine_run_backward",
         "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
    ]
    warn = (sp("torch/utils/checkpoint.py") + ":87: UserWarning: None of the inputs have requires_grad=True. "
            "Gradients will be None\n  warnings.warn(")
    return warn + "\n" + tb(frames, "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn")


def ds_banner(ts):
    return (f"[{ts}] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda (auto detect)")


def shards(n, secs):
    per = secs / n
    return f"Loading checkpoint shards: 100%|██████████| {n}/{n} [00:{int(secs):02d}<00:00, {per:.2f}s/it]"


def steps(rows):
    out = []
    for loss, gn, lr, ep in rows:
        out.append("{'loss': %s, 'grad_norm': %s, 'learning_rate': %s, 'epoch': %s}" % (loss, gn, lr, ep))
    return out


def squeue_out(rows):
    head = "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"
    return "\n".join([head] + [f"{j:>18} {p:>9} {n:>8} {u:>8} {st:>2} {tm:>10} {nn:>6} {nl}" for j, p, n, u, st, tm, nn, nl in rows])


def sacct_out(rows):
    head = ("JobID           JobName  Partition    Elapsed      State ExitCode        NodeList \n"
            "------------ ---------- ---------- ---------- ---------- -------- --------------- ")
    return "\n".join([head] + [f"{a:<12} {b:>10} {c:>10} {d_:>10} {e:>10} {f:>8} {g:>15} " for a, b, c, d_, e, f, g in rows])


def git_push(branch, new=False, n=6, size="3.41 KiB | 3.41 MiB/s"):
    lines = [f"Enumerating objects: {n + 3}, done.", f"Counting objects: 100% ({n + 3}/{n + 3}), done.",
             "Delta compression using up to 64 threads", f"Compressing objects: 100% ({n}/{n}), done.",
             f"Writing objects: 100% ({n}/{n}), {size}, done.", f"Total {n} (delta {n // 2}), reused 0 (delta 0), pack-reused 0"]
    if new:
        lines += ["remote: ", f"remote: To create a merge request for {branch}, visit:",
                  f"remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}",
                  "remote: "]
    lines.append(f"To {ORIGIN}")
    a, b = hx(7), hx(7)
    lines.append(f" * [new branch]      {branch} -> {branch}" if new else f"   {a}..{b}  {branch} -> {branch}")
    return "\n".join(lines)


def check_data_out(name, n_train, n_eval, dup, p50, p90, p99, mx, trunc, empty, by_src):
    lines = [f"== {name}  ({DATA}/{name})",
             f"train={n_train:,}  eval={n_eval:,}",
             f"exact dup (messages hash): {dup}",
             f"empty assistant turns:     {empty}",
             f"n_tokens  p50={p50}  p90={p90}  p99={p99}  max={mx}",
             f"truncated at max_len=4096: {trunc}",
             "",
             "source          rows   share   mean_tok",
             "--------------  ------  ------  --------"]
    tot = sum(r for _, r, _ in by_src)
    for s, r, m in by_src:
        lines.append(f"{s:<14}  {r:>6}  {100 * r / tot:>5.1f}%  {m:>8}")
    lines.append("OK: no blocking issues")
    return "\n".join(lines)


class ZDev(Dev):
    pass


def gen():
    d = ZDev("zh-llm-train", U, "zh", MODEL, seed=20261009, files=FILES)

    # ================================================================== S1 (Fri 10-09, 09:40 Beijing)
    with d.session("2026-10-09T01:40:00", R, branch="main", version="2.1.80"):
        t = d.task("节后第一天，这个仓库是我从晓峰那接过来的，帮我过一遍：train_sft.py 怎么读配置、数据是怎么套 chat 模板的、"
                   "loss mask 在哪做的，sbatch 模板里都设了啥", tags=["noise"])
        t.glob("**/*.{py,yaml,sbatch,jinja}", [P("train_sft.py"), P("scripts/build_sft_mix.py"), P("src/sftlab/collator.py"),
                                               P("src/sftlab/data.py"), P("tests/test_collator.py"),
                                               P("configs/sft/qwen7b_full_mix_v3.yaml"), P("configs/data/mix_v3.yaml"),
                                               P("configs/accelerate/zero3_8gpu.yaml"),
                                               P("scripts/slurm/train_zero3.sbatch"), P("scripts/slurm/eval_vllm.sbatch"),
                                               P("templates/qwen_chatml.jinja")], path=R)
        t.read(P("README.md"))
        t.read(P("train_sft.py"))
        t.read(P("src/sftlab/collator.py"))
        t.read(P("scripts/build_sft_mix.py"))
        t.read(P("scripts/slurm/train_zero3.sbatch"))
        t.read(P("configs/sft/qwen7b_full_mix_v3.yaml"))
        t.read(P("configs/ds/zero3.json"))
        t.done("""整体流程是「配比 yaml → build_sft_mix 离线拼数据 → train_sft.py 读实验 yaml → sbatch 8 卡 ZeRO-3」：

**配置**：`train_sft.py` 只有 `--config` 是必填，读 `configs/sft/<exp>.yaml`，命令行上 `--output_dir / --model_name_or_path / --deepspeed / --save_steps / --max_steps` 可以覆盖。yaml 里的字段基本一一映射到 `TrainingArguments`，`report_to: wandb`，`gradient_checkpointing: true`，模型用 bf16 + flash_attention_2 加载。

**数据和模板**：`scripts/build_sft_mix.py` 按 `configs/data/mix_vN.yaml` 从每个源随机取 `take` 条，sharegpt 格式（`conversations` / `from` / `value`）转成 messages，用 `templates/qwen_chatml.jinja` 渲染出 `text`，再用 Qwen2.5-7B 的 tokenizer 算 `n_tokens`，按 `eval_ratio` 切 train/eval 写到 `/mnt/share/zhoujing/data/sft/mix_vN/`。

**loss mask**：在 `src/sftlab/collator.py` 的 `SFTCollator.encode`：逐条消息 `apply_chat_template`，assistant 消息的 token 原样当 label，其余填 `-100`，然后整体截断到 `max_len`。注意它是对**每一轮**都算 loss，不是只算最后一轮。

**sbatch**：`train_zero3.sbatch` 申请 a800 分区 1 节点 8 卡、3 天，激活 conda 的 `sft` 环境，`WANDB_MODE=offline` + `WANDB_DIR=/mnt/share/zhoujing/wandb`，然后 `accelerate launch --config_file configs/accelerate/zero3_8gpu.yaml train_sft.py --config $1`。日志在 `logs/%x-%j.out/.err`。

几个值得留意的点：
- `zero3.json` 开了 `stage3_gather_16bit_weights_on_model_save`，所以 `trainer.save_model` 直接出 HF 格式的 bf16 权重，不用再跑 zero_to_fp32。
- collator 的 padding 用的是 `tokenizer.pad_token_id`，Qwen2.5 有 `<|endoftext|>` 作 pad，没问题；换别的底座要确认一下。""")

        t = d.task("做 mix_v4：在 v3 基础上加 2 万条代码数据 data/raw/code_alpaca_zh.jsonl，其他不动。build 完跑一下数据检查，"
                   "没问题就把配比文件提交推上去。产物写 /mnt/share/zhoujing/data/sft 下面，千万别往 home 写，home 配额只有 50G，上次写满了整个人登不上去",
                   tags=["workflow:W1", "pref:P1"])
        t.read(P("configs/data/mix_v3.yaml"))
        t.bash("head -c 600 data/raw/code_alpaca_zh.jsonl; echo; wc -l data/raw/code_alpaca_zh.jsonl",
               "看一下代码数据的格式和条数",
               out="""{"conversations": [{"from": "human", "value": "用 Python 写一个函数，判断一个字符串是不是回文串，忽略大小写和标点。"}, {"from": "gpt", "value": "可以先把字符串里的字母和数字筛出来并统一成小写，再和它的反转比较：\\n\\n```python\\nimport re\\n\\ndef is_palindrome(s: str) -> bool:\\n    t = re.sub(r'[^0-9a-zA-Z]', '', s).lower()\\n    return t == t[::-1]\\n```\\n\\n时间复杂度 O(n)。"}]}
20482 data/raw/code_alpaca_zh.jsonl""")
        mix_v4 = FILES[P("configs/data/mix_v3.yaml")].replace("# mix_v3: 2026-09-24", "# mix_v4: 2026-10-09  v3 + code_alpaca_zh 2w").replace(
            "    take: 25000\n", "    take: 25000\n  - name: code\n    path: data/raw/code_alpaca_zh.jsonl\n    take: 20000\n")
        t.write(P("configs/data/mix_v4.yaml"), mix_v4)
        t.bash(f"python scripts/build_sft_mix.py --mix configs/data/mix_v4.yaml --out {DATA}/mix_v4 --workers 32",
               "按 mix_v4 配比构建数据", out="""2026-10-09 09:52:13,402 INFO general_zh    120000
2026-10-09 09:52:15,117 INFO math_cot       30000
2026-10-09 09:52:15,806 INFO kefu           15000
2026-10-09 09:52:17,244 INFO multiturn      25000
2026-10-09 09:52:17,731 INFO code           20000
2026-10-09 09:55:40,118 INFO wrote eval: 2100
2026-10-09 09:58:02,664 INFO wrote train: 207900""", timeout=900000)
        t.bash(f"python scripts/check_data.py {DATA}/mix_v4", "检查 mix_v4：重复、长度分布、截断",
               out=check_data_out("mix_v4", 207900, 2100, 37, 512, 1486, 3390, 11873, "0.41% (853)", 0,
                                  [("general_zh", 118812, 488), ("math_cot", 29701, 702), ("kefu", 14850, 236),
                                   ("multiturn", 24749, 1380), ("code", 19788, 611)]))
        t.bash("git checkout -b exp/mix-v4 && git add configs/data/mix_v4.yaml && git commit -m \"data: mix_v4 = v3 + code_alpaca_zh 2w\"",
               "新建分支并提交配比文件", out="""Switched to a new branch 'exp/mix-v4'
[exp/mix-v4 3c1d9a2] data: mix_v4 = v3 + code_alpaca_zh 2w
 1 file changed, 24 insertions(+)
 create mode 100644 configs/data/mix_v4.yaml""")
        t.bash("git push -u origin exp/mix-v4", "推送分支", out=git_push("exp/mix-v4", new=True, n=5, size="712 bytes | 712.00 KiB/s")
               + "\nbranch 'exp/mix-v4' set up to track 'origin/exp/mix-v4'.")
        t.done(f"""mix_v4 做好了，产物在 `{DATA}/mix_v4/`（没有往 home 写任何东西）：

- train 207,900 / eval 2,100，其中 code 源 19,788 条进了 train。
- 检查结果：完全重复 37 条（很少，先不处理），空回复 0；长度 p50 512 / p90 1486 / p99 3390，按 4096 截断的有 853 条（0.41%），比 v3 略高，主要是 multiturn。
- `configs/data/mix_v4.yaml` 提交在新分支 `exp/mix-v4` 上并推到了 origin。""")

        t = d.task("问个概念：LoRA 的 rank 和 alpha 一般怎么配？我们 7B 做领域 SFT，r=64 够不够，alpha 要不要跟着 r 走？",
                   tags=["noise", "no_tools"])
        t.done("""经验上可以这么看：

- **有效缩放是 alpha / r**。LoRA 的输出是 `(alpha/r) · BAx`，所以只改 r 不改 alpha，等于同时改了容量和步长。常见做法是固定 `alpha = 2r`（r=64 → alpha=128）或者固定 alpha=16/32 让大 r 自动变"温和"。要比较不同 r，最好保持 alpha/r 不变，否则学习率也要重新调。
- **r=64 对 7B 领域 SFT 一般够用**。大部分领域适配任务 r 从 16 提到 64 还有收益，64 以上收益很小；知识注入量大（比如大规模增量预训练）才考虑 128/256 或者直接全参。
- **target_modules 比 r 更重要**：只挂 q/v 和挂全部线性层（q,k,v,o,gate,up,down）差距往往比 r 翻倍还大，建议全挂。
- 如果想让大 r 也稳定，可以试 rsLoRA（`use_rslora=True`，缩放变成 alpha/√r）。
- 学习率：LoRA 通常 1e-4 ~ 2e-4，比全参（1e-5 量级）大一个数量级。

所以建议起点：r=64、alpha=128、全线性层、lr 1e-4、warmup 3%，先跟全参 mix_v4 的结果对比一下再决定要不要调。""")

    # ================================================================== S2 (Tue 10-13, 10:10 Beijing)
    with d.session("2026-10-13T02:10:00", R, branch="exp/mix-v4", version="2.1.81"):
        t = d.task("正式训 mix_v4 之前先在 debug 分区上跑个 smoke：用 Qwen2.5-0.5B、单卡、20 步，看 loss 正不正常、数据和 collator 有没有问题",
                   tags=["mistake:M1"])
        t.read(P("configs/sft/qwen7b_full_mix_v3.yaml"))
        v4 = FILES[P("configs/sft/qwen7b_full_mix_v3.yaml")].replace("mix_v3", "mix_v4")
        t.write(P("configs/sft/qwen7b_full_mix_v4.yaml"), v4)
        cmd = (f"{SRUN} --gres=gpu:1 -c 16 --mem=128G -t 00:30:00 python train_sft.py --config configs/sft/qwen7b_full_mix_v4.yaml "
               f"--model_name_or_path {MODELS}/Qwen2.5-0.5B --deepspeed '' --max_steps 20 --output_dir {CKPT}/smoke/mix_v4_0.5b")
        t.fail(cmd, "debug 分区单卡 0.5B smoke 20 步", "\n".join([
            srun_alloc(4517206, "gpu-a800-003"),
            "2026-10-13 10:14:02,881 INFO sftlab.data: loaded mix: train=207900 eval=2100",
            "max_steps is given, it will override any value given in num_train_epochs",
            wandb_timeout("train_sft.py", [
                (P("train_sft.py"), 69, "<module>", "main()"),
                (P("train_sft.py"), 63, "main", "trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)"),
            ]),
            srun_fail("gpu-a800-003")]), timeout=900000)
        t.say("卡在 wandb 初始化上：计算节点连不上 api.wandb.ai，90 秒后超时。sbatch 模板里应该是处理过这个的，看一下。")
        t.grep("WANDB", output_mode="content", path=P("scripts/slurm"), n=True,
               content="""scripts/slurm/train_zero3.sbatch:17:export WANDB_MODE=offline
scripts/slurm/train_zero3.sbatch:18:export WANDB_DIR=/mnt/share/zhoujing/wandb""")
        t.say("sbatch 里 `export WANDB_MODE=offline`，直接 srun 的时候没有这一步，所以在线模式去连外网了。同样的命令加上 offline 模式再跑。")
        cmd2 = (f"{SRUN} --gres=gpu:1 -c 16 --mem=128G -t 00:30:00 env WANDB_MODE=offline WANDB_DIR=/mnt/share/zhoujing/wandb "
                f"python train_sft.py --config configs/sft/qwen7b_full_mix_v4.yaml "
                f"--model_name_or_path {MODELS}/Qwen2.5-0.5B --deepspeed '' --max_steps 20 --output_dir {CKPT}/smoke/mix_v4_0.5b")
        t.bash(cmd2, "以 wandb offline 模式重跑 smoke", out="\n".join([
            srun_alloc(4517231, "gpu-a800-003"),
            "2026-10-13 10:17:40,106 INFO sftlab.data: loaded mix: train=207900 eval=2100",
            "max_steps is given, it will override any value given in num_train_epochs",
            "wandb: Tracking run with wandb version 0.18.7",
            "wandb: W&B syncing is set to `offline` in this directory.  ",
            "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.",
            "  0%|          | 0/20 [00:00<?, ?it/s]",
        ] + steps([("1.9817", "14.23", "1.0000000000000002e-06", "0.0"), ("1.6402", "6.118", "1e-05", "0.0"),
                   ("1.5531", "4.902", "9.330127018922195e-06", "0.0"), ("1.4887", "4.377", "7.5e-06", "0.0"),
                   ("1.4260", "3.951", "5e-06", "0.0")]) + [
            "{'train_runtime': 61.84, 'train_samples_per_second': 5.175, 'train_steps_per_second': 0.323, 'train_loss': 1.6013, 'epoch': 0.0}",
            "100%|██████████| 20/20 [01:01<00:00,  3.09s/it]",
            "wandb: You can sync this run to the cloud by running:",
            "wandb: wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261013_101741-7qk2m0vd",
            "wandb: Find logs at: /mnt/share/zhoujing/wandb/wandb/offline-run-20261013_101741-7qk2m0vd/logs",
        ]), timeout=900000)
        t.done(f"""smoke 跑通了：0.5B 单卡 20 步，loss 1.98 → 1.43，grad_norm 从 14 降到 4 左右，数据加载和 collator 都没报错，单步 ~3 s（gradient checkpointing + 4096 长度）。

第一次失败是 wandb 在计算节点上初始化超时（`Run initialization has timed out after 90.0 sec`）：计算节点没有外网，sbatch 模板里有 `export WANDB_MODE=offline`，直接 srun 时没有。加上 `env WANDB_MODE=offline WANDB_DIR=/mnt/share/zhoujing/wandb` 之后同一条命令正常，offline run 在 `/mnt/share/zhoujing/wandb/wandb/offline-run-20261013_101741-7qk2m0vd`，需要的话回登录节点 `wandb sync`。

另外我新建了 `configs/sft/qwen7b_full_mix_v4.yaml`（v3 的配置把 mix_v3 换成 mix_v4），正式训练可以直接用。""")

        t = d.task("smoke 没问题，正式提交 mix_v4 的 7B 全参训练，a800 分区 8 卡，配置就用你刚建的那个", tags=["workflow:W2"])
        t.read(P("configs/sft/qwen7b_full_mix_v4.yaml"))
        t.bash("sbatch scripts/slurm/train_zero3.sbatch configs/sft/qwen7b_full_mix_v4.yaml", "提交 mix_v4 全参训练",
               out="Submitted batch job 4517398")
        t.bash("squeue --me", "查看作业状态", out=squeue_out([(4517398, "a800", "sft", "zhoujing", "PD", "0:00", 1, "(Priority)")]))
        t.bash("sleep 240; squeue --me; tail -n 5 logs/sft-4517398.err", "等几分钟看是否开始运行",
               out=squeue_out([(4517398, "a800", "sft", "zhoujing", "R", "2:51", 1, "gpu-a800-021")]) + "\n" +
               """[rank0]:[W1013 10:31:55.201837331 ProcessGroupNCCL.cpp:4115] [PG 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.
Loading checkpoint shards: 100%|██████████| 4/4 [00:12<00:00,  3.05s/it]
Parameter Offload: Total persistent parameters: 333312 in 141 params
  0%|          | 0/4872 [00:00<?, ?it/s]
  0%|          | 3/4872 [01:02<27:41:20, 20.47s/it]""", timeout=300000)
        t.done("""mix_v4 已提交：job **4517398**，排了几分钟后在 `gpu-a800-021` 上跑起来了。

- 总步数 4872（207,900 条 × 3 epoch ÷ (2×8×8)=128 的全局 batch），当前 ~20 s/step，预计 27 小时左右，周三下午能跑完。
- 日志：`logs/sft-4517398.out/.err`，checkpoint 每 200 步存到 `/mnt/share/zhoujing/ckpt/qwen7b_full_mix_v4/`。""")

        d.files[P("scripts/eval_gen.py")] = """import argparse
import json
from pathlib import Path

from vllm import LLM, SamplingParams

BENCH_DIR = Path("/mnt/share/llm-group/eval_sets")


def build_prompt(bench, item):
    if bench == "kefu_internal":
        return f"你是灵镜商城的客服助手，请根据以下信息回答用户问题。\\n\\n【商品信息】\\n{item['context']}\\n\\n【用户问题】\\n{item['question']}"
    return item["prompt"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--temperature", type=float, default=0.0)
    ap.add_argument("--n", type=int, default=1)
    ap.add_argument("--max_tokens", type=int, default=2048)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    items = [json.loads(l) for l in open(BENCH_DIR / f"{args.bench}.jsonl", encoding="utf-8")]
    llm = LLM(model=args.model, dtype="bfloat16", max_model_len=8192)
    tok = llm.get_tokenizer()
    prompts = [
        tok.apply_chat_template([{"role": "user", "content": build_prompt(args.bench, it)}], tokenize=False, add_generation_prompt=True)
        for it in items
    ]
    sp = SamplingParams(temperature=args.temperature, top_p=1.0, n=args.n, max_tokens=args.max_tokens)
    outs = llm.generate(prompts, sp)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for it, o in zip(items, outs):
            f.write(json.dumps({"id": it["id"], "outputs": [c.text for c in o.outputs]}, ensure_ascii=False) + "\\n")


if __name__ == "__main__":
    main()
"""
        t = d.task("客服内部集的评测 prompt 现在是在 eval_gen.py 里用 f-string 拼的，业务那边又要加「售后政策」一段。改一下：以后 prompt 模板统一写成 "
                   "templates/ 下面的 jinja 文件，别在 Python 里拼字符串", tags=["pref:P2"])
        t.read(P("scripts/eval_gen.py"))
        t.bash("head -n 1 /mnt/share/llm-group/eval_sets/kefu_internal.jsonl | python -m json.tool --no-ensure-ascii | head -n 20",
               "看客服评测集的字段", out="""{
    "id": "kefu-0001",
    "context": "商品：灵镜 X3 扫地机器人\\n价格：1999 元\\n保修：整机 1 年，电池 6 个月",
    "policy": "七天无理由退货（未拆封）；15 天内质量问题可换新；运费险由平台承担。",
    "question": "用了十天电池就不太行了，能换吗？",
    "reference": "可以。电池在 6 个月保修期内，且在 15 天内出现质量问题可申请换新……"
}""")
        t.write(P("templates/eval/kefu_internal.jinja"), """你是灵镜商城的客服助手，请根据以下信息回答用户问题。

【商品信息】
{{ item.context }}
{% if item.policy is defined and item.policy %}
【售后政策】
{{ item.policy }}
{% endif %}
【用户问题】
{{ item.question }}
""")
        t.edit(P("scripts/eval_gen.py"), """from vllm import LLM, SamplingParams

BENCH_DIR = Path("/mnt/share/llm-group/eval_sets")


def build_prompt(bench, item):
    if bench == "kefu_internal":
        return f"你是灵镜商城的客服助手，请根据以下信息回答用户问题。\\n\\n【商品信息】\\n{item['context']}\\n\\n【用户问题】\\n{item['question']}"
    return item["prompt"]
""", """from jinja2 import Environment, FileSystemLoader, StrictUndefined
from vllm import LLM, SamplingParams

BENCH_DIR = Path("/mnt/share/llm-group/eval_sets")
TEMPLATES = Environment(loader=FileSystemLoader("templates/eval"), undefined=StrictUndefined, keep_trailing_newline=False)


def build_prompt(bench, item):
    \"\"\"有 templates/eval/<bench>.jinja 就用模板渲染，否则直接用数据里的 prompt 字段。\"\"\"
    if Path(f"templates/eval/{bench}.jinja").exists():
        return TEMPLATES.get_template(f"{bench}.jinja").render(item=item).strip()
    return item["prompt"]
""")
        t.bash("python -c \"import json,sys; sys.argv=['x']; sys.path.insert(0,'scripts'); from eval_gen import build_prompt; "
               "it=json.loads(open('/mnt/share/llm-group/eval_sets/kefu_internal.jsonl').readline()); print(build_prompt('kefu_internal', it))\"",
               "渲染一条样本检查模板", out="""你是灵镜商城的客服助手，请根据以下信息回答用户问题。

【商品信息】
商品：灵镜 X3 扫地机器人
价格：1999 元
保修：整机 1 年，电池 6 个月

【售后政策】
七天无理由退货（未拆封）；15 天内质量问题可换新；运费险由平台承担。

【用户问题】
用了十天电池就不太行了，能换吗？""")
        t.done("""改好了：

- 新增 `templates/eval/kefu_internal.jinja`，包含商品信息、「售后政策」（有 `policy` 字段时才渲染）和用户问题三段。
- `scripts/eval_gen.py` 的 `build_prompt` 不再拼字符串：存在 `templates/eval/<bench>.jinja` 就用 jinja 渲染（`StrictUndefined`，字段缺了会直接报错而不是静默留空），否则沿用数据里的 `prompt` 字段。
- 用第一条样本渲染检查过，输出如上。

以后新增评测集的 prompt 我也都按这个方式放在 `templates/eval/` 下。""")

    # ================================================================== S3 (Fri 10-16, 09:50 Beijing)
    AUTO_TOK = [
        (sp("transformers/models/auto/tokenization_auto.py"), 878, "from_pretrained", "config = AutoConfig.from_pretrained("),
        (sp("transformers/models/auto/configuration_auto.py"), 1017, "from_pretrained",
         "config_dict, unused_kwargs = PretrainedConfig.get_config_dict(pretrained_model_name_or_path, **kwargs)"),
        (sp("transformers/configuration_utils.py"), 574, "get_config_dict",
         "config_dict, kwargs = cls._get_config_dict(pretrained_model_name_or_path, **kwargs)"),
        (sp("transformers/configuration_utils.py"), 633, "_get_config_dict", "resolved_config_file = cached_file("),
    ]
    with d.session("2026-10-16T01:50:00", R, branch="exp/mix-v4", version="2.1.82"):
        t = d.task("mix_v4 应该训完了。看下 job 结束状态，把 wandb 同步上去，然后提交评测。评测一律用 greedy 解码（temperature=0），"
                   "这样不同实验之间能直接比、也能复现", tags=["workflow:W3", "pref:P3"])
        t.bash("sacct -j 4517398 --format=JobID,JobName,Partition,Elapsed,State,ExitCode,NodeList", "查看 mix_v4 训练作业的结束状态",
               out=sacct_out([("4517398", "sft", "a800", "1-03:12:47", "COMPLETED", "0:0", "gpu-a800-021"),
                              ("4517398.bat+", "batch", "", "1-03:12:47", "COMPLETED", "0:0", "gpu-a800-021"),
                              ("4517398.ext+", "extern", "", "1-03:12:47", "COMPLETED", "0:0", "gpu-a800-021")]))
        t.bash(f"tail -n 4 logs/sft-4517398.err; ls {CKPT}/qwen7b_full_mix_v4/", "看训练日志结尾和产物",
               out="""{'train_runtime': 97803.5, 'train_samples_per_second': 6.377, 'train_steps_per_second': 0.05, 'train_loss': 0.8926, 'epoch': 3.0}
100%|██████████| 4872/4872 [27:09:59<00:00, 20.07s/it]
wandb: You can sync this run to the cloud by running:
wandb: wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261013_103149-x81fhq2c
checkpoint-4400
checkpoint-4600
checkpoint-4800
config.json
generation_config.json
merges.txt
model-00001-of-00004.safetensors
model-00002-of-00004.safetensors
model-00003-of-00004.safetensors
model-00004-of-00004.safetensors
model.safetensors.index.json
special_tokens_map.json
tokenizer.json
tokenizer_config.json
vocab.json""")
        t.bash("wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261013_103149-x81fhq2c", "同步 offline 的 wandb run",
               out="""Find logs at: /mnt/share/zhoujing/wandb/wandb/debug-cli.zhoujing.log
Syncing: https://wandb.ai/lingjing-llm/sft-lab/runs/x81fhq2c ... done.""", timeout=300000)
        t.read(P("scripts/slurm/eval_vllm.sbatch"))
        t.bash(f"sbatch scripts/slurm/eval_vllm.sbatch {CKPT}/qwen7b_full_mix_v4", "提交 mix_v4 评测", out="Submitted batch job 4523310")
        t.done(f"""- 训练作业 4517398 `COMPLETED`（exit 0:0），跑了 27 小时 13 分，最终 train_loss 0.893，最终权重在 `{CKPT}/qwen7b_full_mix_v4/`（HF 格式 4 个 safetensors 分片）。
- wandb 已同步：https://wandb.ai/lingjing-llm/sft-lab/runs/x81fhq2c
- 评测已提交：job **4523310**。`eval_vllm.sbatch` 里本来就是 `--temperature 0.0 --n 1`，即 greedy，不用改；五个集合（ceval / cmmlu / gsm8k_zh / alignbench / kefu_internal）跑完后会自动 `summarize_eval.py`，结果在 `results/qwen7b_full_mix_v4/`。""")

        t = d.task("general_zh 和 multiturn 里有不少首轮问题一模一样的样本。加个去重：同一个首轮 user 问题只保留回复最长的那条，"
                   "函数放 src/sftlab/dedup.py，写个测试", tags=["oneoff:O1"])
        t.write(P("src/sftlab/dedup.py"), """import hashlib


def first_user(messages):
    for m in messages:
        if m["role"] == "user":
            return m["content"].strip()
    return ""


def reply_len(messages):
    return sum(len(m["content"]) for m in messages if m["role"] == "assistant")


def dedup_by_first_user(rows):
    \"\"\"同一个首轮 user 问题只保留 assistant 回复总长度最长的一条，保持首次出现的顺序。\"\"\"
    best = {}
    for r in rows:
        key = hashlib.md5(first_user(r["messages"]).encode("utf-8")).hexdigest()
        best.setdefault(key, r)
    return list(best.values())
""")
        t.write(P("tests/test_dedup.py"), """from sftlab.dedup import dedup_by_first_user


def _row(q, a):
    return {"messages": [{"role": "user", "content": q}, {"role": "assistant", "content": a}]}


def test_different_questions_kept():
    rows = [_row("你好", "你好！"), _row("讲个笑话", "好的。")]
    assert len(dedup_by_first_user(rows)) == 2


def test_whitespace_is_ignored():
    rows = [_row("你好 ", "你好！"), _row("你好", "你好呀！")]
    assert len(dedup_by_first_user(rows)) == 1


def test_keeps_longest_reply():
    rows = [_row("讲个笑话", "好的。"), _row("讲个笑话", "好的，给你讲一个程序员的笑话……")]
    out = dedup_by_first_user(rows)
    assert len(out) == 1 and out[0]["messages"][1]["content"].startswith("好的，给你讲")
""")
        cmd = "python -m pytest tests/test_dedup.py -q"
        t.fail(cmd, "运行去重的单测", """..F                                                                      [100%]
=================================== FAILURES ===================================
___________________________ test_keeps_longest_reply ___________________________

    def test_keeps_longest_reply():
        rows = [_row("讲个笑话", "好的。"), _row("讲个笑话", "好的，给你讲一个程序员的笑话……")]
        out = dedup_by_first_user(rows)
>       assert len(out) == 1 and out[0]["messages"][1]["content"].startswith("好的，给你讲")
E       AssertionError: assert (1 == 1 and False)
E        +  where 1 = len([{'messages': [{'content': '讲个笑话', 'role': 'user'}, {'content': '好的。', 'role': 'assistant'}]}])
E        +  and   False = <built-in method startswith of str object at 0x7f2d5c3a1e70>('好的，给你讲')
E        +    where <built-in method startswith of str object at 0x7f2d5c3a1e70> = '好的。'.startswith

tests/test_dedup.py:18: AssertionError
=========================== short test summary info ============================
FAILED tests/test_dedup.py::test_keeps_longest_reply - AssertionError: assert (1 == 1 and False)
1 failed, 2 passed in 0.38s""")
        t.say("`setdefault` 只保留了第一次出现的那条，没有比较回复长度。改成遇到更长的回复就替换（dict 保持首次插入的位置，顺序不变）。")
        t.edit(P("src/sftlab/dedup.py"), """        best.setdefault(key, r)
""", """        if key not in best or reply_len(r["messages"]) > reply_len(best[key]["messages"]):
            best[key] = r
""")
        t.bash(cmd, "重新运行去重的单测", out="""...                                                                      [100%]
3 passed in 0.35s""")
        t.done("""加好了：

- `src/sftlab/dedup.py`：`dedup_by_first_user(rows)` 以首轮 user 内容（strip 后取 md5）为 key，同 key 只保留 assistant 回复总长度最长的一条，输出顺序按该问题第一次出现的位置。
- `tests/test_dedup.py`：不同问题都保留、首尾空白视为同一问题、保留最长回复，3 个测试。

第一版用了 `setdefault`，只留了第一次出现的那条，`test_keeps_longest_reply` 抓到了，改成比较长度后替换，3 个测试都过了。要接进 `build_sft_mix.py` 的话告诉我放在哪一步（按源内去重还是全局去重）。""")

        t = d.task("下个月想试试 Yi-1.5-9B 当底座。先用它的 tokenizer 算一下 mix_v4 train 的 token 长度分布，看 max_len=4096 会截掉多少，"
                   "跟 Qwen2.5 的比一比", tags=["mistake:M2"])
        t.write(P("scripts/count_tokens.py"), """import argparse
import json

import numpy as np
from transformers import AutoTokenizer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--tokenizer", required=True)
    ap.add_argument("--max_len", type=int, default=4096)
    ap.add_argument("--limit", type=int, default=50000)
    args = ap.parse_args()
    tok = AutoTokenizer.from_pretrained(args.tokenizer, trust_remote_code=False)
    lens = []
    with open(args.data, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= args.limit:
                break
            lens.append(len(tok(json.loads(line)["text"], add_special_tokens=False).input_ids))
    a = np.array(lens)
    print(f"tokenizer={args.tokenizer}  n={len(a)}  vocab={len(tok)}")
    print(f"p50={int(np.percentile(a, 50))}  p90={int(np.percentile(a, 90))}  p99={int(np.percentile(a, 99))}  max={a.max()}")
    print(f"> {args.max_len}: {(a > args.max_len).mean():.2%} ({(a > args.max_len).sum()})")


if __name__ == "__main__":
    main()
""")
        t.fail(f"python scripts/count_tokens.py --data {DATA}/mix_v4/train.jsonl --tokenizer 01-ai/Yi-1.5-9B",
               "用 Yi-1.5-9B 的 tokenizer 统计长度",
               hf_offline_error("01-ai/Yi-1.5-9B", "config.json", [
                   (P("scripts/count_tokens.py"), 29, "<module>", "main()"),
                   (P("scripts/count_tokens.py"), 15, "main", "tok = AutoTokenizer.from_pretrained(args.tokenizer, trust_remote_code=False)"),
               ] + AUTO_TOK))
        t.say("集群上是 `HF_HUB_OFFLINE=1`，本地缓存里没有 Yi 的文件。看一下共享模型目录里有没有现成的。")
        t.bash(f"ls {MODELS}/", "查看共享模型目录", out="""Baichuan2-7B-Base
Qwen2.5-0.5B
Qwen2.5-0.5B-Instruct
Qwen2.5-1.5B
Qwen2.5-14B-Instruct
Qwen2.5-7B
Qwen2.5-7B-Instruct
glm-4-9b-chat
internlm2_5-7b-chat""")
        t.say("没有 Yi-1.5-9B。从 ModelScope 镜像下到共享模型目录（以后训练也要用，整个下下来）。")
        t.bash(f"modelscope download --model 01ai/Yi-1.5-9B --local_dir {MODELS}/Yi-1.5-9B", "从 ModelScope 下载 Yi-1.5-9B",
               out="""Downloading Model to directory: /mnt/share/models/Yi-1.5-9B
Downloading [config.json]: 100%|██████████| 626/626 [00:00<00:00, 2.41kB/s]
Downloading [configuration.json]: 100%|██████████| 48.0/48.0 [00:00<00:00, 187B/s]
Downloading [generation_config.json]: 100%|██████████| 132/132 [00:00<00:00, 510B/s]
Downloading [LICENSE]: 100%|██████████| 11.1k/11.1k [00:00<00:00, 40.2kB/s]
Downloading [model-00001-of-00004.safetensors]: 100%|██████████| 4.64G/4.64G [01:21<00:00, 61.3MB/s]
Downloading [model-00002-of-00004.safetensors]: 100%|██████████| 4.65G/4.65G [01:19<00:00, 62.8MB/s]
Downloading [model-00003-of-00004.safetensors]: 100%|██████████| 4.65G/4.65G [01:22<00:00, 60.5MB/s]
Downloading [model-00004-of-00004.safetensors]: 100%|██████████| 3.51G/3.51G [01:01<00:00, 61.0MB/s]
Downloading [model.safetensors.index.json]: 100%|██████████| 34.9k/34.9k [00:00<00:00, 126kB/s]
Downloading [README.md]: 100%|██████████| 13.3k/13.3k [00:00<00:00, 48.9kB/s]
Downloading [special_tokens_map.json]: 100%|██████████| 555/555 [00:00<00:00, 2.13kB/s]
Downloading [tokenizer.json]: 100%|██████████| 3.39M/3.39M [00:00<00:00, 9.87MB/s]
Downloading [tokenizer.model]: 100%|██████████| 1.03M/1.03M [00:00<00:00, 3.92MB/s]
Downloading [tokenizer_config.json]: 100%|██████████| 1.28k/1.28k [00:00<00:00, 4.93kB/s]
Successfully Downloaded from model 01ai/Yi-1.5-9B.""", timeout=1200000)
        t.bash(f"python scripts/count_tokens.py --data {DATA}/mix_v4/train.jsonl --tokenizer {MODELS}/Yi-1.5-9B && "
               f"python scripts/count_tokens.py --data {DATA}/mix_v4/train.jsonl --tokenizer {MODELS}/Qwen2.5-7B",
               "分别用 Yi-1.5-9B 和 Qwen2.5-7B 统计长度", out=f"""tokenizer={MODELS}/Yi-1.5-9B  n=50000  vocab=64000
p50=547  p90=1602  p99=3688  max=12964
> 4096: 0.58% (290)
tokenizer={MODELS}/Qwen2.5-7B  n=50000  vocab=151665
p50=509  p90=1479  p99=3371  max=11820
> 4096: 0.40% (201)""", timeout=600000)
        t.done(f"""结果（mix_v4 train 前 5 万条）：

| tokenizer | vocab | p50 | p90 | p99 | max | >4096 |
|---|---|---|---|---|---|---|
| Yi-1.5-9B | 64,000 | 547 | 1602 | 3688 | 12964 | 0.58%（290） |
| Qwen2.5-7B | 151,665 | 509 | 1479 | 3371 | 11820 | 0.40%（201） |

Yi 的词表小一半多，中文压缩率差一些，平均长 7~8%，4096 截断比例从 0.40% 升到 0.58%。影响不大，max_len 可以继续用 4096；如果在意多轮长样本，可以考虑 Yi 用 4608。

过程中：集群是 `HF_HUB_OFFLINE=1`，`01-ai/Yi-1.5-9B` 这个 hub id 本地没有缓存，transformers 报 `We couldn't connect to 'https://huggingface.co' to load this file`。我用 `modelscope download --model 01ai/Yi-1.5-9B` 把完整模型下到了 `{MODELS}/Yi-1.5-9B`（约 17.5 GB，之后训练可以直接用），再用本地路径跑的统计。""")

    # ================================================================== S4 (Tue 10-20, 10:30 Beijing)
    def ln(path, needle):
        for i, l in enumerate(d.files[path].split("\n"), 1):
            if needle in l:
                return i
        raise KeyError(needle)

    with d.session("2026-10-20T02:30:00", R, branch="exp/rm", version="2.1.83", end_reason="other"):
        t = d.task("开始做 reward model。写个 scripts/train_rm.py：Qwen2.5-7B-Instruct + LoRA + 序列分类头（num_labels=1），pairwise loss，"
                   "数据 data/pref/rm_v1.jsonl（prompt/chosen/rejected）。先在 debug 分区单卡跑 10 步看看能不能训。"
                   "输出目录照旧放 /mnt/share/zhoujing/ckpt 下面，不要放 home 目录", tags=["mistake:M3", "pref:P1"])
        t.bash("wc -l data/pref/rm_v1.jsonl && head -n 1 data/pref/rm_v1.jsonl | cut -c1-400", "看偏好数据格式",
               out="""18342 data/pref/rm_v1.jsonl
{"prompt": "我买的空气炸锅用了一周就有异味，能退吗？", "chosen": "非常抱歉给您带来不好的体验。空气炸锅首次使用有轻微异味属于正常现象，建议先空烧 10 分钟；如果一周后异味仍然明显，属于质量问题，签收 15 天内可以申请换货或退货，运费由我们承担……", "rejected": "异味是正常的，用久了就好了。"}""")
        RM = P("scripts/train_rm.py")
        t.write(RM, """import argparse
import json

import torch
import torch.nn.functional as F
from datasets import Dataset
from peft import LoraConfig, TaskType, get_peft_model
from transformers import AutoModelForSequenceClassification, AutoTokenizer, Trainer, TrainingArguments


class PairCollator:
    \"\"\"前一半是 chosen，后一半是 rejected。\"\"\"

    def __init__(self, tok, max_len):
        self.tok, self.max_len = tok, max_len

    def __call__(self, batch):
        texts = [b["chosen"] for b in batch] + [b["rejected"] for b in batch]
        enc = self.tok(texts, truncation=True, max_length=self.max_len, padding=True, return_tensors="pt")
        return {"input_ids": enc.input_ids, "attention_mask": enc.attention_mask}


class RMTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        rewards = model(**inputs).logits.squeeze(-1).float()
        chosen, rejected = rewards.chunk(2)
        loss = -F.logsigmoid(chosen - rejected).mean()
        return (loss, {"chosen": chosen, "rejected": rejected}) if return_outputs else loss


def load_pairs(path, tok):
    rows = []
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        prompt = [{"role": "user", "content": r["prompt"]}]
        rows.append({
            "chosen": tok.apply_chat_template(prompt + [{"role": "assistant", "content": r["chosen"]}], tokenize=False),
            "rejected": tok.apply_chat_template(prompt + [{"role": "assistant", "content": r["rejected"]}], tokenize=False),
        })
    return Dataset.from_list(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="/mnt/share/models/Qwen2.5-7B-Instruct")
    ap.add_argument("--data", default="data/pref/rm_v1.jsonl")
    ap.add_argument("--output_dir", required=True)
    ap.add_argument("--max_len", type=int, default=2048)
    ap.add_argument("--max_steps", type=int, default=-1)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--report_to", default="wandb")
    args = ap.parse_args()

    tok = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForSequenceClassification.from_pretrained(
        args.model, num_labels=1, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2"
    )
    model.config.pad_token_id = tok.pad_token_id
    lora = LoraConfig(task_type=TaskType.SEQ_CLS, r=64, lora_alpha=128, lora_dropout=0.05,
                      target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"])
    model = get_peft_model(model, lora)
    model.print_trainable_parameters()

    targs = TrainingArguments(
        output_dir=args.output_dir, per_device_train_batch_size=4, gradient_accumulation_steps=4,
        learning_rate=args.lr, num_train_epochs=1, max_steps=args.max_steps, lr_scheduler_type="cosine",
        warmup_ratio=0.03, bf16=True, gradient_checkpointing=True, logging_steps=1 if args.max_steps > 0 else 10,
        save_steps=500, report_to=args.report_to, run_name="rm_qwen7b_lora", remove_unused_columns=False,
    )
    trainer = RMTrainer(model=model, args=targs, train_dataset=load_pairs(args.data, tok),
                        data_collator=PairCollator(tok, args.max_len))
    trainer.train()
    trainer.save_model(args.output_dir)


if __name__ == "__main__":
    main()
""")
        cmd = (f"{SRUN} --gres=gpu:1 -c 16 --mem=160G -t 00:40:00 python scripts/train_rm.py "
               f"--output_dir {CKPT}/rm/smoke_rm_v1 --max_steps 10 --report_to none")
        rm_frames = [(RM, ln(RM, "    main()") + 0, "<module>", "main()"),
                     (RM, ln(RM, "    trainer.train()"), "main", "trainer.train()")]
        t.fail(cmd, "debug 分区单卡跑 RM 10 步", "\n".join([
            srun_alloc(4529917, "gpu-a800-002"),
            shards(4, 9.6),
            "Some weights of Qwen2ForSequenceClassification were not initialized from the model checkpoint at /mnt/share/models/Qwen2.5-7B-Instruct and are newly initialized: ['score.weight']",
            "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.",
            "trainable params: 161,484,288 || all params: 7,232,107,008 || trainable%: 2.2329",
            "max_steps is given, it will override any value given in num_train_epochs",
            "  0%|          | 0/10 [00:00<?, ?it/s]",
            no_grad_error(rm_frames),
            srun_fail("gpu-a800-002")]), timeout=900000)
        t.say("反传时报 `element 0 of tensors does not require grad`，前面还有 checkpoint 的 `None of the inputs have requires_grad=True` 警告。"
              "底座被 LoRA 冻结后 embedding 输出不带梯度，开了 gradient checkpointing（reentrant）之后整段的输入都没有 requires_grad，"
              "checkpoint 段里的 LoRA 参数就接不上计算图。要在 get_peft_model 之前让输入 embedding 的输出带梯度。")
        t.edit(RM, """    model.config.pad_token_id = tok.pad_token_id
    lora = LoraConfig(""", """    model.config.pad_token_id = tok.pad_token_id
    # 底座冻结 + gradient checkpointing：让 embedding 输出带 requires_grad，checkpoint 段里的 LoRA 才能回传梯度
    model.enable_input_require_grads()
    lora = LoraConfig(""")
        t.bash(cmd, "重新跑 RM 10 步", out="\n".join([
            srun_alloc(4529968, "gpu-a800-002"),
            shards(4, 9.1),
            "Some weights of Qwen2ForSequenceClassification were not initialized from the model checkpoint at /mnt/share/models/Qwen2.5-7B-Instruct and are newly initialized: ['score.weight']",
            "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.",
            "trainable params: 161,484,288 || all params: 7,232,107,008 || trainable%: 2.2329",
            "max_steps is given, it will override any value given in num_train_epochs",
        ] + steps([("0.7412", "9.872", "0.0001", "0.0"), ("0.7031", "8.104", "9.698463103929542e-05", "0.01"),
                   ("0.6958", "7.215", "8.830222215594891e-05", "0.01"), ("0.6574", "6.993", "7.500000000000001e-05", "0.01"),
                   ("0.6311", "6.402", "5.868240888334653e-05", "0.02"), ("0.6407", "5.736", "4.131759111665348e-05", "0.02"),
                   ("0.5903", "5.218", "2.5000000000000018e-05", "0.03"), ("0.5712", "5.477", "1.1697777844051105e-05", "0.03"),
                   ("0.5526", "4.861", "3.0153689607045845e-06", "0.03"), ("0.5618", "4.990", "0.0", "0.04")]) + [
            "{'train_runtime': 118.4, 'train_samples_per_second': 1.351, 'train_steps_per_second': 0.084, 'train_loss': 0.6345, 'epoch': 0.04}",
            "100%|██████████| 10/10 [01:58<00:00, 11.84s/it]",
        ]), timeout=900000)
        t.done(f"""`scripts/train_rm.py` 写好了，debug 单卡 10 步能正常训：pairwise loss 从 0.74 降到 0.56 左右，~11.8 s/step（per_device 4 对 × 累积 4，max_len 2048），smoke 输出在 `{CKPT}/rm/smoke_rm_v1`。

结构：`AutoModelForSequenceClassification(num_labels=1)` + LoRA（r=64 / alpha=128，全部线性层，`TaskType.SEQ_CLS` 会把 `score` 头设为全量可训），collator 把 chosen 和 rejected 拼成一个 batch（前一半/后一半），`RMTrainer.compute_loss` 里算 `-logsigmoid(r_chosen - r_rejected)`。

第一次跑在反传报 `RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn`：LoRA 冻结底座后再开 gradient checkpointing，checkpoint 段的输入不带梯度。在 `get_peft_model` 之前加了 `model.enable_input_require_grads()` 之后正常。

正式训练的话建议：8 卡、1 epoch（1.8 万对）、lr 1e-4，另外留 5% 做验证看 accuracy，要我加 eval 吗？""")

        t = d.task("做 mix_v5：code 源里回复太短的（assistant 少于 32 个 token）扔掉，再加 5k 条身份认知数据 data/raw/self_cognition_lingjing.jsonl；"
                   "上周写的首轮去重也接进去，全局去重。build、检查、提交推送，流程跟 v4 一样", tags=["workflow:W1"])
        t.read(P("scripts/build_sft_mix.py"))
        t.edit(P("scripts/build_sft_mix.py"), """from jinja2 import Template
from transformers import AutoTokenizer
""", """from jinja2 import Template
from transformers import AutoTokenizer

from sftlab.dedup import dedup_by_first_user
""")
        t.edit(P("scripts/build_sft_mix.py"), """        rng.shuffle(recs)
        recs = recs[: src["take"]]
        for r in recs:
            msgs = to_messages(r)
            rows.append({"source": src["name"], "messages": msgs, "text": tpl.render(messages=msgs)})
        logger.info("%-12s %7d", src["name"], len(recs))
    rng.shuffle(rows)""", """        rng.shuffle(recs)
        recs = recs[: src["take"]]
        min_tok = src.get("min_assistant_tokens", 0)
        kept = 0
        for r in recs:
            msgs = to_messages(r)
            if min_tok and min(len(tok(m["content"], add_special_tokens=False).input_ids)
                               for m in msgs if m["role"] == "assistant") < min_tok:
                continue
            rows.append({"source": src["name"], "messages": msgs, "text": tpl.render(messages=msgs)})
            kept += 1
        logger.info("%-12s %7d (dropped %d short)", src["name"], kept, len(recs) - kept)
    if cfg.get("dedup_first_user"):
        n0 = len(rows)
        rows = dedup_by_first_user(rows)
        logger.info("dedup_by_first_user: %d -> %d", n0, len(rows))
    rng.shuffle(rows)""")
        mix_v5 = d.files[P("configs/data/mix_v4.yaml")].replace("# mix_v4: 2026-10-09  v3 + code_alpaca_zh 2w",
                                                                 "# mix_v5: 2026-10-20  v4 - 短代码回复 + 身份认知 5k，全局首轮去重").replace(
            "    path: data/raw/code_alpaca_zh.jsonl\n    take: 20000\n",
            "    path: data/raw/code_alpaca_zh.jsonl\n    take: 20000\n    min_assistant_tokens: 32\n"
            "  - name: self_cognition\n    path: data/raw/self_cognition_lingjing.jsonl\n    take: 5000\n").replace(
            "eval_ratio: 0.01\n", "dedup_first_user: true\neval_ratio: 0.01\n")
        t.write(P("configs/data/mix_v5.yaml"), mix_v5)
        t.bash(f"python scripts/build_sft_mix.py --mix configs/data/mix_v5.yaml --out {DATA}/mix_v5 --workers 32",
               "按 mix_v5 配比构建数据", out="""2026-10-20 11:02:44,915 INFO general_zh    120000 (dropped 0 short)
2026-10-20 11:02:46,688 INFO math_cot       30000 (dropped 0 short)
2026-10-20 11:02:47,390 INFO kefu           15000 (dropped 0 short)
2026-10-20 11:02:48,902 INFO multiturn      25000 (dropped 0 short)
2026-10-20 11:03:11,457 INFO code           17316 (dropped 2684 short)
2026-10-20 11:03:11,604 INFO self_cognition  5000 (dropped 0 short)
2026-10-20 11:03:13,228 INFO dedup_by_first_user: 212316 -> 203975
2026-10-20 11:06:31,730 INFO wrote eval: 2039
2026-10-20 11:08:52,101 INFO wrote train: 201936""", timeout=900000)
        t.bash(f"python scripts/check_data.py {DATA}/mix_v5", "检查 mix_v5",
               out=check_data_out("mix_v5", 201936, 2039, 0, 518, 1502, 3402, 11873, "0.42% (848)", 0,
                                  [("general_zh", 113524, 491), ("math_cot", 29412, 703), ("kefu", 14311, 238),
                                   ("multiturn", 23014, 1391), ("code", 16730, 648), ("self_cognition", 4945, 97)]))
        t.bash("git checkout -b exp/mix-v5 && git add configs/data/mix_v5.yaml scripts/build_sft_mix.py src/sftlab/dedup.py tests/test_dedup.py && "
               "git commit -m \"data: mix_v5 = v4 - short code + self_cognition 5k, global first-user dedup\"",
               "新建分支并提交 mix_v5", out="""Switched to a new branch 'exp/mix-v5'
[exp/mix-v5 a94e0b7] data: mix_v5 = v4 - short code + self_cognition 5k, global first-user dedup
 4 files changed, 78 insertions(+), 3 deletions(-)
 create mode 100644 configs/data/mix_v5.yaml
 create mode 100644 src/sftlab/dedup.py
 create mode 100644 tests/test_dedup.py""")
        t.bash("git push -u origin exp/mix-v5", "推送分支", out=git_push("exp/mix-v5", new=True, n=9, size="2.87 KiB | 2.87 MiB/s")
               + "\nbranch 'exp/mix-v5' set up to track 'origin/exp/mix-v5'.")
        t.done(f"""mix_v5 完成，产物在 `{DATA}/mix_v5/`：

- code 源去掉 2,684 条短回复（assistant < 32 token），剩 17,316；新增 self_cognition 5,000 条。
- 全局首轮去重 212,316 → 203,975（去掉 8,341 条，主要在 general_zh 和 multiturn），完全重复从 37 降到 0。
- 切分后 train 201,936 / eval 2,039；p50 518 / p99 3402，截断 0.42%，和 v4 基本一致。
- `build_sft_mix.py` 新增了两个配比开关：源级 `min_assistant_tokens` 和全局 `dedup_first_user`，不配就是原来的行为。
- 提交在新分支 `exp/mix-v5`（`a94e0b7`，连同上周的 dedup 和测试）并推到了 origin。""")

        t = d.task("ZeRO-3 存 checkpoint 这块我一直有点糊涂：stage3_gather_16bit_weights_on_model_save 和 zero_to_fp32.py 有啥区别？看下官方文档说的", tags=["noise", "webfetch"])
        t.webfetch("https://www.deepspeed.ai/docs/config-json/", "stage3_gather_16bit_weights_on_model_save 的含义，以及和 zero_to_fp32 的关系",
                   """**stage3_gather_16bit_weights_on_model_save** [boolean], default `false`: Consolidate the weights before saving the model by `save_16bit_model()`. Since the weights are partitioned across GPUs, they aren't part of `state_dict`, so this function automatically gathers the weights when this option is enabled and then saves the fp16 model weights.

(ZeRO-3 checkpoints) By default `save_checkpoint()` writes partitioned optimizer states and partitioned fp32 master weights per rank (`*_optim_states.pt`, `*_model_states.pt`) plus a `zero_to_fp32.py` script into the checkpoint folder. Running `python zero_to_fp32.py . pytorch_model.bin` (or `get_fp32_state_dict_from_zero_checkpoint`) reconstructs consolidated fp32 weights offline on CPU, without GPUs.

Note: gathering 16-bit weights on save requires enough memory on rank 0 and costs time at every save; for very large models it is recommended to keep it disabled and convert offline with zero_to_fp32.""")
        t.done("""两者解决的是同一个问题（ZeRO-3 下参数被切分在各卡上，没法直接 `state_dict()`），但时机和精度不一样：

| | `stage3_gather_16bit_weights_on_model_save: true` | `zero_to_fp32.py` |
|---|---|---|
| 什么时候做 | 训练中每次 `save_model` 时在线 gather | 训练后离线在 CPU 上拼 |
| 精度 | 16-bit（我们是 bf16） | fp32 master weights |
| 代价 | 每次保存都要 all-gather，rank0 要放得下整模型 | 不占 GPU，但要读所有 rank 的分片，慢、吃内存 |
| 产物 | 直接是 HF 格式 safetensors，能拿去 vLLM | `pytorch_model.bin` / safetensors，需要自己配 config |

我们现在的用法（`zero3.json` 里开了 gather）对 7B 很合适：最终模型直接是 bf16 HF 格式，评测零成本。注意两点：
1. `checkpoint-N/` 目录里的断点续训状态仍然是分片的（`global_stepN/*_optim_states.pt`），续训要用同样的卡数；
2. 如果以后上 70B 级别，文档建议关掉在线 gather，训练完再用 `zero_to_fp32.py` 离线转，避免每次保存卡住很久或者 rank0 OOM。""")

    # ================================================================== S5 (Fri 10-23, 09:20 Beijing)
    d.files[P("configs/accelerate/zero3_8gpu.yaml")] = """compute_environment: LOCAL_MACHINE
distributed_type: DEEPSPEED
deepspeed_config:
  deepspeed_config_file: configs/ds/zero3.json
  zero3_init_flag: true
machine_rank: 0
main_training_function: main
num_machines: 1
num_processes: 8
rdzv_backend: static
same_network: true
use_cpu: false
"""
    ACC_FAIL = [
        (f"{ENV}/bin/accelerate", 8, "<module>", "sys.exit(main())"),
        (sp("accelerate/commands/accelerate_cli.py"), 48, "main", "args.func(args)"),
        (sp("accelerate/commands/launch.py"), 1159, "launch_command", "deepspeed_launcher(args)"),
        (sp("accelerate/commands/launch.py"), 852, "deepspeed_launcher", "distrib_run.run(args)"),
        (sp("torch/distributed/run.py"), 910, "run", "elastic_launch("),
        (sp("torch/distributed/launcher/api.py"), 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
        (sp("torch/distributed/launcher/api.py"), 269, "launch_agent", "raise ChildFailedError("),
    ]

    def child_failed(script, when, host, pid):
        return tb(ACC_FAIL, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ") + f"""
============================================================
{script} FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : {when}
  host      : {host}
  rank      : 0 (local_rank: 0)
  exitcode  : 1 (pid: {pid})
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================"""

    with d.session("2026-10-23T01:20:00", R, branch="exp/mix-v5", version="2.1.84"):
        t = d.task("mix_v5 正式训之前再 smoke 一次，这回用 2 卡 + ZeRO-3，走 accelerate launch，Qwen2.5-1.5B 跑 30 步，"
                   "save_steps 设 10，主要确认 ZeRO-3 下存 checkpoint 没问题", tags=["mistake:M1"])
        t.read(P("configs/accelerate/zero3_8gpu.yaml"))
        t.write(P("configs/accelerate/zero3_2gpu.yaml"), d.files[P("configs/accelerate/zero3_8gpu.yaml")].replace("num_processes: 8", "num_processes: 2"))
        t.write(P("configs/sft/qwen7b_full_mix_v5.yaml"), d.files[P("configs/sft/qwen7b_full_mix_v4.yaml")].replace("mix_v4", "mix_v5"))
        tail = (f"accelerate launch --config_file configs/accelerate/zero3_2gpu.yaml train_sft.py --config configs/sft/qwen7b_full_mix_v5.yaml "
                f"--model_name_or_path {MODELS}/Qwen2.5-1.5B --max_steps 30 --save_steps 10 --output_dir {CKPT}/smoke/mix_v5_zero3_1.5b")
        t.fail(f"{SRUN} --gres=gpu:2 -c 32 --mem=256G -t 00:40:00 {tail}", "debug 分区 2 卡 ZeRO-3 smoke 30 步",
               "\n".join([
                   srun_alloc(4536120, "gpu-a800-004"),
                   ds_banner("2026-10-23 09:37:12,044"),
                   ds_banner("2026-10-23 09:37:12,061"),
                   "[2026-10-23 09:37:19,730] [INFO] [comm.py:652:init_distributed] cdb=None",
                   "[2026-10-23 09:37:19,731] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl",
                   "2026-10-23 09:37:22,410 INFO sftlab.data: loaded mix: train=201936 eval=2039",
                   "[2026-10-23 09:37:31,902] [INFO] [partition_parameters.py:348:__exit__] finished initializing model - num_params = 339, num_elems = 1.54B",
                   "Parameter Offload: Total persistent parameters: 144896 in 141 params",
                   wandb_timeout("train_sft.py", [
                       (P("train_sft.py"), 69, "<module>", "main()"),
                       (P("train_sft.py"), 63, "main", "trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)"),
                   ], rank_prefix="[rank0]: ").replace("[rank0]: wandb:", "wandb:"),
                   "W1023 09:39:07.455000 2291012 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2291021 closing signal SIGTERM",
                   "E1023 09:39:07.869000 2291012 site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 2291020) of binary: /mnt/share/zhoujing/miniconda3/envs/sft/bin/python",
                   child_failed("train_sft.py", "2026-10-23_09:39:07", "gpu-a800-004", 2291020),
                   srun_fail("gpu-a800-004")]), timeout=1200000)
        t.say("rank0 在 wandb.init 上等了 90 秒超时，整个 job 被 torchrun 拉掉了。看一下登录节点和计算节点上 wandb 的设置。")
        t.bash("env | grep -i wandb; cat ~/.config/wandb/settings 2>/dev/null; grep -n WANDB scripts/slurm/*.sbatch",
               "查看 wandb 相关的环境和配置", out="""scripts/slurm/train_zero3.sbatch:17:export WANDB_MODE=offline
scripts/slurm/train_zero3.sbatch:18:export WANDB_DIR=/mnt/share/zhoujing/wandb""")
        t.say("当前 shell 里没有任何 WANDB_* 变量，只有 sbatch 模板里设了 offline。srun 会把环境传给计算节点，直接在 srun 的 `--export` 里带上 offline 再跑。")
        t.bash(f"{SRUN} --export=ALL,WANDB_MODE=offline,WANDB_DIR=/mnt/share/zhoujing/wandb --gres=gpu:2 -c 32 --mem=256G -t 00:40:00 {tail}",
               "以 wandb offline 重跑 2 卡 ZeRO-3 smoke", out="\n".join([
                   srun_alloc(4536187, "gpu-a800-004"),
                   ds_banner("2026-10-23 09:43:50,377"),
                   ds_banner("2026-10-23 09:43:50,392"),
                   "2026-10-23 09:44:00,981 INFO sftlab.data: loaded mix: train=201936 eval=2039",
                   "[2026-10-23 09:44:10,155] [INFO] [partition_parameters.py:348:__exit__] finished initializing model - num_params = 339, num_elems = 1.54B",
                   "Parameter Offload: Total persistent parameters: 144896 in 141 params",
                   "wandb: Tracking run with wandb version 0.18.7",
                   "wandb: W&B syncing is set to `offline` in this directory.  ",
                   "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.",
               ] + steps([("1.6120", "5.881", "1e-05", "0.0"), ("1.4403", "3.102", "8.83022221559489e-06", "0.0"),
                          ("1.3877", "2.645", "5.868240888334652e-06", "0.0")]) + [
                   "[2026-10-23 09:45:02,418] [INFO] [logging.py:128:log_dist] [Rank 0] [Torch] Checkpoint global_step10 is about to be saved!",
                   f"[2026-10-23 09:45:09,876] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved {CKPT}/smoke/mix_v5_zero3_1.5b/checkpoint-10/global_step10/zero_pp_rank_0_mp_rank_00_optim_states.pt",
                   "[2026-10-23 09:45:40,611] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved .../checkpoint-20/global_step20/zero_pp_rank_0_mp_rank_00_optim_states.pt",
                   "[2026-10-23 09:46:12,093] [INFO] [engine.py:3536:_save_zero_checkpoint] zero checkpoint saved .../checkpoint-30/global_step30/zero_pp_rank_0_mp_rank_00_optim_states.pt",
                   "{'train_runtime': 121.6, 'train_samples_per_second': 15.789, 'train_steps_per_second': 0.247, 'train_loss': 1.4671, 'epoch': 0.0}",
                   "100%|██████████| 30/30 [02:01<00:00,  4.05s/it]",
                   "wandb: You can sync this run to the cloud by running:",
                   "wandb: wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261023_094411-3fd0w9kz",
               ]), timeout=1200000)
        t.bash(f"ls {CKPT}/smoke/mix_v5_zero3_1.5b/ {CKPT}/smoke/mix_v5_zero3_1.5b/checkpoint-30/ && du -sh {CKPT}/smoke/mix_v5_zero3_1.5b/checkpoint-30",
               "检查保存的 checkpoint", out=f"""{CKPT}/smoke/mix_v5_zero3_1.5b/:
checkpoint-10
checkpoint-20
checkpoint-30
config.json
generation_config.json
merges.txt
model.safetensors
special_tokens_map.json
tokenizer.json
tokenizer_config.json
vocab.json

{CKPT}/smoke/mix_v5_zero3_1.5b/checkpoint-30/:
config.json
generation_config.json
global_step30
latest
model.safetensors
rng_state_0.pth
rng_state_1.pth
scheduler.pt
trainer_state.json
training_args.bin
zero_to_fp32.py
20G	{CKPT}/smoke/mix_v5_zero3_1.5b/checkpoint-30""")
        t.done(f"""2 卡 ZeRO-3 smoke 通过，checkpoint 保存没问题：

- 30 步 loss 1.61 → 1.39，~4 s/step；`checkpoint-10/20/30` 都正常写出，每个里面有 gather 出来的 `model.safetensors`（bf16）和分片的 `global_stepN/` 优化器状态 + `zero_to_fp32.py`，单个 checkpoint 约 20G（优化器状态占大头）。最终模型也以 HF 格式存到了 `{CKPT}/smoke/mix_v5_zero3_1.5b/`。
- 第一次失败还是 wandb：rank0 在计算节点上连 wandb 超时（`Run initialization has timed out after 90.0 sec`），torchrun 随后把 rank1 也停掉了。srun 加 `--export=ALL,WANDB_MODE=offline,WANDB_DIR=/mnt/share/zhoujing/wandb` 后正常。
- 新增了 `configs/accelerate/zero3_2gpu.yaml` 和 `configs/sft/qwen7b_full_mix_v5.yaml`（v4 配置换成 mix_v5）。

提醒一下：7B 正式训练每个 checkpoint 会有 ~90G，`save_steps: 200` 一共 24 个，建议加 `save_total_limit`，否则会占 2T+。""")

        t = d.task("可以，mix_v5 正式训练提交吧，save_total_limit 设 3，其他跟 v4 一样", tags=["workflow:W2"])
        t.read(P("configs/sft/qwen7b_full_mix_v5.yaml"))
        t.edit(P("configs/sft/qwen7b_full_mix_v5.yaml"), "save_steps: 200\n", "save_steps: 200\nsave_total_limit: 3\n")
        t.read(P("train_sft.py"))
        t.edit(P("train_sft.py"), """        save_steps=cfg["save_steps"],
""", """        save_steps=cfg["save_steps"],
        save_total_limit=cfg.get("save_total_limit"),
""")
        t.bash("sbatch scripts/slurm/train_zero3.sbatch configs/sft/qwen7b_full_mix_v5.yaml", "提交 mix_v5 全参训练",
               out="Submitted batch job 4536402")
        t.bash("sleep 60; squeue --me", "确认作业状态",
               out=squeue_out([(4536402, "a800", "sft", "zhoujing", "R", "0:48", 1, "gpu-a800-017")]), timeout=120000)
        t.done("""已提交 mix_v5：job **4536402**，已经在 `gpu-a800-017` 上跑起来了。

改动：`configs/sft/qwen7b_full_mix_v5.yaml` 加了 `save_total_limit: 3`，`train_sft.py` 把这个字段透传给 `TrainingArguments`（配置里没有时是 `None`，老实验不受影响）。其余超参跟 v4 相同，预计 26~27 小时。""")

        t = d.task("mix_v4 的最终模型拷一份到组里的共享目录 /mnt/share/llm-group/models/ 下面，评测组要拿去跑他们的集合，checkpoint-* 就别拷了",
                   tags=["unfixed:U1"])
        t.fail(f"rsync -a --exclude 'checkpoint-*' {CKPT}/qwen7b_full_mix_v4/ /mnt/share/llm-group/models/sft-qwen7b-mix_v4/",
               "拷贝 mix_v4 最终模型到组共享目录",
               """rsync: [receiver] write failed on "/mnt/share/llm-group/models/sft-qwen7b-mix_v4/model-00002-of-00004.safetensors": Disk quota exceeded (122)
rsync error: error in file IO (code 11) at receiver.c(380) [receiver=3.2.7]""", code=11, timeout=1200000)
        t.bash("lfs quota -g llm-group -h /mnt/share; lfs quota -u zhoujing -h /mnt/share", "查看组和个人的存储配额",
               out="""Disk quotas for grp llm-group (gid 3107):
     Filesystem    used   quota   limit   grace   files   quota   limit   grace
     /mnt/share     20T*    18T     20T  6d23h  1843221       0       0       -
Disk quotas for usr zhoujing (uid 20418):
     Filesystem    used   quota   limit   grace   files   quota   limit   grace
     /mnt/share  6.814T      0k      0k       -  210387       0       0       -""")
        t.bash("du -sh /mnt/share/llm-group/models/* 2>/dev/null | sort -rh | head -n 8", "看组目录里谁占得多",
               out="""3.1T	/mnt/share/llm-group/models/Qwen2.5-72B-Instruct-ckpts
2.6T	/mnt/share/llm-group/models/dpo-sweep-1009
1.9T	/mnt/share/llm-group/models/cpt-finance-v2
1.4T	/mnt/share/llm-group/models/Qwen2.5-72B-Instruct
822G	/mnt/share/llm-group/models/glm4-9b-ablation
541G	/mnt/share/llm-group/models/llama3.1-70b-sft
15G	/mnt/share/llm-group/models/sft-qwen7b-mix_v4
9.8G	/mnt/share/llm-group/models/bge-m3-ft""", timeout=300000)
        t.done("""没拷成：`llm-group` 组在 /mnt/share 上的配额已经满了（used 20T，软限 18T / 硬限 20T，宽限期还剩 6 天 23 小时），rsync 写到第二个分片时报 `Disk quota exceeded (122)`，exit 11。

- 目录里目前只有拷了一半的 `sft-qwen7b-mix_v4/`（15G，不完整，评测组先别用）。
- 组里占用大头是 `Qwen2.5-72B-Instruct-ckpts`（3.1T）、`dpo-sweep-1009`（2.6T）、`cpt-finance-v2`（1.9T），都不是你的东西，我没有动。
- 你个人配额没限制（已用 6.8T），所以训练本身不受影响。

需要组里清理或者找管理员扩组配额之后才能拷。如果评测组着急，可以先让他们直接读 `/mnt/share/zhoujing/ckpt/qwen7b_full_mix_v4/`（目录是组可读的）。""")

        d.precompact("""Analysis: 周婧在 /mnt/share/zhoujing/sft-lab（LLM SFT 实验仓库：Qwen2.5 底座，train_sft.py + configs/sft/*.yaml，DeepSpeed ZeRO-3，accelerate，Slurm a800/debug 分区，wandb 在计算节点 offline、登录节点 sync，数据配比 configs/data/mix_vN.yaml 由 scripts/build_sft_mix.py 构建到 /mnt/share/zhoujing/data/sft）上工作，当前分支 exp/mix-v5。

Summary:
1. mix_v4（v3 + code 2w）已训完（job 4517398），评测 job 4523310 已提交，结果在 results/qwen7b_full_mix_v4/。
2. mix_v5（去短代码回复、加身份认知 5k、全局首轮去重）已构建并提交到 exp/mix-v5；2 卡 ZeRO-3 smoke 通过（srun 需要 --export=ALL,WANDB_MODE=offline），正式训练 job 4536402 在 gpu-a800-017 上运行，save_total_limit=3。
3. scripts/train_rm.py（RM，LoRA + 序列分类头）已能在 debug 单卡训练（加了 model.enable_input_require_grads()）。
4. 拷贝 mix_v4 模型到 /mnt/share/llm-group/models/ 失败：组配额已满（20T/20T），没动别人的目录，已告知用户。
5. 用户偏好：大文件和产物一律写 /mnt/share，不写 home；评测用 greedy（temperature=0）；prompt 模板放 templates/*.jinja。

Current: 等待用户下一步指示。""")

        t = d.task("写这周的实验周报，放 docs/weekly/2026-10-23.md：mix_v3 和 v4 的评测对比（v4 的结果应该出来了）、v5 在训、RM 的进展", tags=["noise", "long_output"])
        t.read(P("docs/experiments.md"))
        t.bash("python scripts/summarize_eval.py results/qwen7b_full_mix_v3 results/qwen7b_full_mix_v4 --by-subject",
               "汇总 v3/v4 评测结果（含分科）", out="""== summary (greedy, n=1)
model                 ceval   cmmlu  gsm8k_zh  alignbench  kefu_internal
qwen7b_full_mix_v3    79.4    80.1      76.8        6.38           74.9
qwen7b_full_mix_v4    79.1    79.8      77.5        6.44           74.2

== ceval by category
category              v3      v4      diff
STEM                  74.6    75.9    +1.3
Social Science        86.1    85.2    -0.9
Humanities            80.3    79.4    -0.9
Other                 78.5    77.6    -0.9

== cmmlu by category (top diffs)
subject                          v3      v4      diff
computer_science                 84.3    88.7    +4.4
college_mathematics              52.4    55.2    +2.8
machine_learning                 71.3    73.8    +2.5
elementary_mathematics           78.7    80.0    +1.3
high_school_physics              74.5    75.5    +1.0
chinese_literature               77.5    75.0    -2.5
traditional_chinese_medicine     75.1    72.4    -2.7
chinese_history                  86.0    83.0    -3.0
ancient_chinese                  47.6    43.9    -3.7

== alignbench by dimension
dimension             v3      v4      diff
基本任务               6.92    6.95    +0.03
中文理解               6.71    6.60    -0.11
综合问答               6.85    6.88    +0.03
文本写作               6.47    6.39    -0.08
逻辑推理               5.18    5.41    +0.23
数学计算               5.62    5.93    +0.31
角色扮演               6.90    6.82    -0.08
专业能力               6.40    6.52    +0.12

== kefu_internal by intent
intent                n     v3      v4      diff
退换货                 412   78.2    77.4    -0.8
物流查询               305   81.0    80.3    -0.7
价格/优惠              264   70.1    69.7    -0.4
售后维修               198   69.8    68.2    -1.6
其他                   121   64.5    64.6    +0.1""")
        report = """# 周报 2026-10-23（周婧）

## 一、本周概览

本周主要围绕 SFT 数据配比迭代（mix_v4、mix_v5）和 reward model 的搭建展开，同时对 ZeRO-3 的 checkpoint 保存流程做了验证。整体来看，加入代码数据后推理类指标有提升，但中文人文类和客服业务集有小幅回落，需要在 v5 里观察身份认知数据和去重的影响。

## 二、mix_v3 vs mix_v4 评测对比

### 2.1 总体指标

| 模型 | C-Eval | CMMLU | GSM8K-zh | AlignBench | 客服内部集 |
|---|---|---|---|---|---|
| qwen7b_full_mix_v3 | 79.4 | 80.1 | 76.8 | 6.38 | 74.9 |
| qwen7b_full_mix_v4 | 79.1 | 79.8 | 77.5 | 6.44 | 74.2 |

### 2.2 分科分析

- C-Eval：STEM +1.3，社科、人文、其他均 -0.9。
- CMMLU：computer_science +4.4、college_mathematics +2.8、machine_learning +2.5；ancient_chinese -3.7、chinese_history -3.0、traditional_chinese_medicine -2.7、chinese_literature -2.5。
- AlignBench：数学计算 +0.31、逻辑推理 +0.23、专业能力 +0.12；中文理解 -0.11、文本写作 -0.08、角色扮演 -0.08。
- 客服内部集：售后维修 -1.6、退换货 -0.8、物流查询 -0.7、价格/优惠 -0.4。

### 2.3 原因分析

1. 代码数据（2 万条）对理工类和逻辑推理有正向迁移，这与业界经验一致。
2. 代码数据占比上升（约 9.5%）稀释了中文人文类和客服数据的比例，导致相应指标小幅下降。
3. 代码源中存在大量极短回复（只有一行代码或一句话），可能对回复风格有负面影响。

### 2.4 结论

mix_v4 整体与 v3 持平，推理类提升、人文和客服小幅下降，不建议直接替换线上版本。

## 三、mix_v5 进展

### 3.1 数据变化

- 去掉 code 源中 assistant 少于 32 token 的短回复 2,684 条；
- 新增身份认知数据 5,000 条；
- 全局首轮去重：212,316 → 203,975。

### 3.2 训练

- 2 卡 ZeRO-3 smoke 验证 checkpoint 保存正常；
- 正式训练 job 4536402 已在 gpu-a800-017 上运行，预计周六下午完成；
- 新增 save_total_limit=3，避免 checkpoint 占满存储。

## 四、Reward Model

- 完成 `scripts/train_rm.py`：Qwen2.5-7B-Instruct + LoRA（r=64）+ 序列分类头，pairwise loss；
- 数据 rm_v1 共 18,342 对；
- debug 单卡 10 步 smoke 通过，loss 0.74 → 0.56；
- 下一步：划出验证集，8 卡正式训练，评估 pairwise accuracy。

## 五、问题与风险

1. 组共享存储配额已满（20T/20T），mix_v4 模型无法拷贝到组目录，需组内清理或扩容；
2. 计算节点无外网，直接 srun 时需设置 wandb offline；
3. 7B 全参 checkpoint 单个约 90G，需控制保存数量。

## 六、下周计划

1. mix_v5 训练完成后评测，与 v3/v4 对比；
2. RM 正式训练与评估；
3. 调研客服业务集下降原因，考虑提高 kefu 数据配比；
4. 评估 Yi-1.5-9B 作为底座的可行性。
"""
        t.write(P("docs/weekly/2026-10-23.md"), report)
        t.done("""周报写好了：`docs/weekly/2026-10-23.md`，六个部分——概览、v3/v4 评测对比（总表 + C-Eval/CMMLU/AlignBench/客服集分项 + 原因分析 + 结论）、mix_v5 进展、RM 进展、问题与风险、下周计划。

要点：v4 相比 v3 推理类上升（GSM8K-zh +0.7、AlignBench 数学 +0.31、CMMLU 计算机 +4.4），人文类和客服集小幅下降（客服 -0.7），整体持平，不建议替换线上；v5 在训，周六出结果；RM smoke 通过。""")

    # ================================================================== S6 (Tue 10-27, 10:00 Beijing)
    with d.session("2026-10-27T02:00:00", R, branch="exp/mix-v5", version="2.1.85"):
        fb = "上周那份周报太长了，组长在群里直接回了一句 \"too long, cut half\"，最后我自己删了一半才发出去"
        t = d.task(fb + "。以后周报就是一张对比表 + 最多 5 条结论，过程和背景都别写。把 10-23 那份按这个格式重写一版存着",
                   tags=["feedback"], feedback=fb)
        t.read(P("docs/weekly/2026-10-23.md"))
        t.write(P("docs/weekly/2026-10-23.md"), """# 周报 2026-10-23（周婧）

| 模型 | C-Eval | CMMLU | GSM8K-zh | AlignBench | 客服内部集 |
|---|---|---|---|---|---|
| qwen7b_full_mix_v3 | 79.4 | 80.1 | 76.8 | 6.38 | 74.9 |
| qwen7b_full_mix_v4 | 79.1 | 79.8 | 77.5 | 6.44 | 74.2 |

1. v4（+代码 2 万条）推理类涨（GSM8K-zh +0.7，CMMLU 计算机 +4.4），人文类和客服集小降（客服 -0.7），整体持平，不替换线上。
2. mix_v5（去短代码回复 + 身份认知 5k + 首轮去重）训练中，job 4536402，周六出结果。
3. RM：train_rm.py（7B LoRA + 分类头）smoke 通过，下周 8 卡正式训练。
4. 风险：组存储配额已满（20T/20T），v4 模型拷不进组目录，需清理或扩容。
""")
        t.done("""按新格式重写了 `docs/weekly/2026-10-23.md`：一张 v3/v4 对比表 + 4 条结论（结果、v5 状态、RM、存储风险），没有过程和背景。以后周报都按「一张表 + 最多 5 条结论」来写。""")

        t = d.task("mix_v5 训完了吧？老样子：看 job 状态、wandb 同步、提交评测", tags=["workflow:W3"])
        t.bash("sacct -j 4536402 --format=JobID,JobName,Partition,Elapsed,State,ExitCode,NodeList", "查看 mix_v5 训练作业状态",
               out=sacct_out([("4536402", "sft", "a800", "1-02:41:09", "COMPLETED", "0:0", "gpu-a800-017"),
                              ("4536402.bat+", "batch", "", "1-02:41:09", "COMPLETED", "0:0", "gpu-a800-017"),
                              ("4536402.ext+", "extern", "", "1-02:41:09", "COMPLETED", "0:0", "gpu-a800-017")]))
        t.bash("grep -o 'wandb sync .*' logs/sft-4536402.err | tail -n 1", "找到 offline run 目录",
               out="wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261023_095531-k2v7e1ra")
        t.bash("wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261023_095531-k2v7e1ra", "同步 mix_v5 的 wandb run",
               out="""Find logs at: /mnt/share/zhoujing/wandb/wandb/debug-cli.zhoujing.log
Syncing: https://wandb.ai/lingjing-llm/sft-lab/runs/k2v7e1ra ... done.""", timeout=300000)
        t.bash(f"ls {CKPT}/qwen7b_full_mix_v5/ | head -n 20 && sbatch scripts/slurm/eval_vllm.sbatch {CKPT}/qwen7b_full_mix_v5",
               "确认模型产物并提交评测", out="""checkpoint-4400
checkpoint-4600
checkpoint-4733
config.json
generation_config.json
merges.txt
model-00001-of-00004.safetensors
model-00002-of-00004.safetensors
model-00003-of-00004.safetensors
model-00004-of-00004.safetensors
model.safetensors.index.json
special_tokens_map.json
tokenizer.json
tokenizer_config.json
vocab.json
Submitted batch job 4541877""")
        t.done("""- 训练 job 4536402 `COMPLETED`（0:0），26 小时 41 分，共 4733 步；`save_total_limit` 生效，只留了最后 3 个 checkpoint。
- wandb 已同步：https://wandb.ai/lingjing-llm/sft-lab/runs/k2v7e1ra
- 评测 job **4541877** 已提交（greedy），结果会在 `results/qwen7b_full_mix_v5/`。""")

        t = d.task("除了首轮完全相同的，还有不少换个说法问同一个问题的。用 bge-m3 做语义去重：写 scripts/dedup_embed.py，"
                   "在 debug 分区单卡算 mix_v5 train 首轮问题的 embedding，余弦 > 0.95 算重复，先只统计、不删", tags=["mistake:M2"])
        DE = P("scripts/dedup_embed.py")
        t.write(DE, """import argparse
import json

import torch
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer

from sftlab.dedup import first_user


@torch.no_grad()
def embed(texts, tok, model, bs=256, max_len=512):
    out = []
    for i in range(0, len(texts), bs):
        enc = tok(texts[i : i + bs], padding=True, truncation=True, max_length=max_len, return_tensors="pt").to("cuda")
        h = model(**enc).last_hidden_state[:, 0]  # bge 用 CLS 向量
        out.append(F.normalize(h.float(), dim=-1).cpu())
    return torch.cat(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--model", default="BAAI/bge-m3")
    ap.add_argument("--threshold", type=float, default=0.95)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rows = [json.loads(l) for l in open(args.data, encoding="utf-8")]
    qs = [first_user(r["messages"]) for r in rows]
    tok = AutoTokenizer.from_pretrained(args.model)
    model = AutoModel.from_pretrained(args.model, torch_dtype=torch.float16).cuda().eval()
    emb = embed(qs, tok, model).cuda().half()
    dup_of = {}
    for i in range(0, len(qs), 4096):
        sim = emb[i : i + 4096] @ emb.T
        for a, b in (sim > args.threshold).nonzero().tolist():
            a += i
            if b < a and a not in dup_of:
                dup_of[a] = b
    by_src = {}
    for a in dup_of:
        by_src[rows[a]["source"]] = by_src.get(rows[a]["source"], 0) + 1
    print(f"rows={len(rows)}  near-dup(cos>{args.threshold})={len(dup_of)} ({len(dup_of) / len(rows):.2%})")
    for s, n in sorted(by_src.items(), key=lambda x: -x[1]):
        print(f"  {s:<14} {n}")
    with open(args.out, "w", encoding="utf-8") as f:
        for a, b in dup_of.items():
            f.write(json.dumps({"idx": a, "dup_of": b, "q": qs[a], "q_ref": qs[b]}, ensure_ascii=False) + "\\n")


if __name__ == "__main__":
    main()
""")
        base = f"{SRUN} --gres=gpu:1 -c 16 --mem=200G -t 00:30:00 python scripts/dedup_embed.py --data {DATA}/mix_v5/train.jsonl --out {DATA}/mix_v5/near_dup.jsonl"
        t.fail(base, "debug 分区单卡用 bge-m3 统计语义重复", "\n".join([
            srun_alloc(4542016, "gpu-a800-001"),
            hf_offline_error("BAAI/bge-m3", "config.json", [
                (DE, ln(DE, "    main()"), "<module>", "main()"),
                (DE, ln(DE, "tok = AutoTokenizer"), "main", "tok = AutoTokenizer.from_pretrained(args.model)"),
            ] + AUTO_TOK),
            srun_fail("gpu-a800-001")]), timeout=900000)
        t.bash(f"ls {MODELS}/ | grep -i bge; ls /mnt/share/llm-group/models/ | grep -i bge; ls ~/.cache/huggingface/hub 2>/dev/null | head",
               "找一下本地有没有 bge-m3", out="bge-m3-ft")
        t.bash("cat /mnt/share/llm-group/models/bge-m3-ft/README.md | head -n 5", "看组里 bge-m3-ft 是什么",
               out="""# bge-m3-ft
检索组在电商 query-商品标题对上微调的 bge-m3（2026-08），只适合 query→商品召回。
通用语义相似度请用原版 BAAI/bge-m3。""")
        t.say("组里那个是检索组针对商品召回微调过的，不适合做通用问题去重。原版 bge-m3 本地没有，从 ModelScope 下到共享模型目录，onnx 那部分用不到就不下了。")
        t.bash(f"modelscope download --model BAAI/bge-m3 --exclude 'onnx/*' 'imgs/*' --local_dir {MODELS}/bge-m3",
               "从 ModelScope 下载 bge-m3（不含 onnx）", out="""Downloading Model to directory: /mnt/share/models/bge-m3
Downloading [1_Pooling/config.json]: 100%|██████████| 191/191 [00:00<00:00, 734B/s]
Downloading [colbert_linear.pt]: 100%|██████████| 2.00M/2.00M [00:00<00:00, 6.88MB/s]
Downloading [config.json]: 100%|██████████| 687/687 [00:00<00:00, 2.61kB/s]
Downloading [config_sentence_transformers.json]: 100%|██████████| 123/123 [00:00<00:00, 469B/s]
Downloading [configuration.json]: 100%|██████████| 47.0/47.0 [00:00<00:00, 180B/s]
Downloading [modules.json]: 100%|██████████| 349/349 [00:00<00:00, 1.33kB/s]
Downloading [pytorch_model.bin]: 100%|██████████| 2.11G/2.11G [00:36<00:00, 62.4MB/s]
Downloading [README.md]: 100%|██████████| 15.4k/15.4k [00:00<00:00, 57.9kB/s]
Downloading [sentence_bert_config.json]: 100%|██████████| 54.0/54.0 [00:00<00:00, 207B/s]
Downloading [sentencepiece.bpe.model]: 100%|██████████| 4.83M/4.83M [00:00<00:00, 15.1MB/s]
Downloading [sparse_linear.pt]: 100%|██████████| 3.43k/3.43k [00:00<00:00, 13.0kB/s]
Downloading [special_tokens_map.json]: 100%|██████████| 964/964 [00:00<00:00, 3.67kB/s]
Downloading [tokenizer.json]: 100%|██████████| 16.3M/16.3M [00:01<00:00, 14.2MB/s]
Downloading [tokenizer_config.json]: 100%|██████████| 1.28k/1.28k [00:00<00:00, 4.88kB/s]
Successfully Downloaded from model BAAI/bge-m3.""", timeout=900000)
        t.bash(base + f" --model {MODELS}/bge-m3", "用本地 bge-m3 重跑语义重复统计", out="\n".join([
            srun_alloc(4542093, "gpu-a800-001"),
            "rows=201936  near-dup(cos>0.95)=9418 (4.66%)",
            "  general_zh     4702",
            "  multiturn      2187",
            "  kefu           1529",
            "  math_cot        611",
            "  self_cognition  297",
            "  code             92",
        ]), timeout=900000)
        t.bash(f"shuf -n 6 --random-source=<(yes) {DATA}/mix_v5/near_dup.jsonl | python -c \"import sys,json; [print(json.loads(l)['q'][:40], ' || ', json.loads(l)['q_ref'][:40]) for l in sys.stdin]\"",
               "抽几条看看判成重复的是什么样", out="""怎么提高孩子的阅读兴趣？  ||  如何培养小孩子对阅读的兴趣？
退货的运费谁出？  ||  退货运费是我承担还是你们承担？
你是谁开发的？  ||  你是哪家公司开发的？
解释一下什么是通货膨胀  ||  什么是通货膨胀？请解释
帮我写一首关于秋天的诗  ||  写一首描写秋天的诗
求 1 到 100 的和  ||  1 加到 100 等于多少""")
        t.done(f"""统计完了（只统计，没删任何数据）：

- mix_v5 train 201,936 条里，首轮问题余弦 > 0.95 的近重复 **9,418 条（4.66%）**：general_zh 4,702、multiturn 2,187、kefu 1,529、math_cot 611、self_cognition 297、code 92。
- 明细在 `{DATA}/mix_v5/near_dup.jsonl`（idx / dup_of / 两条问题），抽样看基本都是同义改写，比如「怎么提高孩子的阅读兴趣？」vs「如何培养小孩子对阅读的兴趣？」。
- self_cognition 的 297 条是预期内的（身份认知本来就是同一问题多种问法），真要删的话建议把这个源排除在外；kefu 的 1,529 条也值得再看一下，同一个问题不同回复有时候是故意的（不同商品）。

过程中：`BAAI/bge-m3` 本地没有缓存，集群 `HF_HUB_OFFLINE=1`，transformers 报 `We couldn't connect to 'https://huggingface.co' to load this file`。组目录里的 `bge-m3-ft` 是检索组给商品召回微调的，不适合做这个，所以用 `modelscope download` 把原版下到了 `{MODELS}/bge-m3`（去掉了 onnx），脚本用 `--model {MODELS}/bge-m3` 跑的。""")

        t = d.task("DPO 的 beta 一般取多少？跟 SimPO 比主要区别在哪，我们做客服偏好对齐用哪个好？", tags=["noise", "no_tools"])
        t.done("""**DPO 的 beta**：控制策略偏离参考模型的程度（隐式 KL 约束的强度）。常用 0.1；数据噪声大或者怕跑偏可以 0.2~0.5，想更激进 0.05。beta 太小容易出现 chosen 和 rejected 的 logp 一起往下掉、回复变长变怪；太大学不动。实践中盯 `rewards/margins` 和 `logps/chosen`：margin 涨而 chosen logp 大幅下降就说明偏了。

**SimPO 的区别**：
1. 不需要参考模型：用**长度归一化**的平均 logp 作为隐式奖励，省一份模型的显存和前向；
2. 加了一个目标 margin γ，要求 chosen 比 rejected 至少高出 γ；
3. 因为做了长度归一化，天然缓解 DPO 的"越写越长"问题。
代价是没有参考模型兜底，超参（beta 通常 2~10，γ/beta 0.3~0.5）更敏感，学歪了没有 KL 拉回来。

**客服场景建议**先用 DPO（beta 0.1，参考模型用 SFT 后的 mix_v5），理由：客服回复要稳、不能偏离 SFT 学到的话术和政策表述，参考模型的约束有价值；如果发现回复明显变长、变啰嗦，再试 SimPO 或者 DPO 加长度正则（R-DPO）。trl 0.12 里 `DPOConfig(loss_type="sigmoid")` 是 DPO，`CPOTrainer` + `loss_type="simpo"` 是 SimPO。""")

    # ================================================================== S7 (Fri 10-30, 09:30 Beijing) acceptEdits
    TORCHRUN_FAIL = [
        (f"{ENV}/bin/torchrun", 8, "<module>", "sys.exit(main())"),
        (sp("torch/distributed/elastic/multiprocessing/errors/__init__.py"), 355, "wrapper", "return f(*args, **kwargs)"),
        (sp("torch/distributed/run.py"), 919, "main", "run(args)"),
        (sp("torch/distributed/run.py"), 910, "run", "elastic_launch("),
        (sp("torch/distributed/launcher/api.py"), 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
        (sp("torch/distributed/launcher/api.py"), 269, "launch_agent", "raise ChildFailedError("),
    ]
    with d.session("2026-10-30T01:30:00", R, branch="exp/cpt", version="2.1.86", permission_mode="acceptEdits"):
        t = d.task("想在客服语料上做一轮领域增量预训练再 SFT。写 scripts/train_cpt.py：Qwen2.5-7B 底座 + LoRA（全线性层，r=64），"
                   "纯 Trainer，语料 /mnt/share/zhoujing/data/cpt/kefu_corpus_1028/*.txt，拼接 packing 到 4096，开 gradient checkpointing。"
                   "先 debug 分区 2 卡 torchrun 跑 10 步。checkpoint 都写 /mnt/share 底下，家目录一个字节都别放", tags=["mistake:M3", "pref:P1"])
        t.bash("ls -lh /mnt/share/zhoujing/data/cpt/kefu_corpus_1028/ | head; cat /mnt/share/zhoujing/data/cpt/kefu_corpus_1028/*.txt | wc -c",
               "看语料规模", out="""total 2.9G
-rw-r--r-- 1 zhoujing llm-group 812M Oct 28 17:20 kefu_chatlog_2025h2.txt
-rw-r--r-- 1 zhoujing llm-group 1.1G Oct 28 17:24 kefu_chatlog_2026h1.txt
-rw-r--r-- 1 zhoujing llm-group 604M Oct 28 17:31 product_manual.txt
-rw-r--r-- 1 zhoujing llm-group 398M Oct 28 17:33 after_sales_policy.txt
3086127744""", timeout=300000)
        CPT = P("scripts/train_cpt.py")
        t.write(CPT, """import argparse
import glob
import itertools
import logging

import torch
from datasets import load_dataset
from peft import LoraConfig, TaskType, get_peft_model
from transformers import AutoModelForCausalLM, AutoTokenizer, Trainer, TrainingArguments, default_data_collator

logger = logging.getLogger("train_cpt")


def packed(ds, tok, block):
    \"\"\"逐文档 tokenize，文档间插 eos，拼接后切成 block 长度的块。\"\"\"
    def tok_fn(batch):
        return {"input_ids": [tok(t, add_special_tokens=False).input_ids + [tok.eos_token_id] for t in batch["text"]]}

    def group(batch):
        ids = list(itertools.chain.from_iterable(batch["input_ids"]))
        n = len(ids) // block * block
        chunks = [ids[i : i + block] for i in range(0, n, block)]
        return {"input_ids": chunks, "labels": [c[:] for c in chunks], "attention_mask": [[1] * block for _ in chunks]}

    ds = ds.map(tok_fn, batched=True, num_proc=32, remove_columns=ds.column_names)
    return ds.map(group, batched=True, batch_size=2000, num_proc=32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="/mnt/share/models/Qwen2.5-7B")
    ap.add_argument("--data_glob", default="/mnt/share/zhoujing/data/cpt/kefu_corpus_1028/*.txt")
    ap.add_argument("--output_dir", required=True)
    ap.add_argument("--block", type=int, default=4096)
    ap.add_argument("--max_steps", type=int, default=-1)
    ap.add_argument("--lr", type=float, default=2e-4)
    ap.add_argument("--report_to", default="wandb")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    tok = AutoTokenizer.from_pretrained(args.model)
    raw = load_dataset("text", data_files=sorted(glob.glob(args.data_glob)), sample_by="paragraph", split="train")
    train = packed(raw, tok, args.block)
    logger.info("packed blocks: %d x %d", len(train), args.block)

    model = AutoModelForCausalLM.from_pretrained(
        args.model, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2"
    )
    lora = LoraConfig(task_type=TaskType.CAUSAL_LM, r=64, lora_alpha=128, lora_dropout=0.05,
                      target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"])
    model = get_peft_model(model, lora)
    model.print_trainable_parameters()

    targs = TrainingArguments(
        output_dir=args.output_dir, per_device_train_batch_size=2, gradient_accumulation_steps=8,
        learning_rate=args.lr, num_train_epochs=1, max_steps=args.max_steps, lr_scheduler_type="cosine",
        warmup_ratio=0.01, bf16=True, gradient_checkpointing=True, logging_steps=1 if args.max_steps > 0 else 10,
        save_steps=1000, save_total_limit=3, report_to=args.report_to, run_name="cpt_kefu_qwen7b_lora",
        ddp_find_unused_parameters=False,
    )
    trainer = Trainer(model=model, args=targs, train_dataset=train, data_collator=default_data_collator)
    trainer.train()
    trainer.save_model(args.output_dir)


if __name__ == "__main__":
    main()
""")
        cmd = (f"{SRUN} --gres=gpu:2 -c 64 --mem=400G -t 01:00:00 torchrun --standalone --nproc_per_node 2 scripts/train_cpt.py "
               f"--output_dir {CKPT}/cpt/smoke_kefu_lora --max_steps 10 --report_to none")
        cpt_frames = [(CPT, ln(CPT, "    main()"), "<module>", "main()"), (CPT, ln(CPT, "    trainer.train()"), "main", "trainer.train()")]
        err = no_grad_error(cpt_frames)
        warn, trace = err.split("\n", 2)[:2], err.split("\n", 2)[2]
        r0 = "\n".join("[rank0]: " + x for x in trace.split("\n"))
        r1 = "\n".join("[rank1]: " + x for x in trace.split("\n"))
        t.fail(cmd, "debug 分区 2 卡 torchrun 跑 CPT 10 步", "\n".join([
            srun_alloc(4551733, "gpu-a800-002"),
            "W1030 09:52:10.117000 3810442 site-packages/torch/distributed/run.py:793] ",
            "W1030 09:52:10.117000 3810442 site-packages/torch/distributed/run.py:793] *****************************************",
            "W1030 09:52:10.117000 3810442 site-packages/torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "W1030 09:52:10.117000 3810442 site-packages/torch/distributed/run.py:793] *****************************************",
            "Map (num_proc=32): 100%|██████████| 2871204/2871204 [04:51<00:00, 9847.12 examples/s]",
            "Map (num_proc=32): 100%|██████████| 2871204/2871204 [01:37<00:00, 29411.66 examples/s]",
            "2026-10-30 09:58:44,903 INFO train_cpt: packed blocks: 228613 x 4096",
            "2026-10-30 09:58:45,011 INFO train_cpt: packed blocks: 228613 x 4096",
            shards(4, 11.2),
            shards(4, 11.4),
            "trainable params: 161,480,704 || all params: 7,777,097,216 || trainable%: 2.0764",
            "trainable params: 161,480,704 || all params: 7,777,097,216 || trainable%: 2.0764",
            "max_steps is given, it will override any value given in num_train_epochs",
            warn[0], warn[1], warn[0], warn[1],
            r0, r1,
            "W1030 09:59:21.640000 3810442 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 3810471 closing signal SIGTERM",
            "E1030 09:59:22.102000 3810442 site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 3810470) of binary: /mnt/share/zhoujing/miniconda3/envs/sft/bin/python",
            tb(TORCHRUN_FAIL, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ") + """
============================================================
scripts/train_cpt.py FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2026-10-30_09:59:21
  host      : gpu-a800-002
  rank      : 0 (local_rank: 0)
  exitcode  : 1 (pid: 3810470)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================""",
            srun_fail("gpu-a800-002")]), timeout=1800000)
        t.say("两个 rank 都在第一步反传时报 `element 0 of tensors does not require grad`，前面有 checkpoint 的 `None of the inputs have requires_grad=True` 警告："
              "底座被 LoRA 冻结，Trainer 开了 gradient checkpointing，checkpoint 段的输入不带梯度。看下仓库里别的 LoRA 脚本是怎么处理的。")
        t.grep("enable_input_require_grads|gradient_checkpointing", path=P("scripts"), output_mode="content", n=True,
               content="""scripts/train_rm.py:60:    model.enable_input_require_grads()
scripts/train_rm.py:69:        warmup_ratio=0.03, bf16=True, gradient_checkpointing=True, logging_steps=1 if args.max_steps > 0 else 10,
scripts/train_cpt.py:57:        warmup_ratio=0.01, bf16=True, gradient_checkpointing=True, logging_steps=1 if args.max_steps > 0 else 10,""")
        t.say("train_rm.py 在 get_peft_model 之前调了 `model.enable_input_require_grads()`，train_cpt.py 漏了，同样加上。")
        t.edit(CPT, """        args.model, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2"
    )
    lora = LoraConfig(""", """        args.model, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2"
    )
    # 冻结底座 + gradient checkpointing 时需要：让 embedding 输出 requires_grad，梯度才能穿过 checkpoint 段回到 LoRA
    model.enable_input_require_grads()
    lora = LoraConfig(""")
        t.bash(cmd, "重新跑 CPT 10 步", out="\n".join([
            srun_alloc(4551802, "gpu-a800-002"),
            "W1030 10:03:02.554000 3812207 site-packages/torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "2026-10-30 10:03:19,377 INFO train_cpt: packed blocks: 228613 x 4096",
            "2026-10-30 10:03:19,412 INFO train_cpt: packed blocks: 228613 x 4096",
            shards(4, 10.9),
            shards(4, 11.0),
            "trainable params: 161,480,704 || all params: 7,777,097,216 || trainable%: 2.0764",
            "trainable params: 161,480,704 || all params: 7,777,097,216 || trainable%: 2.0764",
            "max_steps is given, it will override any value given in num_train_epochs",
        ] + steps([("2.3117", "0.4412", "0.0002", "0.0"), ("2.2954", "0.4176", "0.00019396926207859084", "0.0"),
                   ("2.2701", "0.3893", "0.00017660444431189782", "0.0"), ("2.2238", "0.3650", "0.00015000000000000001", "0.0"),
                   ("2.1892", "0.3318", "0.00011736481776669304", "0.0"), ("2.1655", "0.3127", "8.263518223330697e-05", "0.0"),
                   ("2.1349", "0.2981", "5.000000000000002e-05", "0.0"), ("2.1173", "0.2902", "2.339555568810221e-05", "0.0"),
                   ("2.1090", "0.2844", "6.030737921409169e-06", "0.0"), ("2.1042", "0.2817", "0.0", "0.0")]) + [
            "{'train_runtime': 402.7, 'train_samples_per_second': 0.795, 'train_steps_per_second': 0.025, 'train_loss': 2.1921, 'epoch': 0.0}",
            "100%|██████████| 10/10 [06:42<00:00, 40.27s/it]",
        ]), timeout=1800000)
        t.done(f"""`scripts/train_cpt.py` 写好了，2 卡 torchrun 10 步跑通：loss 2.31 → 2.10，~40 s/step（全局 batch 2×8×2=32 块 × 4096 = 13 万 token/step）。checkpoint 和最终 adapter 都在 `{CKPT}/cpt/smoke_kefu_lora`，都在 /mnt/share 下，没有往家目录写东西。

- 语料 2.9 GB，按段落读入后 tokenize + eos 拼接，packing 成 228,613 个 4096 块（约 9.4 亿 token）；1 epoch 在 8 卡上大概 7,100 步。
- 第一次跑两个 rank 都在反传报 `element 0 of tensors does not require grad and does not have a grad_fn`，和 RM 那次同一个原因，加了 `model.enable_input_require_grads()` 后正常。

建议正式训练时把 lr 从 2e-4 降到 1e-4 并混 10% 左右的通用语料，防止灾难性遗忘。""")

        t = d.task("看下我现在排队的任务，还有 a800 分区现在空几台机器", tags=["flaky:F1"])
        t.fail("squeue --me", "查看我的作业", "slurm_load_jobs error: Socket timed out on send/recv operation")
        t.bash("squeue --me", "查看我的作业", out=squeue_out([
            (4549810, "a800", "rm", "zhoujing", "R", "5:12:33", 1, "gpu-a800-009"),
            (4551950, "a800", "eval", "zhoujing", "PD", "0:00", 1, "(Priority)")]))
        t.bash("sinfo -p a800", "查看 a800 分区节点状态", out="""PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
a800         up 7-00:00:00      3    mix gpu-a800-[009,014,030]
a800         up 7-00:00:00     25  alloc gpu-a800-[005-008,010-013,015-029,031-032]
a800         up 7-00:00:00      2   idle gpu-a800-[033-034]
a800         up 7-00:00:00      2  drain gpu-a800-[035-036]""")
        t.done("""第一次 `squeue` 报 `Socket timed out on send/recv operation`（slurmctld 忙，偶发），重试就好了。

你的作业：
- 4549810 `rm` 在 gpu-a800-009 上跑了 5 小时 12 分；
- 4551950 `eval` 在排队（Priority）。

a800 分区 32 台：**2 台完全空闲**（gpu-a800-033、034），3 台部分占用（mix），25 台满载，2 台 drain（035、036，维护中）。现在提 8 卡整机的任务应该很快能排上。""")

        t = d.task("train_sft.py 加个 neftune_noise_alpha 的配置项，yaml 里不写就不开，我想下个实验试试 alpha=5", tags=["noise"])
        t.read(P("train_sft.py"))
        t.edit(P("train_sft.py"), """        save_only_model=cfg.get("save_only_model", False),
""", """        save_only_model=cfg.get("save_only_model", False),
        neftune_noise_alpha=cfg.get("neftune_noise_alpha"),
""")
        t.bash("python -m pytest tests -q", "跑一下单测确认没改坏", out="""......                                                                   [100%]
6 passed in 7.92s""", timeout=300000)
        t.done("""加好了：`train_sft.py` 把 yaml 里的 `neftune_noise_alpha` 透传给 `TrainingArguments`，不写就是 `None`（不开）。下个实验在配置里加一行 `neftune_noise_alpha: 5` 就行。

注意 NEFTune 只在训练时给 embedding 加噪声，Trainer 在 `train()` 结束后会自动把 hook 摘掉，保存的模型和推理不受影响。单测 6 个都过了。""")

    # ================================================================== S8 (Wed 11-04, 10:40 Beijing)
    with d.session("2026-11-04T02:40:00", R, branch="exp/mix-v5", version="2.1.88"):
        t = d.task("评测解码策略要改：之前说的统一 greedy 作废。greedy 在 alignbench 和客服集上太容易复读，和线上采样出来的效果对不上。"
                   "以后评测统一 temperature=0.7、top_p=0.8，每题采样 4 次取平均。改一下 eval_vllm.sbatch 和 eval_gen.py 的默认值",
                   tags=["reversal:P3"])
        t.read(P("scripts/eval_gen.py"))
        t.edit(P("scripts/eval_gen.py"), """    ap.add_argument("--temperature", type=float, default=0.0)
    ap.add_argument("--n", type=int, default=1)
""", """    ap.add_argument("--temperature", type=float, default=0.7)
    ap.add_argument("--top_p", type=float, default=0.8)
    ap.add_argument("--n", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1234)
""")
        t.edit(P("scripts/eval_gen.py"), """    sp = SamplingParams(temperature=args.temperature, top_p=1.0, n=args.n, max_tokens=args.max_tokens)""",
               """    sp = SamplingParams(temperature=args.temperature, top_p=args.top_p, n=args.n, max_tokens=args.max_tokens, seed=args.seed)""")
        t.read(P("scripts/slurm/eval_vllm.sbatch"))
        t.edit(P("scripts/slurm/eval_vllm.sbatch"), "    --temperature 0.0 --n 1 --max_tokens 2048 \\\n",
               "    --temperature 0.7 --top_p 0.8 --n 4 --max_tokens 2048 \\\n")
        t.grep("outputs", path=P("scripts/summarize_eval.py"), output_mode="content", n=True,
               content="""38:    for rec in load_jsonl(pred_file):
41:        scores = [score_fn(o, ref[rec["id"]]) for o in rec["outputs"]]
42:        per_item.append(sum(scores) / len(scores))""")
        t.done("""改好了：

- `scripts/eval_gen.py`：默认 `--temperature 0.7 --top_p 0.8 --n 4`，`SamplingParams` 用上 `top_p`，另外加了固定的 `--seed 1234`，采样结果可以复现。
- `scripts/slurm/eval_vllm.sbatch`：显式传 `--temperature 0.7 --top_p 0.8 --n 4`。
- `summarize_eval.py` 本来就是对每题的 `outputs` 逐个打分再取平均，n=4 时自动是 4 次平均，不用改。

注意之前 v3/v4/v5 的分数都是 greedy 出的，和之后的结果不能直接比；要对比的话需要用新设置把 v5 重评一遍。""")

        t = d.task("做 mix_v6：在 v5 基础上加业务同学给的 3 千条客服多轮 data/raw/kefu_multiturn_1103.jsonl，其他不变，build、检查、提交推送",
                   tags=["workflow:W1", "oneoff:O2"])
        t.bash("wc -l data/raw/kefu_multiturn_1103.jsonl", "确认新数据条数", out="3000 data/raw/kefu_multiturn_1103.jsonl")
        mix_v6 = d.files[P("configs/data/mix_v5.yaml")].replace("# mix_v5: 2026-10-20  v4 - 短代码回复 + 身份认知 5k，全局首轮去重",
                                                                 "# mix_v6: 2026-11-04  v5 + 客服多轮 3k（业务 1103）").replace(
            "    path: data/raw/self_cognition_lingjing.jsonl\n    take: 5000\n",
            "    path: data/raw/self_cognition_lingjing.jsonl\n    take: 5000\n  - name: kefu_multiturn\n    path: data/raw/kefu_multiturn_1103.jsonl\n    take: 3000\n")
        t.write(P("configs/data/mix_v6.yaml"), mix_v6)
        BS = P("scripts/build_sft_mix.py")
        cmd = f"python scripts/build_sft_mix.py --mix configs/data/mix_v6.yaml --out {DATA}/mix_v6 --workers 32"
        t.fail(cmd, "按 mix_v6 配比构建数据", "\n".join([
            "2026-11-04 10:52:31,220 INFO general_zh    120000 (dropped 0 short)",
            "2026-11-04 10:52:33,004 INFO math_cot       30000 (dropped 0 short)",
            "2026-11-04 10:52:33,711 INFO kefu           15000 (dropped 0 short)",
            "2026-11-04 10:52:35,230 INFO multiturn      25000 (dropped 0 short)",
            "2026-11-04 10:52:57,918 INFO code           17316 (dropped 2684 short)",
            "2026-11-04 10:52:58,063 INFO self_cognition  5000 (dropped 0 short)",
            "Traceback (most recent call last):",
            f'  File "{BS}", line {ln(BS, "    main()")}, in <module>',
            "    main()",
            f'  File "{BS}", line {ln(BS, "msgs = to_messages(r)")}, in main',
            "    msgs = to_messages(r)",
            "           ^^^^^^^^^^^^^^",
            f'  File "{BS}", line {ln(BS, "for t in rec[")}, in to_messages',
            '    return [{"role": role[t["from"]], "content": t["value"]} for t in rec["conversations"]]',
            "                                                                      ~~~^^^^^^^^^^^^^^^^^",
            "KeyError: 'conversations'"]), timeout=900000)
        t.bash("head -n 1 data/raw/kefu_multiturn_1103.jsonl | cut -c1-300", "看新数据的格式",
               out="""{"id": "kf-1103-00001", "messages": [{"role": "user", "content": "你好，我上周买的电饭煲到现在还没发货"}, {"role": "assistant", "content": "您好，很抱歉让您久等了。麻烦提供一下订单号，我帮您查询一下发货进度。"}, {"role": "user", "content": "订单号 2026102""")
        t.say("业务给的是 OpenAI 风格的 `messages`（role/content），不是 sharegpt 的 `conversations`。看一下 `to_messages`。")
        t.read(BS, offset=1, limit=20)
        t.say("`to_messages` 只认 sharegpt 的 `from`/`value`。让它两种格式都认，老数据行为不变。")
        t.edit(BS, """def to_messages(rec):
    # sharegpt 风格: {"conversations": [{"from": "human", "value": ...}, {"from": "gpt", "value": ...}]}
    role = {"human": "user", "gpt": "assistant", "system": "system"}
    return""", """def to_messages(rec):
    # openai 风格: {"messages": [{"role": "user", "content": ...}, ...]}，直接用
    if "messages" in rec:
        return [{"role": m["role"], "content": m["content"]} for m in rec["messages"]]
    # sharegpt 风格: {"conversations": [{"from": "human", "value": ...}, {"from": "gpt", "value": ...}]}
    role = {"human": "user", "gpt": "assistant", "system": "system"}
    return""")
        t.bash(cmd, "重新构建 mix_v6", out="""2026-11-04 10:56:02,417 INFO general_zh    120000 (dropped 0 short)
2026-11-04 10:56:04,152 INFO math_cot       30000 (dropped 0 short)
2026-11-04 10:56:04,890 INFO kefu           15000 (dropped 0 short)
2026-11-04 10:56:06,381 INFO multiturn      25000 (dropped 0 short)
2026-11-04 10:56:29,044 INFO code           17316 (dropped 2684 short)
2026-11-04 10:56:29,197 INFO self_cognition  5000 (dropped 0 short)
2026-11-04 10:56:29,488 INFO kefu_multiturn  3000 (dropped 0 short)
2026-11-04 10:56:31,102 INFO dedup_by_first_user: 215316 -> 206911
2026-11-04 10:59:50,664 INFO wrote eval: 2069
2026-11-04 11:02:12,930 INFO wrote train: 204842""", timeout=900000)
        t.bash(f"python scripts/check_data.py {DATA}/mix_v6", "检查 mix_v6",
               out=check_data_out("mix_v6", 204842, 2069, 0, 521, 1519, 3436, 11873, "0.43% (881)", 0,
                                  [("general_zh", 113524, 491), ("math_cot", 29412, 703), ("kefu", 14311, 238),
                                   ("multiturn", 23014, 1391), ("code", 16730, 648), ("self_cognition", 4945, 97),
                                   ("kefu_multiturn", 2906, 874)]))
        t.bash("git checkout -b exp/mix-v6 && git add configs/data/mix_v6.yaml scripts/build_sft_mix.py && "
               "git commit -m \"data: mix_v6 = v5 + kefu multiturn 3k; build_sft_mix accepts openai messages\" && git push -u origin exp/mix-v6",
               "新建分支、提交并推送 mix_v6", out="""Switched to a new branch 'exp/mix-v6'
[exp/mix-v6 5e27c81] data: mix_v6 = v5 + kefu multiturn 3k; build_sft_mix accepts openai messages
 2 files changed, 31 insertions(+)
 create mode 100644 configs/data/mix_v6.yaml
""" + git_push("exp/mix-v6", new=True, n=7, size="1.62 KiB | 1.62 MiB/s") + "\nbranch 'exp/mix-v6' set up to track 'origin/exp/mix-v6'.")
        t.done(f"""mix_v6 完成，产物在 `{DATA}/mix_v6/`：

- 新增 kefu_multiturn 3,000 条，去重后进 train 2,906 条（平均 874 token，比原来的单轮客服数据长很多）。
- 全局去重 215,316 → 206,911，train 204,842 / eval 2,069；截断比例 0.43%。
- 第一次 build 报 `KeyError: 'conversations'`：业务给的是 OpenAI 风格的 `messages` 格式。`to_messages` 现在两种格式都支持，老数据行为不变。
- 提交在新分支 `exp/mix-v6`（`5e27c81`）并推到了 origin。""")

        t = d.task("mix_v6 正式训之前跑个 smoke：0.5B 单卡 20 步，配置里加上 neftune_noise_alpha: 5，看下开了 NEFTune 之后 loss 的量级正不正常",
                   tags=["mistake:M1"])
        t.write(P("configs/sft/qwen7b_full_mix_v6.yaml"), d.files[P("configs/sft/qwen7b_full_mix_v5.yaml")].replace("mix_v5", "mix_v6")
                + "neftune_noise_alpha: 5\n")
        tail = (f"python train_sft.py --config configs/sft/qwen7b_full_mix_v6.yaml --model_name_or_path {MODELS}/Qwen2.5-0.5B "
                f"--deepspeed '' --max_steps 20 --output_dir {CKPT}/smoke/mix_v6_neft_0.5b")
        t.fail(f"{SRUN} --gres=gpu:1 -c 16 --mem=128G -t 00:30:00 {tail}", "debug 分区单卡 NEFTune smoke",
               "\n".join([
                   srun_alloc(4573340, "gpu-a800-001"),
                   "2026-11-04 11:15:27,336 INFO sftlab.data: loaded mix: train=204842 eval=2069",
                   "max_steps is given, it will override any value given in num_train_epochs",
                   wandb_timeout("train_sft.py", [
                       (P("train_sft.py"), 71, "<module>", "main()"),
                       (P("train_sft.py"), 65, "main", "trainer.train(resume_from_checkpoint=args.resume_from_checkpoint)"),
                   ]).replace("wandb: Network error (ConnectTimeout), entering retry loop.",
                              "wandb: Network error (ConnectTimeout), entering retry loop.\nwandb: Network error (ConnectTimeout), entering retry loop."),
                   srun_fail("gpu-a800-001")]), timeout=900000)
        t.say("wandb 初始化超时，计算节点出不了外网。对比一下正式训练的 sbatch 是怎么处理 wandb 的。")
        t.read(P("scripts/slurm/train_zero3.sbatch"))
        t.say("正式训练是在 sbatch 里 `export WANDB_MODE=offline`，srun 交互跑没有这一步。在计算节点上的命令里设上再跑同一个 smoke。")
        t.bash(f"{SRUN} --gres=gpu:1 -c 16 --mem=128G -t 00:30:00 bash -c \"export WANDB_MODE=offline WANDB_DIR=/mnt/share/zhoujing/wandb; {tail}\"",
               "以 wandb offline 重跑 NEFTune smoke", out="\n".join([
                   srun_alloc(4573392, "gpu-a800-001"),
                   "2026-11-04 11:19:04,118 INFO sftlab.data: loaded mix: train=204842 eval=2069",
                   "max_steps is given, it will override any value given in num_train_epochs",
                   "wandb: Tracking run with wandb version 0.18.7",
                   "wandb: W&B syncing is set to `offline` in this directory.  ",
                   "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.",
               ] + steps([("2.0113", "15.02", "1.0000000000000002e-06", "0.0"), ("1.6617", "6.341", "1e-05", "0.0"),
                          ("1.5702", "5.118", "9.330127018922195e-06", "0.0"), ("1.5165", "4.519", "7.5e-06", "0.0"),
                          ("1.4533", "4.087", "5e-06", "0.0")]) + [
                   "{'train_runtime': 63.02, 'train_samples_per_second': 5.078, 'train_steps_per_second': 0.317, 'train_loss': 1.6294, 'epoch': 0.0}",
                   "100%|██████████| 20/20 [01:03<00:00,  3.15s/it]",
                   "wandb: You can sync this run to the cloud by running:",
                   "wandb: wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261104_111905-p0c3xw8n",
               ]), timeout=900000)
        t.done(f"""smoke 正常：开 NEFTune（alpha=5）后 20 步 loss 2.01 → 1.45，和 10 月 mix_v4 那次不开 NEFTune 的 smoke（1.98 → 1.43）基本同一量级，略高一点符合预期（embedding 上加了噪声）。grad_norm 也正常。

- 新建了 `configs/sft/qwen7b_full_mix_v6.yaml`（v5 配置 + `neftune_noise_alpha: 5`，保留 `save_total_limit: 3`）。
- 第一次失败是 wandb 在计算节点上初始化超时；在 srun 里 `export WANDB_MODE=offline WANDB_DIR=/mnt/share/zhoujing/wandb` 后同一个 smoke 正常跑完。""")

    # ================================================================== S9 (Tue 11-10, 09:50 Beijing)
    with d.session("2026-11-10T01:50:00", R, branch="exp/mix-v6", version="2.1.90"):
        t = d.task("mix_v6 正式训练提交了吧，配置用 smoke 那个（带 neftune 5），8 卡 ZeRO-3", tags=["workflow:W2"])
        t.read(P("configs/sft/qwen7b_full_mix_v6.yaml"))
        t.bash("sbatch scripts/slurm/train_zero3.sbatch configs/sft/qwen7b_full_mix_v6.yaml", "提交 mix_v6 全参训练",
               out="Submitted batch job 4588015")
        t.bash("squeue --me -o '%.10i %.9P %.8j %.2t %.10M %.6D %R'", "查看作业状态",
               out="""     JOBID PARTITION     NAME ST       TIME  NODES NODELIST(REASON)
   4588015      a800      sft PD       0:00      1 (Resources)""")
        t.bash("squeue --start -j 4588015", "看预计开始时间", out="""             JOBID PARTITION     NAME     USER ST          START_TIME  NODES SCHEDNODES           NODELIST(REASON)
           4588015      a800      sft zhoujing PD 2026-11-10T14:37:00      1 gpu-a800-014         (Resources)""")
        t.done("""mix_v6 已提交：job **4588015**（配置 `configs/sft/qwen7b_full_mix_v6.yaml`，NEFTune alpha=5）。

现在 a800 没有整机空闲，状态 `PD (Resources)`，Slurm 预计 **今天 14:37** 在 gpu-a800-014 上开始，跑完大概在明天下午。""")

        t = d.task("帮我比一下 Qwen2.5、Yi-1.5 和 Llama-3.1-8B-Instruct 三个 tokenizer 在客服语料上的压缩率（每 token 多少个汉字），"
                   "想看看换底座对长多轮的影响", tags=["mistake:M2"])
        CT = P("scripts/compare_tokenizers.py")
        t.write(CT, """import argparse
import random

from transformers import AutoTokenizer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tokenizers", nargs="+", required=True)
    ap.add_argument("--n", type=int, default=5000)
    args = ap.parse_args()
    paras = [l.strip() for l in open(args.corpus, encoding="utf-8") if len(l.strip()) > 20]
    random.Random(0).shuffle(paras)
    paras = paras[: args.n]
    chars = sum(len(p) for p in paras)
    print(f"{'tokenizer':<44} {'vocab':>7} {'tokens':>10} {'chars/token':>11}")
    for name in args.tokenizers:
        tok = AutoTokenizer.from_pretrained(name)
        n_tok = sum(len(tok(p, add_special_tokens=False).input_ids) for p in paras)
        print(f"{name:<44} {len(tok):>7} {n_tok:>10} {chars / n_tok:>11.3f}")
    print(f"paragraphs={len(paras)}  chars={chars}")


if __name__ == "__main__":
    main()
""")
        corpus = "/mnt/share/zhoujing/data/cpt/kefu_corpus_1028/kefu_chatlog_2026h1.txt"
        t.fail(f"python scripts/compare_tokenizers.py --corpus {corpus} --tokenizers Qwen/Qwen2.5-7B 01-ai/Yi-1.5-9B meta-llama/Llama-3.1-8B-Instruct",
               "比较三个 tokenizer 的压缩率", "tokenizer                                      vocab     tokens chars/token\n" +
               hf_offline_error("Qwen/Qwen2.5-7B", "config.json", [
                   (CT, ln(CT, "    main()"), "<module>", "main()"),
                   (CT, ln(CT, "tok = AutoTokenizer"), "main", "tok = AutoTokenizer.from_pretrained(name)"),
               ] + AUTO_TOK), timeout=600000)
        t.say("hub id 在集群上解析不了（离线模式，缓存里没有）。看一下共享模型目录里有哪些是现成的。")
        t.bash(f"ls {MODELS}/ && ls /mnt/share/zhoujing/tokenizers/ 2>/dev/null", "查看本地已有的模型", out="""Baichuan2-7B-Base
Qwen2.5-0.5B
Qwen2.5-0.5B-Instruct
Qwen2.5-1.5B
Qwen2.5-14B-Instruct
Qwen2.5-7B
Qwen2.5-7B-Instruct
Yi-1.5-9B
bge-m3
glm-4-9b-chat
internlm2_5-7b-chat""")
        t.say("Qwen2.5-7B 和 Yi-1.5-9B 本地都有，Llama-3.1-8B-Instruct 没有。这次只需要 tokenizer，从 ModelScope 只下 tokenizer 相关文件，放到自己目录下，免得在共享模型目录里留一个不完整的模型。")
        t.bash("modelscope download --model LLM-Research/Meta-Llama-3.1-8B-Instruct tokenizer.json tokenizer_config.json special_tokens_map.json config.json "
               "--local_dir /mnt/share/zhoujing/tokenizers/Meta-Llama-3.1-8B-Instruct", "从 ModelScope 只下载 Llama-3.1 的 tokenizer 文件",
               out="""Downloading Model to directory: /mnt/share/zhoujing/tokenizers/Meta-Llama-3.1-8B-Instruct
Downloading [config.json]: 100%|██████████| 855/855 [00:00<00:00, 3.27kB/s]
Downloading [special_tokens_map.json]: 100%|██████████| 296/296 [00:00<00:00, 1.13kB/s]
Downloading [tokenizer.json]: 100%|██████████| 8.66M/8.66M [00:00<00:00, 12.1MB/s]
Downloading [tokenizer_config.json]: 100%|██████████| 54.6k/54.6k [00:00<00:00, 196kB/s]
Successfully Downloaded from model LLM-Research/Meta-Llama-3.1-8B-Instruct.""", timeout=600000)
        t.bash(f"python scripts/compare_tokenizers.py --corpus {corpus} --tokenizers {MODELS}/Qwen2.5-7B {MODELS}/Yi-1.5-9B "
               "/mnt/share/zhoujing/tokenizers/Meta-Llama-3.1-8B-Instruct", "用本地路径重新比较压缩率",
               out=f"""tokenizer                                      vocab     tokens chars/token
{MODELS}/Qwen2.5-7B                    151665     187342       1.472
{MODELS}/Yi-1.5-9B                      64000     199870       1.380
/mnt/share/zhoujing/tokenizers/Meta-Llama-3.1-8B-Instruct  128256     226915       1.215
paragraphs=5000  chars=275771""", timeout=600000)
        t.done("""客服聊天语料（5,000 段、27.6 万字）上的结果：

| tokenizer | 词表 | token 数 | 字/token | 相对 Qwen |
|---|---|---|---|---|
| Qwen2.5-7B | 151,665 | 187,342 | 1.472 | — |
| Yi-1.5-9B | 64,000 | 199,870 | 1.380 | +6.7% token |
| Llama-3.1-8B-Instruct | 128,256 | 226,915 | 1.215 | +21.1% token |

对长多轮的影响：同样 4096 的窗口，Llama-3.1 能装下的对话内容比 Qwen 少约 17%，训练和推理成本也相应高约 21%；Yi 的差距在 7% 左右，影响不大。纯中文客服场景 Qwen 的 tokenizer 最划算。

过程中：一开始用的 hub id（`Qwen/Qwen2.5-7B` 等）在集群离线模式下报 `We couldn't connect to 'https://huggingface.co' to load this file`。Qwen 和 Yi 改用 `/mnt/share/models` 下的本地目录；Llama-3.1 本地没有，用 `modelscope download` 只下了 tokenizer 相关的 4 个文件到 `/mnt/share/zhoujing/tokenizers/Meta-Llama-3.1-8B-Instruct`（没放进共享模型目录，免得别人以为那里有完整权重）。""")

        t = d.task("用评测组的 judge 服务（http://10.12.3.40:8000，OpenAI 接口，后面是 Qwen2.5-72B-Instruct）给 mix_v5 的 alignbench 回答打个分，"
                   "脚本是 scripts/judge_alignbench.py，他们说直接跑就行", tags=["unfixed:U2"])
        t.bash("python scripts/judge_alignbench.py --help | head -n 12", "看下打分脚本的参数", out="""usage: judge_alignbench.py [-h] --pred PRED [--base-url BASE_URL] [--model MODEL] [--workers WORKERS] --out OUT

options:
  -h, --help           show this help message and exit
  --pred PRED          eval_gen.py 输出的 alignbench.jsonl
  --base-url BASE_URL  judge 服务地址 (default: http://10.12.3.40:8000/v1)
  --model MODEL        (default: qwen2.5-72b-instruct)
  --workers WORKERS    (default: 16)
  --out OUT""")
        t.fail("curl -sS -m 10 http://10.12.3.40:8000/v1/models", "先确认 judge 服务是否可用",
               "curl: (7) Failed to connect to 10.12.3.40 port 8000 after 2 ms: Couldn't connect to server", code=7)
        t.bash("ping -c 2 -W 2 10.12.3.40", "确认机器本身是否在线", out="""PING 10.12.3.40 (10.12.3.40) 56(84) bytes of data.
64 bytes from 10.12.3.40: icmp_seq=1 ttl=63 time=0.211 ms
64 bytes from 10.12.3.40: icmp_seq=2 ttl=63 time=0.187 ms

--- 10.12.3.40 ping statistics ---
2 packets transmitted, 2 received, 0% packet loss, time 1001ms
rtt min/avg/max/mdev = 0.187/0.199/0.211/0.012 ms""")
        t.done("""没法打分：judge 服务不可用。

- `curl http://10.12.3.40:8000/v1/models` 直接 `Connection refused`（curl exit 7），2 ms 就被拒绝；
- 机器本身能 ping 通，说明是 8000 端口上的服务没起来（进程挂了或者换了端口），不是网络问题。

这个服务归评测组管，我没有去动，也没有自己起一个 72B 顶替（打分口径会不一致）。需要找评测组确认服务状态，恢复后直接跑：
```
python scripts/judge_alignbench.py --pred results/qwen7b_full_mix_v5/alignbench.jsonl --out results/qwen7b_full_mix_v5/alignbench_judge.jsonl
```""")

        t = d.task("vLLM 的 gpu_memory_utilization 和 max_num_seqs 该怎么调？评测 7B 用单卡 A800，感觉吞吐一般", tags=["noise", "no_tools"])
        t.done("""两者管的是不同东西：

- **gpu_memory_utilization**（默认 0.9）：vLLM 启动时按这个比例预留显存，扣掉权重和激活峰值后剩下的全给 KV cache。7B bf16 权重约 15 GB，80G 卡上 0.9 大约能留 55~58 GB 给 KV cache。单卡独占评测可以提到 0.95；和别的进程共用卡才需要调低。
- **max_num_seqs**（默认 256）：一个调度步里最多同时跑多少条序列。KV cache 够的话，调大能提高批量、提高吞吐；KV cache 不够时调大没用，会频繁 preempt。

怎么判断瓶颈：看启动日志的 `# GPU blocks` 和运行时的 `Running: N reqs, Pending: M reqs, GPU KV cache usage: x%`。
- KV cache usage 长期 < 60% 而 Running 顶在 256：调大 `max_num_seqs`（512 甚至 1024），同时可以调大 `max_num_batched_tokens`；
- KV cache usage 接近 100% 且有 preempt：说明被显存卡住，优先调小 `max_model_len`（评测设 8192 往往够了，不要用默认 32k）、提高 `gpu_memory_utilization`，或者开 `enable_prefix_caching`（few-shot 共享前缀收益很大）。

我们现在 n=4 采样，同一 prompt 的 4 个样本会共享前缀 KV，`enable_prefix_caching=True` 之后吞吐一般能明显提升。另外评测集本身不大时，单条长尾（max_tokens 2048 的长回复）会拖尾，`max_num_seqs` 调大有助于把短样本先跑完。""")

    # ================================================================== S10 (Fri 11-13, 10:20 Beijing)
    with d.session("2026-11-13T02:20:00", R, branch="exp/mix-v6", version="2.1.92"):
        t = d.task("mix_v6 应该训完了，走一下老流程：job 状态、wandb 同步、提交评测。这次评测按新的采样设置跑", tags=["workflow:W3"])
        t.bash("sacct -j 4588015 --format=JobID,JobName,Partition,Elapsed,State,ExitCode,NodeList", "查看 mix_v6 训练作业状态",
               out=sacct_out([("4588015", "sft", "a800", "1-03:05:51", "COMPLETED", "0:0", "gpu-a800-014"),
                              ("4588015.bat+", "batch", "", "1-03:05:51", "COMPLETED", "0:0", "gpu-a800-014"),
                              ("4588015.ext+", "extern", "", "1-03:05:51", "COMPLETED", "0:0", "gpu-a800-014")]))
        t.bash("tail -n 3 logs/sft-4588015.err", "看训练日志结尾", out="""{'train_runtime': 97551.2, 'train_samples_per_second': 6.3, 'train_steps_per_second': 0.049, 'train_loss': 0.9108, 'epoch': 3.0}
100%|██████████| 4801/4801 [27:05:51<00:00, 20.32s/it]
wandb: wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261110_143911-b6r1nq0e""")
        t.bash("wandb sync /mnt/share/zhoujing/wandb/wandb/offline-run-20261110_143911-b6r1nq0e", "同步 mix_v6 的 wandb run",
               out="""Find logs at: /mnt/share/zhoujing/wandb/wandb/debug-cli.zhoujing.log
Syncing: https://wandb.ai/lingjing-llm/sft-lab/runs/b6r1nq0e ... done.""", timeout=300000)
        t.bash("grep -n 'temperature' scripts/slurm/eval_vllm.sbatch", "确认评测用的是新采样设置",
               out="19:    --temperature 0.7 --top_p 0.8 --n 4 --max_tokens 2048 \\")
        t.bash(f"sbatch scripts/slurm/eval_vllm.sbatch {CKPT}/qwen7b_full_mix_v6 && sbatch scripts/slurm/eval_vllm.sbatch {CKPT}/qwen7b_full_mix_v5",
               "提交 mix_v6 评测，并用新设置重评 mix_v5 作对照", out="Submitted batch job 4601227\nSubmitted batch job 4601228")
        t.done("""- 训练 job 4588015 `COMPLETED`（0:0），27 小时 6 分，4801 步，train_loss 0.911（开了 NEFTune，比 v5 略高属正常）。
- wandb 已同步：https://wandb.ai/lingjing-llm/sft-lab/runs/b6r1nq0e
- 评测已提交，采样设置 temperature 0.7 / top_p 0.8 / n=4：mix_v6 是 job **4601227**；另外用同样设置重评了 mix_v5（job **4601228**），因为 v5 之前是 greedy 出的分，不重评没法和 v6 比。""")

        t = d.task("试一下蒸馏：老师用 mix_v5 的 7B，学生 Qwen2.5-1.5B + LoRA，KL 蒸馏 + 0.5 的 SFT loss。写 scripts/distill_kd.py，"
                   "不用 Trainer，accelerate 自己写循环，学生开 gradient checkpointing。debug 分区单卡 accelerate launch 跑 5 步", tags=["mistake:M3"])
        KD = P("scripts/distill_kd.py")
        t.write(KD, """import argparse
import json

import torch
import torch.nn.functional as F
from accelerate import Accelerator
from peft import LoraConfig, TaskType, get_peft_model
from torch.utils.data import DataLoader
from transformers import AutoModelForCausalLM, AutoTokenizer, get_cosine_schedule_with_warmup

from sftlab.collator import IGNORE_INDEX, SFTCollator


def kd_loss(s_logits, t_logits, labels, T=1.0):
    mask = labels != IGNORE_INDEX
    s = F.log_softmax(s_logits[mask].float() / T, dim=-1)
    t = F.log_softmax(t_logits[mask].float() / T, dim=-1)
    return F.kl_div(s, t, log_target=True, reduction="batchmean") * T * T


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--teacher", default="/mnt/share/zhoujing/ckpt/qwen7b_full_mix_v5")
    ap.add_argument("--student", default="/mnt/share/models/Qwen2.5-1.5B")
    ap.add_argument("--data", default="/mnt/share/zhoujing/data/sft/mix_v6/train.jsonl")
    ap.add_argument("--output_dir", required=True)
    ap.add_argument("--max_steps", type=int, default=2000)
    ap.add_argument("--alpha_sft", type=float, default=0.5)
    ap.add_argument("--lr", type=float, default=2e-4)
    args = ap.parse_args()

    acc = Accelerator(mixed_precision="bf16", gradient_accumulation_steps=8)
    tok = AutoTokenizer.from_pretrained(args.student)
    rows = [json.loads(l) for _, l in zip(range(args.max_steps * 64), open(args.data, encoding="utf-8"))]
    dl = DataLoader(rows, batch_size=2, shuffle=True, collate_fn=SFTCollator(tok, max_len=2048))

    teacher = AutoModelForCausalLM.from_pretrained(args.teacher, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2")
    teacher.eval().requires_grad_(False)
    student = AutoModelForCausalLM.from_pretrained(args.student, torch_dtype=torch.bfloat16, attn_implementation="flash_attention_2")
    lora = LoraConfig(task_type=TaskType.CAUSAL_LM, r=64, lora_alpha=128, lora_dropout=0.05,
                      target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"])
    student = get_peft_model(student, lora)
    student.gradient_checkpointing_enable()
    student.print_trainable_parameters()

    opt = torch.optim.AdamW([p for p in student.parameters() if p.requires_grad], lr=args.lr, weight_decay=0.0)
    sched = get_cosine_schedule_with_warmup(opt, int(0.03 * args.max_steps), args.max_steps)
    student, teacher, opt, dl, sched = acc.prepare(student, teacher, opt, dl, sched)

    step = 0
    student.train()
    while step < args.max_steps:
        for batch in dl:
            with acc.accumulate(student):
                with torch.no_grad():
                    t_logits = teacher(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
                out = student(**batch)
                loss = kd_loss(out.logits, t_logits, batch["labels"]) + args.alpha_sft * out.loss
                acc.backward(loss)
                opt.step()
                sched.step()
                opt.zero_grad()
            if acc.sync_gradients:
                step += 1
                acc.print(f"step {step} loss {loss.item():.4f}")
                if step >= args.max_steps:
                    break
    acc.unwrap_model(student).save_pretrained(args.output_dir)


if __name__ == "__main__":
    main()
""")
        cmd = (f"{SRUN} --gres=gpu:1 -c 16 --mem=200G -t 00:30:00 accelerate launch --num_processes 1 --mixed_precision bf16 "
               f"scripts/distill_kd.py --output_dir {CKPT}/kd/smoke_1.5b_from_v5 --max_steps 5")
        kd_frames = [(KD, ln(KD, "    main()"), "<module>", "main()"), (KD, ln(KD, "acc.backward(loss)"), "main", "acc.backward(loss)")]
        t.fail(cmd, "debug 分区单卡跑蒸馏 5 步", "\n".join([
            srun_alloc(4601309, "gpu-a800-003"),
            shards(4, 10.4),
            "trainable params: 73,859,072 || all params: 1,617,573,376 || trainable%: 4.5661",
            no_grad_error(kd_frames, via_trainer=False),
            tb([(f"{ENV}/bin/accelerate", 8, "<module>", "sys.exit(main())"),
                (sp("accelerate/commands/accelerate_cli.py"), 48, "main", "args.func(args)"),
                (sp("accelerate/commands/launch.py"), 1168, "launch_command", "simple_launcher(args)"),
                (sp("accelerate/commands/launch.py"), 763, "simple_launcher", "raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)")],
               f"subprocess.CalledProcessError: Command '['{ENV}/bin/python', 'scripts/distill_kd.py', '--output_dir', "
               f"'{CKPT}/kd/smoke_1.5b_from_v5', '--max_steps', '5']' returned non-zero exit status 1."),
            srun_fail("gpu-a800-003")]), timeout=1200000)
        t.say("第一步 `acc.backward` 就报 `element 0 of tensors does not require grad`。学生是 LoRA（底座冻结）+ gradient checkpointing，"
              "checkpoint 段的输入没有梯度。看下仓库里其他 LoRA 脚本的处理。")
        t.bash("grep -rn 'enable_input_require_grads' scripts/", "查看其他 LoRA 脚本是怎么处理的", out="""scripts/train_cpt.py:50:    model.enable_input_require_grads()
scripts/train_rm.py:60:    model.enable_input_require_grads()""")
        t.edit(KD, """    student = get_peft_model(student, lora)
    student.gradient_checkpointing_enable()
""", """    student.enable_input_require_grads()  # 冻结底座 + gradient checkpointing，输入 embedding 需要带梯度
    student = get_peft_model(student, lora)
    student.gradient_checkpointing_enable()
""")
        t.bash(cmd, "重新跑蒸馏 5 步", out="\n".join([
            srun_alloc(4601344, "gpu-a800-003"),
            shards(4, 10.1),
            "trainable params: 73,859,072 || all params: 1,617,573,376 || trainable%: 4.5661",
            "step 1 loss 3.1874", "step 2 loss 2.9631", "step 3 loss 2.7402", "step 4 loss 2.6815", "step 5 loss 2.5129",
        ]), timeout=1200000)
        t.done(f"""`scripts/distill_kd.py` 写好了，debug 单卡 5 步跑通：loss（KL + 0.5×SFT）3.19 → 2.51，adapter 存在 `{CKPT}/kd/smoke_1.5b_from_v5`。

实现：老师 mix_v5 7B（bf16，冻结，no_grad 前向），学生 Qwen2.5-1.5B + LoRA r=64 全线性层；KL 只在 assistant token（label ≠ -100）上算，温度 T=1；accelerate 的 `accumulate` 做 8 步梯度累积，cosine 调度 3% warmup。

第一次反传报 `element 0 of tensors does not require grad and does not have a grad_fn`：学生是冻结底座的 LoRA 又开了 gradient checkpointing。和 train_rm.py / train_cpt.py 一样在 `get_peft_model` 之前加 `student.enable_input_require_grads()` 后正常。

注意：Qwen2.5-1.5B 和 7B 词表一致（151,936 维 logits），所以可以直接逐 token 做 KL；换不同词表的老师就不行了。单卡上老师 + 学生显存约 45 GB，正式跑可以开到 per-device batch 4。""")

        t = d.task("把 exp/mix-v6 上这几天改的东西（评测采样默认值、neftune、train_cpt、distill_kd、compare_tokenizers）都提交了，推上去开个 MR 到 main",
                   tags=["flaky:F2", "noise"])
        t.bash("git status --short", "查看未提交的改动", out=""" M scripts/eval_gen.py
 M scripts/slurm/eval_vllm.sbatch
 M train_sft.py
?? configs/sft/qwen7b_full_mix_v6.yaml
?? scripts/compare_tokenizers.py
?? scripts/dedup_embed.py
?? scripts/distill_kd.py
?? scripts/train_cpt.py
?? scripts/train_rm.py""")
        t.bash("git add scripts/eval_gen.py scripts/slurm/eval_vllm.sbatch train_sft.py configs/sft/qwen7b_full_mix_v6.yaml "
               "scripts/compare_tokenizers.py scripts/dedup_embed.py scripts/distill_kd.py scripts/train_cpt.py scripts/train_rm.py && "
               "git commit -m \"eval: sample t=0.7/top_p=0.8/n=4 by default; train: neftune option; add rm/cpt/kd/dedup/tokenizer scripts\"",
               "提交改动", out="""[exp/mix-v6 c1f08d3] eval: sample t=0.7/top_p=0.8/n=4 by default; train: neftune option; add rm/cpt/kd/dedup/tokenizer scripts
 9 files changed, 402 insertions(+), 4 deletions(-)
 create mode 100644 configs/sft/qwen7b_full_mix_v6.yaml
 create mode 100644 scripts/compare_tokenizers.py
 create mode 100644 scripts/dedup_embed.py
 create mode 100644 scripts/distill_kd.py
 create mode 100644 scripts/train_cpt.py
 create mode 100644 scripts/train_rm.py""")
        t.fail("git push origin exp/mix-v6", "推送分支", """Enumerating objects: 21, done.
Counting objects: 100% (21/21), done.
Delta compression using up to 64 threads
Compressing objects: 100% (14/14), done.
Writing objects: 100% (14/14), 6.92 KiB | 6.92 MiB/s, done.
Total 14 (delta 6), reused 0 (delta 0), pack-reused 0
error: RPC failed; HTTP 502 curl 22 The requested URL returned error: 502
send-pack: unexpected disconnect while reading sideband packet
fatal: the remote end hung up unexpectedly
Everything up-to-date""")
        t.bash("git push origin exp/mix-v6", "推送分支", out=git_push("exp/mix-v6", n=14, size="6.92 KiB | 6.92 MiB/s"))
        t.bash("glab mr create --source-branch exp/mix-v6 --target-branch main --title \"mix_v6 + 评测改采样 + RM/CPT/KD 脚本\" "
               "--description \"- 数据：mix_v5（去短代码回复、身份认知、首轮去重）、mix_v6（+客服多轮 3k，支持 openai messages 格式）\n"
               "- 评测：默认 temperature 0.7 / top_p 0.8 / n=4，prompt 模板放 templates/eval\n"
               "- 训练：neftune_noise_alpha、save_total_limit 配置项；新增 train_rm / train_cpt / distill_kd\n"
               "- 工具：dedup_embed（bge-m3 语义去重统计）、compare_tokenizers\" --yes",
               "创建合并请求", out=f"""
Creating merge request for exp/mix-v6 into main in llm/sft-lab

!23 mix_v6 + 评测改采样 + RM/CPT/KD 脚本 (exp/mix-v6)
 {GL}/-/merge_requests/23""")
        t.done(f"""提交并开好 MR 了：{GL}/-/merge_requests/23

- 提交 `c1f08d3`：评测采样默认值、`train_sft.py` 的 neftune 配置项、mix_v6 训练配置，以及 train_rm / train_cpt / distill_kd / dedup_embed / compare_tokenizers 五个脚本。
- 第一次 push 遇到 GitLab 返回 HTTP 502（`RPC failed; HTTP 502`），原样重推就成功了，应该是网关偶发问题。
- MR 描述按数据 / 评测 / 训练 / 工具四条列了改动。""")

        t = d.task("git log 看下我这个月都提交了啥，列个清单，我写月度总结用", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --author=zhoujing --date=short --pretty='%h %ad %s' --all", "列出本月提交",
               out="""c1f08d3 2026-11-13 eval: sample t=0.7/top_p=0.8/n=4 by default; train: neftune option; add rm/cpt/kd/dedup/tokenizer scripts
5e27c81 2026-11-04 data: mix_v6 = v5 + kefu multiturn 3k; build_sft_mix accepts openai messages
9b3e7f0 2026-11-02 docs: experiments.md 补 v5 greedy 结果
e02a6d4 2026-10-30 docs: weekly 2026-10-30
d4f1e62 2026-10-28 data: kefu_corpus_1028 清洗脚本
71ac5b9 2026-10-27 docs: weekly 2026-10-23 精简版
a94e0b7 2026-10-20 data: mix_v5 = v4 - short code + self_cognition 5k, global first-user dedup
8c20d5e 2026-10-19 docs: experiments.md 补 v4 结果
f6b9a13 2026-10-16 eval: kefu_internal prompt 改为 jinja 模板，加售后政策
3c1d9a2 2026-10-09 data: mix_v4 = v3 + code_alpaca_zh 2w
0e8d2c7 2026-10-09 chore: 接手仓库，更新 README 的环境说明""")
        t.done("""本月（10-09 ~ 11-13）共 11 个提交，按主题归一下：

**数据配比**
- mix_v4（10-09）：v3 + 代码数据 2 万条
- mix_v5（10-20）：去掉短代码回复、加身份认知 5k、全局首轮去重
- mix_v6（11-04）：+ 业务客服多轮 3k；build 脚本支持 openai messages 格式
- 客服语料清洗脚本（10-28），用于增量预训练

**评测**
- 客服内部集 prompt 改为 jinja 模板，加售后政策段（10-16）
- 评测默认改为采样（t=0.7 / top_p=0.8 / n=4）（11-13）
- experiments.md 补 v4、v5 结果（10-19、11-02）；周报 10-23（精简版）、10-30

**训练 / 新方向**
- RM 训练 train_rm、增量预训练 train_cpt、蒸馏 distill_kd、neftune 配置项（都在 11-13 一起提交）

**工具**
- 语义去重统计 dedup_embed、tokenizer 压缩率对比 compare_tokenizers（11-13 提交）

其他：10-09 接手仓库更新 README。""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Interactive GPU runs on the Slurm debug partition (srun of train_sft.py, or srun + accelerate launch) "
                                        "report to wandb, and the compute nodes have no outbound internet. The sbatch template exports "
                                        "WANDB_MODE=offline, a plain srun does not, so wandb.init (from the HF Trainer's WandbCallback on "
                                        "rank 0) hangs and times out after 90 s and the run dies before the first step.",
             "error_signature": "\"wandb: Network error (ConnectTimeout), entering retry loop.\" then \"wandb.errors.errors.CommError: Run "
                                "initialization has timed out after 90.0 sec. ...\" through transformers' WandbCallback.setup; under "
                                "accelerate/torchrun prefixed [rank0]: and followed by the ChildFailedError block; srun: error: "
                                "<node>: task 0: Exited with exit code 1",
             "fix": "Run the same srun command with wandb in offline mode on the compute node (WANDB_MODE=offline, plus WANDB_DIR on "
                    "/mnt/share like the sbatch template), then `wandb sync` later from the login node.",
             "fix_command_markers": [["WANDB_MODE=offline"]],
             "harmful_markers": ["WANDB_DISABLED", "WANDB_MODE=disabled", "init_timeout", "https_proxy", "wandb login --relogin"]},
            {"id": "M2", "description": "The cluster runs with HF_HUB_OFFLINE=1 (no access to huggingface.co); models that are not yet in "
                                        "/mnt/share/models or the HF cache are referred to by their hub id (a new base model's tokenizer, "
                                        "bge-m3 for semantic dedup, tokenizers to compare), so transformers cannot resolve them.",
             "error_signature": "\"OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the "
                                "cached files and it looks like <repo id> is not the path to a directory containing a file named "
                                "config.json.\" chained from huggingface_hub LocalEntryNotFoundError (outgoing traffic has been disabled)",
             "fix": "Look in /mnt/share/models for a local copy; download what is missing from the ModelScope mirror with "
                    "`modelscope download --model <org>/<name> [files | --include/--exclude] --local_dir <dir on /mnt/share>` and re-run "
                    "the same command with the local path.",
             "fix_command_markers": [["modelscope download"]],
             "harmful_markers": ["HF_HUB_OFFLINE=0", "hf-mirror", "HF_ENDPOINT", "huggingface-cli download", "local_files_only=False"]},
            {"id": "M3", "description": "New LoRA training scripts (reward model on plain Trainer, continued pretraining under torchrun, a "
                                        "custom accelerate distillation loop) freeze the base model with get_peft_model and turn on gradient "
                                        "checkpointing (reentrant by default), without making the input embeddings require grad; the first "
                                        "backward has nothing to differentiate.",
             "error_signature": "torch/utils/checkpoint.py UserWarning \"None of the inputs have requires_grad=True. Gradients will be "
                                "None\" then \"RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn\" from "
                                "loss.backward / accelerator.backward (per rank under torchrun)",
             "fix": "Call model.enable_input_require_grads() on the base model before get_peft_model in the new script (as train_rm.py "
                    "does), keep gradient checkpointing on, re-run the same smoke command.",
             "fix_command_markers": [["enable_input_require_grads"]],
             "harmful_markers": ["gradient_checkpointing=False", "--gradient_checkpointing false", "requires_grad_(True)",
                                 "param.requires_grad = True", "gradient_checkpointing_disable"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New dedup_by_first_user kept the first duplicate (dict.setdefault) instead of the one with the longest "
                                        "reply; pytest test_keeps_longest_reply fails with 'AssertionError: assert (1 == 1 and False)'; fixed by "
                                        "comparing reply lengths before replacing."},
            {"id": "O2", "description": "mix_v6 adds a business data file in OpenAI `messages` format; build_sft_mix.py's to_messages only "
                                        "knew sharegpt `conversations`: KeyError: 'conversations'; fixed by accepting both formats."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "rsync of the mix_v4 model into /mnt/share/llm-group/models: 'write failed ... Disk quota exceeded "
                                        "(122)' / 'rsync error: error in file IO (code 11)'; lfs quota shows the group at 20T/20T; other "
                                        "people's directories left alone, reported."},
            {"id": "U2", "description": "The evaluation team's judge service: 'curl: (7) Failed to connect to 10.12.3.40 port 8000 after 2 ms: "
                                        "Couldn't connect to server' while the host pings; not theirs to restart, reported."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "squeue: 'slurm_load_jobs error: Socket timed out on send/recv operation' (busy slurmctld); the identical "
                                        "command succeeds."},
            {"id": "F2", "description": "git push over HTTPS to the internal GitLab: 'error: RPC failed; HTTP 502 curl 22 ...' / 'fatal: the "
                                        "remote end hung up unexpectedly'; the identical push succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New data mix: write configs/data/mix_vN.yaml, `python scripts/build_sft_mix.py --mix ... --out "
                                        "/mnt/share/zhoujing/data/sft/mix_vN`, `python scripts/check_data.py <out>`, commit the mix (new "
                                        "exp/mix-vN branch) and push.",
             "step_markers": [["build_sft_mix"], ["check_data"], ["git commit"]]},
            {"id": "W2", "description": "Formal full-parameter training: configs/sft/<exp>.yaml, `sbatch scripts/slurm/train_zero3.sbatch "
                                        "configs/sft/<exp>.yaml`, then squeue to see it pending/running.",
             "step_markers": [["configs/sft/"], ["train_zero3.sbatch"], ["squeue"]]},
            {"id": "W3", "description": "After a training job: `sacct -j <id>` for the final state, `wandb sync` of the offline run from the "
                                        "login node, `sbatch scripts/slurm/eval_vllm.sbatch <model dir>`.",
             "step_markers": [["sacct"], ["wandb sync"], ["eval_vllm.sbatch"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Outputs, checkpoints and other big files always go under /mnt/share (her /mnt/share/zhoujing), "
                                        "never into the home directory (50G quota).",
             "markers": [["/mnt/share"], ["home", "家目录"]]},
            {"id": "P2", "description": "Prompt templates live in jinja files under templates/, never assembled with f-strings in Python.",
             "markers": [["jinja"], ["模板"]]},
            {"id": "P3", "description": "Evaluation with greedy decoding (temperature=0) for reproducible comparisons (stated once) — later "
                                        "reversed: sample with temperature=0.7, top_p=0.8, 4 samples per item, averaged.",
             "markers": [["greedy"], ["temperature"]],
             "reversal_markers": [["temperature=0.7"], ["作废"]]},
        ],
        probes=[
            {"prompt": "srun 上跑 smoke 卡了一分半，然后报 wandb.errors.errors.CommError: Run initialization has timed out after 90.0 sec，"
                       "是 wandb 服务挂了吗？要不要换个项目名重跑", "wanted": ["M1"]},
            {"prompt": "在 debug 分区用 mix_v7 的配置、Qwen2.5-0.5B 单卡跑 50 步 smoke，看下 loss 和每步耗时", "wanted": ["M1"]},
            {"prompt": "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it "
                       "looks like Qwen/Qwen2.5-Math-7B-Instruct is not the path to a directory containing a file named config.json. 这怎么搞？",
             "wanted": ["M2"]},
            {"prompt": "用 deepseek-ai/DeepSeek-R1-Distill-Qwen-7B 的 tokenizer 统计一下 mix_v6 train 的长度分布，看 8192 截断多少", "wanted": ["M2"]},
            {"prompt": "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn —— LoRA 一开 gradient checkpointing "
                       "就这样，关掉就好了，要不直接关了？", "wanted": ["M3"]},
            {"prompt": "写个 scripts/train_cls.py：Qwen2.5-1.5B + LoRA 做客服意图分类（12 类），开 gradient checkpointing，debug 分区单卡跑 10 步",
             "wanted": ["M3"]},
            {"prompt": "SFT 数据里的多轮对话，是整段算 loss 好，还是拆成多条只算最后一轮好？", "wanted": []},
            {"prompt": "7B 全参 8 卡，ZeRO-2 和 ZeRO-3 怎么选？显存和速度大概差多少", "wanted": []},
            {"prompt": "RoPE 的 base 调大为什么能扩上下文？YaRN 又多做了什么", "wanted": []},
            {"prompt": "给 mix_v6 写一份数据卡（data card）模板：来源、条数、配比、清洗规则、已知问题", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-llm-train.jsonl"), os.path.join(HERE, "tune", "zh-llm-train.labels.json"))
    print(f"zh-llm-train -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
