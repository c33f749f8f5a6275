"""zh-ascend: 周晨阳 (Zhou Chenyang), inference deployment engineer at 皖云智城 (Wanyun Smart City, Hefei).

Stack: Huawei Ascend NPUs. A dev box with two Atlas 300I Pro cards (Ascend310P3, x86_64, CANN 8.0.0, driver 24.1.rc2)
where Claude Code runs; machine-room hosts atlas800-01/02/03 (Atlas 800 inference servers, Kunpeng 920 = aarch64,
4x Atlas 300I Pro each) and atlas800i-a2-01 (Atlas 800I A2, 910B4, MindIE serving Qwen2-VL) over ssh. ONNX export
from PyTorch, ATC conversion (`atc --framework=5 --soc_version=Ascend310P3`), torch 2.1.0 + torch_npu 2.1.0.post8,
ais_bench inference / perf, msprof, MindIE service config, Docker images on Harbor with /dev/davinci* devices,
Gitee repo. Prompts and replies in Chinese; tool output as printed. cwd /home/zhoucy/work/vision-deploy.

Written blind for fresh/; measured once held out (round 25), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_ascend.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhoucy"
R = "/home/zhoucy/work/vision-deploy"
MODEL = "claude-opus-4-6"
HARBOR = "harbor.wyzc.local"
CONDA = "/home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages"
GITEE = "https://gitee.com/wanyun-city/vision-deploy.git"

DEVS = ("--device=/dev/davinci0 --device=/dev/davinci_manager --device=/dev/devmm_svm --device=/dev/hisi_hdc")
DEVS1 = ("--device=/dev/davinci1 --device=/dev/davinci_manager --device=/dev/devmm_svm --device=/dev/hisi_hdc")
DRV = "-v /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro"
SMI = "-v /usr/local/bin/npu-smi:/usr/local/bin/npu-smi:ro"

SIG1 = "AssertionError: Torch not compiled with CUDA enabled"
SIG2 = "libascend_hal.so: cannot open shared object file"
SIG3 = "exec format error"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ tool output helpers
def atc_ok(dots=6):
    return "ATC start working now, please wait for a moment.\n" + "." * dots + "\nATC run success, welcome to the next use."


def ais_perf(om, batch, mean, mn, mx, med, p99, loop=100, device=0, dym=None):
    thr = 1000 * batch / mean
    it = loop / (loop * mean / 1000 + 0.4)
    lines = ["[INFO] acl init success",
             f"[INFO] open device {device} success",
             "[INFO] create new context",
             f"[INFO] load model {om} success",
             "[INFO] create model description success",
             f"[INFO] try get model batchsize:{batch}",
             "[INFO] warm up 1 done",
             f"Inference array Processing: 100%|██████████| {loop}/{loop} [00:{int(loop * mean / 1000):02d}<00:00, {it:.2f}it/s]",
             "[INFO] -----------------Performance Summary------------------",
             f"[INFO] NPU_compute_time (ms): min = {mn}, max = {mx}, mean = {mean}, median = {med}, percentile(99%) = {p99}",
             f"[INFO] throughput 1000*batchsize.mean({batch})/NPU_compute_time.mean({mean}): {thr:.2f}",
             "[INFO] ------------------------------------------------------",
             "[INFO] unload model success, model Id is 1",
             "[INFO] end to reset device is 0" if device == 0 else f"[INFO] end to reset device is {device}",
             "[INFO] end to finalize acl"]
    return "\n".join(lines)


def cuda_tb(script, frames, last_line=289):
    """torch 2.1 traceback ending in torch/cuda/__init__.py _lazy_init."""
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        out.append(f"    {code}")
    out.append(f'  File "{CONDA}/torch/cuda/__init__.py", line {last_line}, in _lazy_init')
    out.append('    raise AssertionError("Torch not compiled with CUDA enabled")')
    out.append(SIG1)
    return "\n".join(out)


def torch_npu_warn():
    return (f"{CONDA}/torch_npu/utils/path_manager.py:79: UserWarning: Warning: The /usr/local/Ascend/ascend-toolkit/"
            "latest owner does not match the current user.\n  warnings.warn(f\"Warning: The {path} owner does not match "
            "the current user.\")")


def pull_out(repo, tag, layers):
    lines = [f"{tag}: Pulling from {repo}"]
    for l in layers:
        lines.append(f"{l}: Pulling fs layer")
    for l in layers:
        lines.append(f"{l}: Verifying Checksum")
        lines.append(f"{l}: Download complete")
    for l in layers:
        lines.append(f"{l}: Pull complete")
    lines.append(f"Digest: sha256:{hx(64)}")
    lines.append(f"Status: Downloaded newer image for {HARBOR}/{repo}:{tag}")
    lines.append(f"{HARBOR}/{repo}:{tag}")
    return "\n".join(lines)


def arch_err(binary):
    return ("WARNING: The requested image's platform (linux/amd64) does not match the detected host platform "
            f"(linux/arm64/v8) and no specific platform was requested\nexec {binary}: {SIG3}")


def buildx_out(dockerfile, image, steps, secs):
    lines = ['#0 building with "kunpeng" instance using remote driver', "",
             "#1 [internal] load build definition from " + os.path.basename(dockerfile),
             f"#1 transferring dockerfile: {_rng[0].randint(900, 2400)}B done", "#1 DONE 0.0s", "",
             f"#2 [internal] load metadata for {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04", "#2 DONE 0.4s", ""]
    n = 3
    for s, t in steps:
        lines += [f"#{n} {s}", f"#{n} DONE {t}", ""]
        n += 1
    lines += [f"#{n} exporting to image", f"#{n} exporting layers {secs * 0.1:.1f}s done",
              f"#{n} exporting manifest sha256:{hx(64)} 0.0s done",
              f"#{n} exporting config sha256:{hx(64)} 0.0s done",
              f"#{n} naming to {image} done",
              f"#{n} pushing layers {secs * 0.3:.1f}s done",
              f"#{n} pushing manifest for {image}@sha256:{hx(64)} 0.2s done",
              f"#{n} DONE {secs * 0.45:.1f}s"]
    return "\n".join(lines)


def build_out(dockerfile, image, steps):
    lines = ['#0 building with "default" instance using docker driver', "",
             "#1 [internal] load build definition from " + os.path.basename(dockerfile),
             f"#1 transferring dockerfile: {_rng[0].randint(900, 2400)}B done", "#1 DONE 0.0s", "",
             f"#2 [internal] load metadata for {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04", "#2 DONE 0.1s", ""]
    n = 3
    for s, t in steps:
        lines += [f"#{n} {s}", f"#{n} DONE {t}", ""]
        n += 1
    lines += [f"#{n} exporting to image", f"#{n} exporting layers 1.9s done",
              f"#{n} writing image sha256:{hx(64)} done", f"#{n} naming to {image} done", f"#{n} DONE 2.0s"]
    return "\n".join(lines)


def npu_smi(rows, version="24.1.rc2", procs=None):
    sep = "+-------------------------------+-----------------+------------------------------------------------------+"
    eq = "+===============================+=================+======================================================+"
    out = ["+--------------------------------------------------------------------------------------------------------+",
           f"| npu-smi {version:<40} Version: {version:<45}|", sep,
           "| NPU     Name                  | Health          | Power(W)     Temp(C)           Hugepages-Usage(page) |",
           "| Chip    Device                | Bus-Id          | AICore(%)    Memory-Usage(MB)                        |", eq]
    for npu, name, health, temp, dev, bus, aic, mem, tot in rows:
        out.append(f"| {npu:<8}{name:<22}| {health:<16}| {'NA':<13}{temp:<18}{'0     / 0':<22}|")
        out.append(f"| {0:<8}{dev:<22}| {bus:<16}| {aic:<13}{(str(mem) + ' / ' + str(tot)):<40}|")
        out.append(eq)
    out.append(sep)
    out.append("| NPU     Chip                  | Process id      | Process name             | Process memory(MB)        |")
    out.append(eq)
    procs = procs or {}
    for npu, *_ in rows:
        if npu in procs:
            for pid, pname, pmem in procs[npu]:
                out.append(f"| {npu:<8}{0:<22}| {pid:<16}| {pname:<25}| {pmem:<26}|")
        else:
            out.append(f"| {'No running processes found in NPU ' + str(npu):<103}|")
        out.append(eq)
    return "\n".join(out)


def op_stat(rows):
    head = "Device_id,Model Name,OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)"
    return "\n".join([head] + [",".join(str(x) for x in r) for r in rows])


def msprof_out(prof_dir, app_out, stamp):
    pid = f"PROF_000001_{stamp}_{''.join(_rng[0].choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(16))}"
    return pid, "\n".join([
        "[INFO] Start profiling....",
        app_out,
        "[INFO] Profiling finished.",
        f"[INFO] Start export data in {R}/{prof_dir}/{pid}.",
        f"[INFO] Export all data in {R}/{prof_dir}/{pid} done.",
        f"[INFO] Start query data in {R}/{prof_dir}/{pid}.",
        "Job Info        Device ID    Dir Name        Collection Time                 Model ID    Iteration Number    Top Time Iteration",
        f"NA              0            device_0        {stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[8:10]}:{stamp[10:12]}:{stamp[12:14]}.{stamp[14:17]}    N/A         N/A                 N/A",
        f"[INFO] Query all data in {R}/{prof_dir}/{pid} done.",
        f"[INFO] Profiling finished. Data is saved in {R}/{prof_dir}/{pid}"])


def commit_out(branch, msg, nfiles, ins, dels=0):
    d = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){d}")


def push_out(old, new, branch):
    return (f"remote: Powered by GITEE.COM [1.1.5]\nremote: Set trace flag {hx(8)}\n"
            f"To {GITEE}\n   {old}..{new}  {branch} -> {branch}")


# ------------------------------------------------------------------ virtual files
README = P("README.md")
MODELS_MD = P("docs/models.md")
EXP_DET = P("export/export_det_onnx.py")
EXP_REC = P("export/export_rec_onnx.py")
EXP_VEH = P("export/export_veh_onnx.py")
EXP_ATTR = P("export/export_attr_onnx.py")
EVAL_REC = P("algo/rec_svtr/tools/eval_rec.py")
BENCH_VEH = P("algo/veh_det/tools/bench_torch.py")
PLATE_DEMO = P("third_party/plate_rec/demo.py")
POST = P("server/ocr_server/postprocess.py")
TEST_CTC = P("tests/test_ctc_decode.py")
DOCKER_OCR = P("docker/Dockerfile.ocr")
COMPOSE_OCR = P("deploy/ocr-server/docker-compose.yml")
MINDIE_CFG = P("deploy/mindie/config.json")
RUN_OM = P("tools/run_om.py")

README_TXT = """# vision-deploy

皖云智城 视觉平台组：视觉 / OCR 模型在昇腾 NPU 上的部署仓库（ONNX 导出、ATC 转换、推理服务、镜像、机房部署配置）。

## 环境

- 开发机 `npu-dev-01`：x86_64，2 x Atlas 300I Pro（Ascend310P3），驱动 24.1.rc2，CANN 8.0.0（`~/.bashrc` 里已经
  `source /usr/local/Ascend/ascend-toolkit/set_env.sh`），conda 环境 `npu`：Python 3.9、torch 2.1.0、torch_npu 2.1.0.post8、
  onnx 1.16、ais_bench（aclruntime + ais_bench 两个 whl）
- 机房 B2：`atlas800-01/02/03`（Atlas 800 推理服务器 3000 型，**鲲鹏 920 / aarch64**，每台 4 x Atlas 300I Pro），
  `atlas800i-a2-01`（Atlas 800I A2，8 x 910B4，跑 MindIE，Qwen2-VL 工单图片理解）
- 镜像仓库：`harbor.wyzc.local/vision/*`，基础镜像 `harbor.wyzc.local/base/cann-infer:8.0.0-py39-ubuntu22.04`（多架构）
- 代码：Gitee 企业版 `wanyun-city/vision-deploy`，PR 合入 main

## 目录

```
algo/          算法组交付的训练/评估代码（只读同步，别在这里改逻辑）
export/        PyTorch -> ONNX 导出脚本（opset 11）
onnx/ om/      导出和转换产物（不进 git，om 发布到 Harbor 的 model 制品库）
aipp/          AIPP 配置
server/        ocr_server / det_server 推理服务（FastAPI + ais_bench InferSession）
tools/         run_om.py（msprof 用的推理循环）、compare_om.py（onnx vs om 逐输出对比）、eval_e2e_ocr.py
docker/        Dockerfile.ocr / Dockerfile.det / Dockerfile.plate
deploy/        机房部署：docker compose 文件、MindIE config.json
docs/models.md 模型台账：每个 om 的输入、芯片、时延、精度
```

## 模型转换

```bash
python3 export/export_<m>_onnx.py --weights <pth> --output onnx/<m>.onnx
atc --model=onnx/<m>.onnx --framework=5 --output=om/<m>_<soc>_bs<N> --input_format=NCHW \\
    --input_shape="<input>:<N>,3,<H>,<W>" --soc_version=Ascend310P3 --log=error
python3 -m ais_bench --model om/<m>_<soc>_bs<N>.om --loop 100
```

转完在 `docs/models.md` 记一行。

## 容器里用 NPU

设备：`/dev/davinciN`、`/dev/davinci_manager`、`/dev/devmm_svm`、`/dev/hisi_hdc`。驱动不进镜像，由宿主机提供。
机房的 compose 文件见 `deploy/*/docker-compose.yml`。
"""

MODELS_MD_TXT = """# 模型台账

| 模型 | om 文件 | 输入 | 芯片 | CANN | NPU 时延 mean (ms) | 吞吐 (fps) | 精度 | 日期 |
|---|---|---|---|---|---|---|---|---|
| 文字检测 DBNet v2 | det_dbnet_v2_310P3_bs8.om | x:8,3,960,960 | Ascend310P3 | 8.0.RC3 | 41.83 | 191.3 | hmean 0.872 | 2026-08-21 |
| 文字识别 SVTR v1 | rec_svtr_v1_310P3_bs16.om | x:16,3,48,320 | Ascend310P3 | 8.0.RC3 | 9.62 | 1663.2 | acc 0.927 | 2026-08-21 |
| 车辆检测 YOLOv8s v1 | veh_yolov8s_v1_310P3_bs4.om | images:4,3,640,640 | Ascend310P3 | 8.0.RC3 | 14.07 | 284.3 | mAP50 0.913 | 2026-09-09 |
"""

EXP_DET_TXT = '''"""DBNet 文字检测 -> ONNX（静态 shape，opset 11）。

用法: python3 export/export_det_onnx.py --weights /data/models/det_dbnet_v3/best.pth --output onnx/det_dbnet_v3.onnx --batch 8
"""
import argparse
import sys

import torch

sys.path.insert(0, "algo/det_dbnet")
from models import build_dbnet  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--size", type=int, default=960)
    args = ap.parse_args()
    model = build_dbnet(backbone="resnet18_vd", neck="fpn", head="db")
    model.load_state_dict(torch.load(args.weights, map_location="cpu")["state_dict"])
    model.eval()
    dummy = torch.randn(args.batch, 3, args.size, args.size)
    torch.onnx.export(model, dummy, args.output, opset_version=11,
                      input_names=["x"], output_names=["maps"], do_constant_folding=True)
    print(f"exported {args.output}")


if __name__ == "__main__":
    main()
'''

EXP_ATTR_TXT = '''"""车辆属性（颜色 / 车型）ResNet34 多头 -> ONNX。从算法组的 export_attr.py 拷过来改的。

用法: python3 export/export_attr_onnx.py --weights /data/models/veh_attr_v1/best.pth --output onnx/veh_attr_v1.onnx --batch 16
"""
import argparse
import sys

import torch

sys.path.insert(0, "algo/veh_attr")
from models import VehAttrNet  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    model = VehAttrNet(num_colors=12, num_types=9)
    model.load_state_dict(torch.load(args.weights, map_location="cpu"))
    model.eval()
    dummy = torch.randn(args.batch, 3, 224, 224)
    torch.onnx.export(model, dummy, args.output, opset_version=11,
                      input_names=["images"], output_names=["color", "type"],
                      operator_export_type=torch.onnx.OperatorExportTypes.ONNX_ATEN_FALLBACK)
    print(f"exported {args.output}")


if __name__ == "__main__":
    main()
'''

ATTR_MODEL = P("algo/veh_attr/models.py")
ATTR_MODEL_TXT = '''import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision


class VehAttrNet(nn.Module):
    """ResNet34 + 颜色 / 车型两个头。池化到 3x3 保留一点空间信息（车顶 / 车身颜色不一样的情况）。"""

    def __init__(self, num_colors=12, num_types=9):
        super().__init__()
        r = torchvision.models.resnet34(weights=None)
        self.backbone = nn.Sequential(*list(r.children())[:-2])
        self.color = nn.Linear(512 * 9, num_colors)
        self.type = nn.Linear(512 * 9, num_types)

    def forward(self, x):
        f = self.backbone(x)                       # N, 512, 7, 7
        f = F.adaptive_avg_pool2d(f, (3, 3))       # N, 512, 3, 3
        f = torch.flatten(f, 1)
        return self.color(f), self.type(f)
'''

EVAL_REC_TXT = '''"""SVTR 识别模型验证集评估（算法组 林晓）。

用法: python3 algo/rec_svtr/tools/eval_rec.py --weights best.pth --data /data/datasets/ocr_rec_val --batch-size 64
"""
import argparse
import sys

import torch
from torch.utils.data import DataLoader

sys.path.insert(0, "algo/rec_svtr")
from data import RecDataset, collate  # noqa: E402
from models import build_model  # noqa: E402
from utils import CTCLabelDecode, load_cfg, rec_metric  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--cfg", default="algo/rec_svtr/configs/svtr_tiny_ch.yaml")
    ap.add_argument("--batch-size", type=int, default=64)
    args = ap.parse_args()

    cfg = load_cfg(args.cfg)
    model = build_model(cfg).cuda()
    model.load_state_dict(torch.load(args.weights, map_location="cpu")["model"])
    model.eval()
    decode = CTCLabelDecode(cfg["charset"])
    loader = DataLoader(RecDataset(args.data, cfg), batch_size=args.batch_size, num_workers=8, collate_fn=collate)

    preds, labels = [], []
    with torch.no_grad():
        for images, texts in loader:
            images = images.cuda()
            logits = model(images)
            preds += decode(logits.softmax(-1).cpu().numpy())
            labels += texts
    m = rec_metric(preds, labels)
    print(f"samples: {len(labels)}  acc: {m['acc']:.4f}  norm_edit_dis: {m['norm_edit_dis']:.4f}")


if __name__ == "__main__":
    main()
'''

BENCH_VEH_TXT = '''"""YOLOv8s 车辆检测：PyTorch eager 推理时延（算法组用来和 TensorRT 对比的脚本）。

用法: python3 algo/veh_det/tools/bench_torch.py --weights best.pt --batch 4 --iters 200
"""
import argparse
import sys
import time

import torch
import torch_npu  # noqa: F401

sys.path.insert(0, "algo/veh_det")
from models import load_yolov8  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--half", action="store_true")
    args = ap.parse_args()

    device = torch.device("npu")
    model = load_yolov8(args.weights).to(device).eval()
    x = torch.randn(args.batch, 3, 640, 640, device=device)
    if args.half:
        model, x = model.half(), x.half()
    with torch.no_grad():
        for _ in range(20):
            model(x)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(args.iters):
            model(x)
        torch.cuda.synchronize()
    ms = (time.perf_counter() - t0) * 1000 / args.iters
    print(f"batch={args.batch} half={args.half} mean={ms:.2f} ms  fps={1000 * args.batch / ms:.1f}")


if __name__ == "__main__":
    main()
'''

PLATE_DEMO_TXT = '''# LPRNet 车牌识别 demo（开源仓库，原作者在 GPU 上跑）
import argparse

import cv2
import numpy as np
import torch

from model.LPRNet import build_lprnet
from data.load_data import CHARS

device = torch.device("cuda:0")


def transform(img):
    img = cv2.resize(img, (94, 24)).astype("float32")
    img = (img - 127.5) * 0.0078125
    return torch.from_numpy(np.transpose(img, (2, 0, 1)))


def greedy_decode(prebs):
    res = []
    for preb in prebs:
        label, prev = [], -1
        for c in preb.argmax(0).tolist():
            if c != prev and c != len(CHARS) - 1:
                label.append(c)
            prev = c
        res.append("".join(CHARS[i] for i in label))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default="weights/Final_LPRNet_model.pth")
    ap.add_argument("--images", nargs="+", required=True)
    args = ap.parse_args()
    net = build_lprnet(lpr_max_len=8, phase=False, class_num=len(CHARS), dropout_rate=0)
    net.to(device)
    net.load_state_dict(torch.load(args.weights, map_location="cpu"))
    net.eval()
    batch = torch.stack([transform(cv2.imread(p)) for p in args.images]).to(device)
    with torch.no_grad():
        prebs = net(batch).cpu().numpy()
    for p, s in zip(args.images, greedy_decode(prebs)):
        print(f"{p}\\t{s}")


if __name__ == "__main__":
    main()
'''

POST_TXT = '''"""识别后处理：CTC greedy 解码。"""
from typing import Sequence

BLANK = 0


def ctc_greedy_decode(ids: Sequence[int], charset: str) -> str:
    """ids: 每个时间步 argmax 后的类别序列，0 是 blank，charset[i-1] 对应类别 i。"""
    kept = [i for i in ids if i != BLANK]
    out = []
    for k, i in enumerate(kept):
        if k > 0 and i == kept[k - 1]:
            continue
        out.append(charset[i - 1])
    return "".join(out)
'''

TEST_CTC_TXT = '''from ocr_server.postprocess import ctc_greedy_decode

CHARSET = "0123456789"


def test_plain():
    assert ctc_greedy_decode([2, 3, 4], CHARSET) == "123"


def test_collapse_repeats():
    assert ctc_greedy_decode([2, 2, 2, 3, 3], CHARSET) == "12"


def test_all_blank():
    assert ctc_greedy_decode([0, 0, 0], CHARSET) == ""
'''

DOCKER_OCR_TXT = f"""FROM {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04

# 基础镜像里是 nnrt（ACL 运行时）+ aclruntime / ais_bench；驱动由宿主机挂载，不进镜像
WORKDIR /opt/ocr_server
COPY server/requirements.txt .
RUN pip3 install --no-cache-dir -r requirements.txt -i https://repo.huaweicloud.com/repository/pypi/simple
COPY server/ocr_server ./ocr_server

ENV ASCEND_RT_VISIBLE_DEVICES=0
EXPOSE 8080
CMD ["python3", "-m", "uvicorn", "ocr_server.app:app", "--host", "0.0.0.0", "--port", "8080"]
"""

COMPOSE_OCR_TXT = f"""# atlas800-01 / atlas800-02：每张卡一个实例，前面是 nginx 轮询
x-npu: &npu
  image: {HARBOR}/vision/ocr-server:${{OCR_TAG:-1.3.2}}
  restart: unless-stopped
  volumes:
    - /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro
    - /usr/local/bin/npu-smi:/usr/local/bin/npu-smi:ro
    - /data/om:/models:ro
  environment:
    - OCR_DET_OM=/models/det_dbnet_v2_310P3_bs8.om
    - OCR_REC_OM=/models/rec_svtr_v1_310P3_bs16.om

services:
  ocr-0:
    <<: *npu
    devices: [/dev/davinci0, /dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc]
    ports: ["18080:8080"]
  ocr-1:
    <<: *npu
    devices: [/dev/davinci1, /dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc]
    ports: ["18081:8080"]
  ocr-2:
    <<: *npu
    devices: [/dev/davinci2, /dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc]
    ports: ["18082:8080"]
  ocr-3:
    <<: *npu
    devices: [/dev/davinci3, /dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc]
    ports: ["18083:8080"]
"""

MINDIE_CFG_TXT = """{
    "Version" : "1.0.0",
    "LogConfig" :
    {
        "logLevel" : "Info",
        "logFileSize" : 20,
        "logFileNum" : 20,
        "logPath" : "logs/mindie-server.log"
    },

    "ServerConfig" :
    {
        "ipAddress" : "0.0.0.0",
        "managementIpAddress" : "127.0.0.2",
        "port" : 1025,
        "managementPort" : 1026,
        "metricsPort" : 1027,
        "allowAllZeroIpListening" : true,
        "maxLinkNum" : 1000,
        "httpsEnabled" : false,
        "fullTextEnabled" : false,
        "inferMode" : "standard",
        "openAiSupport" : "vllm"
    },

    "BackendConfig" : {
        "backendName" : "mindieservice_llm_engine",
        "modelInstanceNumber" : 1,
        "npuDeviceIds" : [[0,1,2,3]],
        "tokenizerProcessNumber" : 8,
        "multiNodesInferEnabled" : false,
        "ModelDeployConfig" :
        {
            "maxSeqLen" : 8192,
            "maxInputTokenLen" : 6144,
            "truncation" : false,
            "ModelConfig" : [
                {
                    "modelInstanceType" : "Standard",
                    "modelName" : "qwen2_vl",
                    "modelWeightPath" : "/data/weights/Qwen2-VL-7B-Instruct",
                    "worldSize" : 4,
                    "cpuMemSize" : 5,
                    "npuMemSize" : -1,
                    "backendType" : "atb",
                    "trustRemoteCode" : false
                }
            ]
        },

        "ScheduleConfig" :
        {
            "templateType" : "Standard",
            "templateName" : "Standard_LLM",
            "cacheBlockSize" : 128,
            "maxPrefillBatchSize" : 50,
            "maxPrefillTokens" : 8192,
            "prefillTimeMsPerReq" : 150,
            "prefillPolicyType" : 0,
            "decodeTimeMsPerReq" : 50,
            "decodePolicyType" : 0,
            "maxBatchSize" : 200,
            "maxIterTimes" : 1024,
            "maxPreemptCount" : 0,
            "supportSelectBatch" : false,
            "maxQueueDelayMicroseconds" : 5000
        }
    }
}
"""

RUN_OM_TXT = '''"""最小推理循环，给 msprof 采集用：随机输入跑 N 次。

用法: msprof --output=prof/<name> python3 tools/run_om.py --model om/<m>.om --loop 20
"""
import argparse

import numpy as np
from ais_bench.infer.interface import InferSession


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--loop", type=int, default=20)
    ap.add_argument("--device", type=int, default=0)
    args = ap.parse_args()
    sess = InferSession(args.device, args.model)
    feeds = [np.random.rand(*i.shape).astype(np.float32) for i in sess.get_inputs()]
    for _ in range(args.loop):
        sess.infer(feeds)
    print(f"{args.loop} loops done, mean {np.mean(sess.sumary().exec_time_list):.2f} ms")
    sess.free_resource()


if __name__ == "__main__":
    main()
'''

FILES = {
    README: README_TXT, MODELS_MD: MODELS_MD_TXT, EXP_DET: EXP_DET_TXT, EXP_ATTR: EXP_ATTR_TXT, ATTR_MODEL: ATTR_MODEL_TXT,
    EVAL_REC: EVAL_REC_TXT, BENCH_VEH: BENCH_VEH_TXT, PLATE_DEMO: PLATE_DEMO_TXT, POST: POST_TXT, TEST_CTC: TEST_CTC_TXT,
    DOCKER_OCR: DOCKER_OCR_TXT, COMPOSE_OCR: COMPOSE_OCR_TXT, MINDIE_CFG: MINDIE_CFG_TXT, RUN_OM: RUN_OM_TXT,
}


# ------------------------------------------------------------------ shared steps
def atc_cmd(onnx, out, shape, extra=""):
    return (f"atc --model={onnx} --framework=5 --output={out} --input_format=NCHW "
            f"--input_shape=\"{shape}\" --soc_version=Ascend310P3 --log=error{extra}")


def ais_cmd(om, loop=100, device=None):
    return f"python3 -m ais_bench --model {om} --loop {loop}" + (f" --device {device}" if device is not None else "")


def selftest_ok(det, rec):
    return "\n".join([
        "[INFO] acl init success", "[INFO] open device 0 success", "[INFO] create new context",
        f"[INFO] load model {det} success", f"[INFO] load model {rec} success",
        "selftest: det input x [8, 3, 960, 960] float32 -> maps [8, 1, 960, 960]",
        "selftest: rec input x [16, 3, 48, 320] float32 -> logits [16, 40, 6625]",
        "selftest: samples/receipt_01.jpg -> 37 boxes, 35 lines recognized",
        "selftest: samples/id_card_02.jpg -> 9 boxes, 9 lines recognized",
        "selftest OK (det 44.1 ms / batch, rec 11.0 ms / batch)"])


def ais_import_tb(top):
    """ais_bench import chain when the driver libraries are not visible inside the container."""
    return "\n".join([
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.9/runpy.py", line 197, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/lib/python3.9/runpy.py", line 87, in _run_code',
        "    exec(code, run_globals)"] + top + [
        '  File "/usr/local/lib/python3.9/dist-packages/ais_bench/infer/interface.py", line 22, in <module>',
        "    import aclruntime",
        f"ImportError: {SIG2}: No such file or directory"])


def mindie_flow(d, t, what, log_tail):
    t.bash(f"scp deploy/mindie/config.json atlas800i-a2-01:/opt/deploy/mindie/config.json", "配置发到 MindIE 主机",
           out="")
    t.bash("ssh atlas800i-a2-01 'docker restart mindie-qwen2vl'", "重启 MindIE 容器", out="mindie-qwen2vl")
    d.tick(60, 120)
    t.bash("ssh atlas800i-a2-01 'sleep 60; docker logs --tail 6 mindie-qwen2vl'", "等模型加载完看日志", out=log_tail,
           timeout=180000)
    body = ('{"model":"qwen2_vl","max_tokens":64,"messages":[{"role":"user","content":[{"type":"image_url","image_url":'
            '{"url":"file:///data/samples/gongdan/wo_20261020_0137.jpg"}},{"type":"text","text":"这张工单照片反映的是什么问题？一句话"}]}]}')
    return body


def mindie_log(ws):
    return "\n".join([
        f"[INFO] [model_deploy] worldSize={ws}, npuDeviceIds={list(range(ws))}",
        "[INFO] tokenizer process number: 8",
        "[INFO] Start to load model weights ...",
        "[INFO] model weights loaded, npu memory used per device: 15.2 GB" if ws == 4 else
        "[INFO] model weights loaded, npu memory used per device: 8.1 GB",
        "[INFO] Start to warm up ...",
        "Daemon start success!"])


def chat_out(content, ptok, ctok, cid):
    return ('{"id":"' + cid + '","object":"chat.completion","created":0,"model":"qwen2_vl","choices":[{"index":0,'
            '"message":{"role":"assistant","content":"' + content + '"},"finish_reason":"stop"}],"usage":{"prompt_tokens":'
            + str(ptok) + ',"completion_tokens":' + str(ctok) + ',"total_tokens":' + str(ptok + ctok) + '}}')


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-10-12T01:25:00", R, branch="main", version="2.1.171"):
        t = d.task("我刚接手视觉部署这摊，先带我过一遍这个仓库，顺便看下开发机上两张卡的状态", tags=["noise"])
        t.read(README)
        t.glob("export/*.py", [EXP_DET, EXP_REC, EXP_VEH, EXP_ATTR])
        t.read(MODELS_MD)
        t.bash("npu-smi info", "查看开发机 NPU 状态", out=npu_smi([
            (1, "310P3", "OK", 44, 0, "0000:3B:00.0", 0, 1402, 21527),
            (2, "310P3", "OK", 46, 1, "0000:86:00.0", 0, 1398, 21527)]))
        t.done("""过了一遍：

**仓库**（Gitee `wanyun-city/vision-deploy`）
- `export/`：PyTorch → ONNX 导出脚本，4 个（文字检测 DBNet、识别 SVTR、车辆检测 YOLOv8s、车辆属性），统一 opset 11、静态 shape
- `atc` 转 om，`python3 -m ais_bench` 测性能，转完记到 `docs/models.md`（台账现在 3 行：det v2、rec v1、veh v1，都是 CANN 8.0.RC3 时转的）
- `server/`：ocr_server / det_server，FastAPI + ais_bench `InferSession`
- `docker/` + `deploy/`：镜像基于 `harbor.wyzc.local/base/cann-infer:8.0.0-py39-ubuntu22.04`，驱动不进镜像；机房用 docker compose 每张卡起一个实例
- `algo/` 是算法组同步过来的训练/评估代码，README 说只读，别改逻辑

**机器**
- 开发机 2 张 Atlas 300I Pro（310P3），驱动 24.1.rc2，两张卡都 Health OK、没有进程占用，各 21.5 GB 显存
- 机房 atlas800-01/02/03 是**鲲鹏 aarch64**，和开发机（x86_64）架构不同；atlas800i-a2-01 是 910B4 跑 MindIE""")

        # ---- T02 W1 #1 + P1 #1
        t = d.task("林晓那边 det_dbnet_v3 训好了，权重 /data/models/det_dbnet_v3/best.pth。导 onnx 转 om，batch 8，跑下性能记台账。"
                   "转出来的 om 命名带上芯片型号和 batch，比如 det_dbnet_v3_310P3_bs8.om，不然机房那边分不清",
                   tags=["workflow:W1", "pref:P1"])
        t.read(EXP_DET)
        t.bash("python3 export/export_det_onnx.py --weights /data/models/det_dbnet_v3/best.pth --output onnx/det_dbnet_v3.onnx --batch 8",
               "导出 ONNX", out="exported onnx/det_dbnet_v3.onnx", err=torch_npu_warn())
        t.bash(atc_cmd("onnx/det_dbnet_v3.onnx", "om/det_dbnet_v3_310P3_bs8", "x:8,3,960,960"), "ATC 转 om（310P3, bs8）",
               out=atc_ok(9), timeout=900000)
        d.tick(60, 150)
        om = "om/det_dbnet_v3_310P3_bs8.om"
        t.bash(ais_cmd(om), "ais_bench 测性能", out=ais_perf(om, 8, 43.27, 42.91, 44.02, 43.25, 43.88))
        t.edit(MODELS_MD, "| 2026-09-09 |\n", "| 2026-09-09 |\n"
               "| 文字检测 DBNet v3 | det_dbnet_v3_310P3_bs8.om | x:8,3,960,960 | Ascend310P3 | 8.0.0 | 43.27 | 184.9 | 待测 | 2026-10-12 |\n")
        t.done("""转好了：`om/det_dbnet_v3_310P3_bs8.om`（命名按 `<模型>_<芯片>_bs<N>`）。

| 模型 | batch | NPU 时延 mean | p99 | 吞吐 |
|---|---|---|---|---|
| det v3 | 8 | 43.27 ms | 43.88 ms | 184.9 fps |
| det v2（台账） | 8 | 41.83 ms | – | 191.3 fps |

v3 比 v2 慢了约 3%，不算大但值得看一下原因。台账已加一行，精度那栏先写「待测」。""")

        # ---- T03 no tools
        t = d.task("问下，Atlas 300I Pro 和 300I Duo 啥区别？机房要扩容，韩东问买哪个", tags=["no_tools"])
        t.done("""主要区别：

- **300I Pro**：1 颗 310P3，24 GB 显存（可用约 21.5 GB），INT8 140 TOPS / FP16 70 TFLOPS，整卡功耗 72 W，单槽半高
- **300I Duo**：2 颗 310P3 在一张卡上，共 48 GB（96 GB 版也有），算力翻倍，功耗约 150 W，全高全长双槽，要求服务器风道/供电支持
- 软件上 Duo 在系统里就是 2 个 NPU，om 不用重转（都是 Ascend310P3）

建议：我们的 OCR / 车辆检测都是小模型、单卡一实例，瓶颈在实例数和前处理 CPU，不在单芯片算力。Atlas 800 3000 型的槽位和供电如果够，**Duo 同样槽位算力和显存翻倍，更划算**；要是机箱只支持半高单槽卡，就只能 Pro。让韩东先确认 atlas800 的槽位类型和电源余量。""")

        # ---- T04 M1 #1
        t = d.task("林晓把 SVTR v2 识别模型的评估代码同步到 algo/rec_svtr 了。先用 torch_npu 在开发机上跑下验证集 acc，当后面 om 精度的基线。"
                   "权重 /data/models/rec_svtr_v2/best.pth，数据 /data/datasets/ocr_rec_val", tags=["mistake:M1"])
        cmd = ("python3 algo/rec_svtr/tools/eval_rec.py --weights /data/models/rec_svtr_v2/best.pth "
               "--data /data/datasets/ocr_rec_val --batch-size 64")
        t.fail(cmd, "torch_npu 跑 SVTR v2 验证集", cuda_tb(EVAL_REC, [
            (EVAL_REC, 52, "<module>", "main()"),
            (EVAL_REC, 29, "main", "model = build_model(cfg).cuda()"),
            (f"{CONDA}/torch/nn/modules/module.py", 918, "cuda", "return self._apply(lambda t: t.cuda(device))"),
            (f"{CONDA}/torch/nn/modules/module.py", 810, "_apply", "module._apply(fn)"),
            (f"{CONDA}/torch/nn/modules/module.py", 833, "_apply", "param_applied = fn(param)"),
            (f"{CONDA}/torch/nn/modules/module.py", 918, "<lambda>", "return self._apply(lambda t: t.cuda(device))")]))
        t.say("评估脚本是在 GPU 上写的，`build_model(cfg).cuda()` 和 `images.cuda()` 走的是 CUDA，这里的 torch 是 CPU 版 + torch_npu，"
              "所以报 `Torch not compiled with CUDA enabled`。把设备改成 NPU（只改设备，不动评估逻辑）：")
        t.read(EVAL_REC)
        t.edit(EVAL_REC, "import torch\nfrom torch.utils.data import DataLoader",
               "import torch\nimport torch_npu  # noqa: F401\nfrom torch.utils.data import DataLoader")
        t.edit(EVAL_REC, "model = build_model(cfg).cuda()", "model = build_model(cfg).npu()")
        t.edit(EVAL_REC, "images = images.cuda()", "images = images.npu()")
        t.bash(cmd, "torch_npu 跑 SVTR v2 验证集", out="samples: 7843  acc: 0.9412  norm_edit_dis: 0.9871",
               err=torch_npu_warn(), timeout=1200000)
        t.done("""跑完了，SVTR v2 在 torch_npu 上的验证集基线：

- 7,843 条，**acc 0.9412**，norm_edit_dis 0.9871（v1 台账里是 0.927，提升 1.4 个点）

一开始报 `AssertionError: Torch not compiled with CUDA enabled`：`eval_rec.py` 里写死了 `.cuda()`。我加了 `import torch_npu`，把模型和输入的 `.cuda()` 换成 `.npu()`，评估逻辑没动。
`algo/` 是同步目录，建议让林晓那边把设备做成参数，不然下次同步会被覆盖。""")


# ------------------------------------------------------------------ session 2
def s2(d):
    with d.session("2026-10-14T01:40:00", R, branch="main", version="2.1.172"):
        t = d.task("ocr-server 1.4.0 要换 det v3，用 Dockerfile.ocr 打个 1.4.0 的镜像，本地起容器跑下 selftest", tags=["mistake:M2"])
        t.read(DOCKER_OCR)
        img = f"{HARBOR}/vision/ocr-server:1.4.0"
        t.bash(f"docker build -f docker/Dockerfile.ocr -t {img} .", "构建镜像",
               err=build_out("docker/Dockerfile.ocr", img, [
                   (f"[1/4] FROM {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04@sha256:{hx(64)}", "0.0s"),
                   ("[2/4] WORKDIR /opt/ocr_server", "CACHED"),
                   ("[3/4] COPY server/requirements.txt .", "0.1s"),
                   ("[4/4] RUN pip3 install --no-cache-dir -r requirements.txt -i https://repo.huaweicloud.com/repository/pypi/simple", "38.4s")]),
               timeout=900000)
        run = (f"docker run --rm {DEVS} -v {R}/om:/models:ro {img} python3 -m ocr_server.selftest "
               "--det /models/det_dbnet_v3_310P3_bs8.om --rec /models/rec_svtr_v1_310P3_bs16.om")
        t.fail(run, "容器里跑 selftest", ais_import_tb([
            '  File "/opt/ocr_server/ocr_server/selftest.py", line 9, in <module>',
            "    from ocr_server.engine import OmEngine",
            '  File "/opt/ocr_server/ocr_server/engine.py", line 6, in <module>',
            "    from ais_bench.infer.interface import InferSession"]))
        t.say("设备节点挂进去了，但 `libascend_hal.so` 属于**驱动**，在宿主机 `/usr/local/Ascend/driver/lib64` 下，镜像里本来就不带（Dockerfile 注释也写了驱动由宿主机挂载）。"
              "同一条命令加上驱动目录和 npu-smi 的只读挂载再跑：")
        run2 = (f"docker run --rm {DEVS} {DRV} {SMI} -v {R}/om:/models:ro {img} python3 -m ocr_server.selftest "
                "--det /models/det_dbnet_v3_310P3_bs8.om --rec /models/rec_svtr_v1_310P3_bs16.om")
        t.bash(run2, "挂上驱动后重跑 selftest",
               out=selftest_ok("/models/det_dbnet_v3_310P3_bs8.om", "/models/rec_svtr_v1_310P3_bs16.om"))
        t.done(f"""`{img}` 打好了，selftest 通过：det v3 + rec v1 都能加载，两张样例图检测/识别正常，det 44.1 ms/batch。

第一次报 `ImportError: libascend_hal.so: cannot open shared object file`：只挂了 `/dev/davinci*` 等设备，没挂驱动。加 `-v /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro`（顺带 npu-smi）后就好了。机房的 compose 文件里这两个挂载本来就有，所以线上不受影响。""")

        # ---- T06 P3
        t = d.task("det v3 的 om 和 onnx 对一下精度。精度对比就用余弦相似度吧，每个输出 >0.99 就算过", tags=["pref:P3"])
        t.bash("python3 tools/compare_om.py --onnx onnx/det_dbnet_v3.onnx --om om/det_dbnet_v3_310P3_bs8.om --num 20",
               "onnxruntime vs om 逐输出对比（20 组随机真实图）",
               out="[INFO] onnxruntime 1.18.1 CPUExecutionProvider\n[INFO] om: om/det_dbnet_v3_310P3_bs8.om (device 0)\n"
                   "[INFO] inputs: 20 images from /data/datasets/ocr_det_val/images (resize 960, batch 8, last batch padded)\n"
                   "output   shape              cos_sim(min)  cos_sim(mean)  max_abs_err  mean_abs_err\n"
                   "maps     [8, 1, 960, 960]   0.99987       0.99993        0.01953      0.00041\n"
                   "[PASS] all outputs cos_sim >= 0.99")
        t.done("""对完了，**通过**：`maps` 输出 20 张图余弦相似度最低 0.99987、平均 0.99993，最大绝对误差 0.0195（fp16 正常范围）。

后面 om 的精度对比都按余弦 >0.99 判定。台账里 det v3 的精度栏我先不填 hmean，等端到端评测跑了再补。""")

        # ---- T07 O2
        t = d.task("宋佳说识别结果里连续相同的数字会丢一个，车牌 皖A1100F 出来是 皖A10F，看下后处理", tags=["oneoff:O2"])
        t.read(POST)
        t.read(TEST_CTC)
        t.edit(TEST_CTC, """def test_all_blank():""", """def test_repeated_chars_split_by_blank():
    # "1 1 - 1 0 0"：blank 隔开的重复字符要保留 -> "110"
    assert ctc_greedy_decode([2, 2, 0, 2, 1, 1], CHARSET) == "110"


def test_all_blank():""")
        pt = "python3 -m pytest tests/test_ctc_decode.py -q"
        t.fail(pt, "先用新用例复现", """..F.                                                                     [100%]
=================================== FAILURES ===================================
_____________________ test_repeated_chars_split_by_blank ______________________

    def test_repeated_chars_split_by_blank():
        # "1 1 - 1 0 0"：blank 隔开的重复字符要保留 -> "110"
>       assert ctc_greedy_decode([2, 2, 0, 2, 1, 1], CHARSET) == "110"
E       AssertionError: assert '10' == '110'
E         
E         - 110
E         ? -
E         + 10

tests/test_ctc_decode.py:13: AssertionError
=========================== short test summary info ============================
FAILED tests/test_ctc_decode.py::test_repeated_chars_split_by_blank - AssertionError: assert '10' == '110'
1 failed, 3 passed in 0.19s""")
        t.say("复现了。`ctc_greedy_decode` 先把 blank 全删掉再合并重复，blank 隔开的两个 1 就被当成重复合并了。CTC 的正确顺序是先合并相邻重复、再删 blank：")
        t.edit(POST, """    kept = [i for i in ids if i != BLANK]
    out = []
    for k, i in enumerate(kept):
        if k > 0 and i == kept[k - 1]:
            continue
        out.append(charset[i - 1])
    return "".join(out)""", """    out = []
    prev = None
    for i in ids:
        # 先合并相邻重复，再去 blank；blank 隔开的相同字符要保留
        if i != prev and i != BLANK:
            out.append(charset[i - 1])
        prev = i
    return "".join(out)""")
        t.bash(pt, "重跑", out="....                                                                     [100%]\n4 passed in 0.17s")
        t.done("""修好了。`server/ocr_server/postprocess.py` 的 CTC 解码顺序错了：原来先删 blank 再合并重复，`1 1 - 1` 会变成一个 `1`。改成按时间步先合并相邻重复、再去 blank，`皖A1100F` 这种就不会丢字了。

加了用例 `test_repeated_chars_split_by_blank`，4 个测试全过。这个修复要随 ocr-server 下个版本发出去（1.4.0 镜像是修之前打的，需要重打）。""")

        # ---- T08 F1
        t = d.task("装一下 requirements-dev.txt，要用 onnxsim", tags=["flaky:F1"])
        pip = "pip install -r requirements-dev.txt -i https://repo.huaweicloud.com/repository/pypi/simple"
        t.fail(pip, "安装开发依赖", """Looking in indexes: https://repo.huaweicloud.com/repository/pypi/simple
Requirement already satisfied: onnx==1.16.1 in /home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages (from -r requirements-dev.txt (line 1)) (1.16.1)
Requirement already satisfied: onnxruntime==1.18.1 in /home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages (from -r requirements-dev.txt (line 2)) (1.18.1)
Collecting onnxsim==0.4.36 (from -r requirements-dev.txt (line 3))
  Downloading https://repo.huaweicloud.com/repository/pypi/packages/0b/44/onnxsim-0.4.36-cp39-cp39-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (2.2 MB)
     ━━━━━━━━━━━━━━━━━━━━━━╸━━━━━━━━━━━━━━━━━ 1.2/2.2 MB 38.1 kB/s eta 0:00:27
ERROR: Exception:
Traceback (most recent call last):
  File "/home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages/pip/_vendor/urllib3/response.py", line 438, in _error_catcher
    yield
  File "/home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages/pip/_vendor/urllib3/response.py", line 561, in read
    data = self._fp_read(amt) if not fp_closed else b""
TimeoutError: The read operation timed out

During handling of the above exception, another exception occurred:

pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='repo.huaweicloud.com', port=443): Read timed out.""", code=2)
        t.say("华为云镜像下载到一半读超时，网络抖动，原样再跑一次：")
        t.bash(pip, "安装开发依赖", out="""Looking in indexes: https://repo.huaweicloud.com/repository/pypi/simple
Requirement already satisfied: onnx==1.16.1 in /home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages (from -r requirements-dev.txt (line 1)) (1.16.1)
Requirement already satisfied: onnxruntime==1.18.1 in /home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages (from -r requirements-dev.txt (line 2)) (1.18.1)
Collecting onnxsim==0.4.36 (from -r requirements-dev.txt (line 3))
  Downloading https://repo.huaweicloud.com/repository/pypi/packages/0b/44/onnxsim-0.4.36-cp39-cp39-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (2.2 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 2.2/2.2 MB 4.9 MB/s eta 0:00:00
Requirement already satisfied: rich in /home/zhoucy/miniconda3/envs/npu/lib/python3.9/site-packages (from onnxsim==0.4.36->-r requirements-dev.txt (line 3)) (13.7.1)
Installing collected packages: onnxsim
Successfully installed onnxsim-0.4.36""")
        t.done("装好了，`onnxsim 0.4.36`。第一次从华为云镜像下载读超时，原样重跑就下完了，其它依赖本来就在。")


# ------------------------------------------------------------------ deploy helpers (M3)
def arch_inspect(host):
    return f"ssh {host} 'uname -m; docker image inspect --format \"{{{{.Os}}}}/{{{{.Architecture}}}}\" "


# ------------------------------------------------------------------ session 3
def s3(d):
    with d.session("2026-10-16T02:05:00", R, branch="main", version="2.1.173"):
        t = d.task("ocr-server 1.4.0 推到 harbor，发到 atlas800-01 上。compose 里 OCR_TAG 改 1.4.0，det 换成 v3 的 om", tags=["mistake:M3"])
        img = f"{HARBOR}/vision/ocr-server:1.4.0"
        t.bash(f"docker push {img}", "推镜像", out=f"The push refers to repository [{HARBOR}/vision/ocr-server]\n"
               + "\n".join(f"{hx(12)}: Pushed" for _ in range(3)) + "\n"
               + "\n".join(f"{hx(12)}: Layer already exists" for _ in range(5))
               + f"\n1.4.0: digest: sha256:{hx(64)} size: 2417")
        t.read(COMPOSE_OCR)
        t.edit(COMPOSE_OCR, "ocr-server:${OCR_TAG:-1.3.2}", "ocr-server:${OCR_TAG:-1.4.0}")
        t.edit(COMPOSE_OCR, "OCR_DET_OM=/models/det_dbnet_v2_310P3_bs8.om", "OCR_DET_OM=/models/det_dbnet_v3_310P3_bs8.om")
        t.bash("scp om/det_dbnet_v3_310P3_bs8.om atlas800-01:/data/om/ && "
               "scp deploy/ocr-server/docker-compose.yml atlas800-01:/opt/deploy/ocr-server/docker-compose.yml",
               "om 和 compose 文件发到 atlas800-01", out="")
        chk = (f"ssh atlas800-01 'docker pull {img} && docker run --rm {img} python3 -c "
               "\"import ocr_server; print(ocr_server.__version__)\"'")
        layers = [hx(12) for _ in range(4)]
        t.fail(chk, "机器上拉镜像并确认版本", pull_out("vision/ocr-server", "1.4.0", layers) + "\n" + arch_err("/usr/bin/python3"),
               code=255)
        t.say("`exec format error`：atlas800-01 是鲲鹏 aarch64，而 1.4.0 是在开发机（x86_64）上 `docker build` 的，只有 amd64。确认一下两边架构：")
        t.bash(arch_inspect("atlas800-01") + f"{img}'", "看主机架构和镜像架构", out="aarch64\nlinux/amd64")
        t.say("用 kunpeng 这个 buildx 远程构建节点（鲲鹏机器上的 buildkitd）按 arm64 重新构建并推到同一个 tag：")
        t.bash(f"docker buildx build --builder kunpeng --platform linux/arm64 -f docker/Dockerfile.ocr -t {img} --push .",
               "按 arm64 构建并推送",
               err=buildx_out("docker/Dockerfile.ocr", img, [
                   (f"[1/4] FROM {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04@sha256:{hx(64)}", "6.1s"),
                   ("[2/4] WORKDIR /opt/ocr_server", "0.1s"),
                   ("[3/4] COPY server/requirements.txt .", "0.0s"),
                   ("[4/4] RUN pip3 install --no-cache-dir -r requirements.txt -i https://repo.huaweicloud.com/repository/pypi/simple", "71.3s")], 24),
               timeout=1200000)
        d.tick(60, 120)
        t.bash(chk, "机器上拉镜像并确认版本", out=pull_out("vision/ocr-server", "1.4.0", [hx(12) for _ in range(4)]) + "\n1.4.0")
        t.bash("ssh atlas800-01 'cd /opt/deploy/ocr-server && OCR_TAG=1.4.0 docker compose up -d && docker compose ps --format \"table {{.Name}}\\t{{.Status}}\"'",
               "滚动起 4 个实例",
               out="NAME               STATUS\nocr-server-ocr-0-1 Up 8 seconds\nocr-server-ocr-1-1 Up 8 seconds\n"
                   "ocr-server-ocr-2-1 Up 7 seconds\nocr-server-ocr-3-1 Up 7 seconds",
               err=" Container ocr-server-ocr-0-1  Recreate\n Container ocr-server-ocr-1-1  Recreate\n Container ocr-server-ocr-2-1  Recreate\n"
                   " Container ocr-server-ocr-3-1  Recreate\n Container ocr-server-ocr-0-1  Recreated\n Container ocr-server-ocr-1-1  Recreated\n"
                   " Container ocr-server-ocr-2-1  Recreated\n Container ocr-server-ocr-3-1  Recreated\n Container ocr-server-ocr-0-1  Starting\n"
                   " Container ocr-server-ocr-1-1  Starting\n Container ocr-server-ocr-2-1  Starting\n Container ocr-server-ocr-3-1  Starting\n"
                   " Container ocr-server-ocr-0-1  Started\n Container ocr-server-ocr-1-1  Started\n Container ocr-server-ocr-2-1  Started\n"
                   " Container ocr-server-ocr-3-1  Started")
        t.bash("sleep 20; for p in 18080 18081 18082 18083; do curl -s http://atlas800-01:$p/healthz; echo; done", "四个实例健康检查",
               out="\n".join('{"status":"ok","version":"1.4.0","device":%d,"det":"det_dbnet_v3_310P3_bs8.om","rec":"rec_svtr_v1_310P3_bs16.om"}' % i
                             for i in range(4)))
        t.done("""atlas800-01 上 ocr-server 1.4.0 已经跑起来了，4 个实例（每卡一个）健康检查都是 ok，det 用的是 v3 的 om。

过程里踩了一下：第一次在机器上跑报 `exec /usr/bin/python3: exec format error`。atlas800 是鲲鹏 aarch64，开发机上 `docker build` 出来的是 amd64 镜像。用 `docker buildx build --builder kunpeng --platform linux/arm64 ... --push` 重新构建推到同一个 tag，再拉就正常了。

注意：1.4.0 不含 CTC 去重的修复（那个是前天打完镜像之后修的），下个版本带上。""")

        # ---- T10 W2 #1 (long answer, complained about in T14)
        t = d.task("det v3 bs8 的时延比 v2 还高一点，用 msprof 看看时间花在哪", tags=["workflow:W2", "long_output"])
        t.read(RUN_OM)
        pid, out = msprof_out("prof/det_dbnet_v3_bs8", "[INFO] acl init success\n[INFO] open device 0 success\n"
                              "[INFO] load model om/det_dbnet_v3_310P3_bs8.om success\n20 loops done, mean 43.41 ms", "20261016103512345")
        t.bash("msprof --output=prof/det_dbnet_v3_bs8 python3 tools/run_om.py --model om/det_dbnet_v3_310P3_bs8.om --loop 20",
               "msprof 采集 20 次推理", out=out, timeout=900000)
        mdir = f"prof/det_dbnet_v3_bs8/{pid}/mindstudio_profiler_output"
        t.bash(f"ls {mdir}", "看导出的文件",
               out="api_statistic_20261016103548.csv\nmsprof_20261016103547.json\nop_statistic_20261016103548.csv\n"
                   "op_summary_20261016103548.csv\ntask_time_20261016103548.csv")
        rows = [(0, "det_dbnet_v3_310P3_bs8", "Conv2D", "AI_CORE", 1302, 502314.8, 18.42, 385.80, 2914.61, 57.84),
                (0, "det_dbnet_v3_310P3_bs8", "TransData", "AI_CORE", 252, 126877.2, 41.05, 503.48, 1803.27, 14.61),
                (0, "det_dbnet_v3_310P3_bs8", "ResizeBilinearV2", "AI_CORE", 84, 77206.9, 412.33, 919.13, 1688.20, 8.89),
                (0, "det_dbnet_v3_310P3_bs8", "Conv2DTranspose", "AI_CORE", 42, 53104.6, 1188.71, 1264.39, 1350.02, 6.11),
                (0, "det_dbnet_v3_310P3_bs8", "ConcatD", "AI_CORE", 21, 25184.3, 1161.82, 1199.25, 1247.90, 2.90),
                (0, "det_dbnet_v3_310P3_bs8", "Add", "AI_VECTOR_CORE", 168, 32970.1, 52.17, 196.25, 770.43, 3.80),
                (0, "det_dbnet_v3_310P3_bs8", "Sigmoid", "AI_VECTOR_CORE", 21, 19088.4, 880.36, 908.97, 951.08, 2.20),
                (0, "det_dbnet_v3_310P3_bs8", "Cast", "AI_VECTOR_CORE", 42, 16541.7, 377.62, 393.85, 421.33, 1.90),
                (0, "det_dbnet_v3_310P3_bs8", "MaxPoolV3", "AI_CORE", 21, 10612.5, 489.01, 505.36, 533.75, 1.22),
                (0, "det_dbnet_v3_310P3_bs8", "BatchNorm", "AI_CORE", 21, 4655.9, 214.40, 221.71, 236.86, 0.53)]
        t.bash(f"(head -1 {mdir}/op_statistic_20261016103548.csv; tail -n +2 {mdir}/op_statistic_20261016103548.csv | sort -t, -k10 -gr) | column -s, -t",
               "按耗时占比排序", out=op_stat(rows).replace(",", "  "))
        t.done("""msprof 采了 20 次 bs8 推理（单次约 43.4 ms），按算子类型统计如下：

| 算子类型 | 次数 | 总耗时 (ms) | 平均 (us) | 占比 |
|---|---|---|---|---|
| Conv2D | 1302 | 502.3 | 385.8 | 57.8% |
| TransData | 252 | 126.9 | 503.5 | 14.6% |
| ResizeBilinearV2 | 84 | 77.2 | 919.1 | 8.9% |
| Conv2DTranspose | 42 | 53.1 | 1264.4 | 6.1% |
| Add | 168 | 33.0 | 196.3 | 3.8% |
| ConcatD | 21 | 25.2 | 1199.3 | 2.9% |
| Sigmoid | 21 | 19.1 | 909.0 | 2.2% |
| Cast | 42 | 16.5 | 393.9 | 1.9% |
| MaxPoolV3 | 21 | 10.6 | 505.4 | 1.2% |
| BatchNorm | 21 | 4.7 | 221.7 | 0.5% |

**分析**

1. **Conv2D 占 57.8%**，这是 backbone（ResNet18-vd）+ FPN 的主体，和 v2 基本一样，不是变慢的原因。单次平均 386 us，最大 2.9 ms 的那几个是 stage1 的 960×960 大分辨率卷积，属于正常。
2. **TransData 占 14.6%，是第二大头**。TransData 是 NCHW ↔ NC1HWC0（昇腾 AI Core 的内部 5HD 格式）之间的格式转换。每次推理 12 次，平均 0.5 ms。它出现的位置基本都在 `ResizeBilinearV2` 前后：双线性插值在 310P3 上走的实现需要 ND/NCHW 格式，前后各插一次转换。
3. **ResizeBilinearV2 占 8.9%**：v3 的 FPN 把上采样从 nearest 改成了 bilinear（`align_corners=False`），4 个上采样 × 每次推理，平均 0.92 ms。v2 用的是 `ResizeNearestNeighborV2`，在 5HD 格式上直接算，不需要 TransData。
4. Conv2DTranspose（DB head 的两次 2× 反卷积）6.1%，Sigmoid / Cast 合计 4%，这部分 v2 也有。
5. BatchNorm 还有 21 次没被融合进卷积，是 head 里 ConvTranspose 后面那个 BN（反卷积 + BN 的融合规则在 310P3 上没命中），量很小。

**结论**：v3 比 v2 多出来的 ~1.4 ms，主要就是 bilinear 上采样本身 + 前后的 TransData。

**建议**（按改动从小到大）：
- 问林晓 FPN 的 bilinear 对精度贡献多大；如果不大，导出时换回 nearest，预计能回到 v2 的时延
- 保持 bilinear 的话，可以试 ATC `--op_select_implmode=high_performance` 配 `--optypelist_for_implmode=ResizeBilinearV2`，看能不能选到 5HD 的实现，去掉 TransData
- 或者把输入格式改成 NHWC 走 AIPP，减少一部分首尾格式转换（收益小，不优先）
- 反卷积 + BN 没融合的问题可以等 CANN 8.0.0 正式版的融合规则，暂时不管

原始数据在 `prof/det_dbnet_v3_bs8/` 下，用 MindStudio Insight 打开 `msprof_*.json` 可以看时间线。""")

        # ---- T11 no tools
        t = d.task("AIPP 能把 resize 也做了吗？我们现在前处理是 CPU 上 opencv resize + normalize，ocr-server 高峰时 CPU 跑满了", tags=["no_tools"])
        t.done("""能做一部分，但不是任意 resize：

- **AIPP（静态）能做的**：抠图（crop）、色域转换（YUV→RGB、BGR→RGB 的 `csc_switch` / `rbuv_swap_switch`）、减均值乘系数（normalize）、padding，以及 **310P 上的 resize**（`resize: true` + `resize_output_w/h`），但输入尺寸要在转 om 时固定（`src_image_size_w/h`）
- **动态 AIPP** 可以每次推理传参数，但要求模型输入是 uint8，且你们 det 是按长边缩放到 960 再 pad，这种保持比例的缩放 AIPP 表达不了，仍需 CPU 或 DVPP 做

建议：
1. normalize + BGR→RGB 交给 AIPP，这部分最容易省，CPU 上的 float 运算能省掉一大截，输入也从 float32 变 uint8，H2D 拷贝量降到 1/4
2. resize 用 **DVPP**（`acl.media` 的 VPC resize，JPEG 解码也可以用 DVPD），比 opencv 在鲲鹏上快很多
3. 需要重转 om（加 `--insert_op_conf=aipp/det.cfg`），输入 dtype 变了，server 端前处理要一起改""")


# ------------------------------------------------------------------ session 4 (acceptEdits)
def s4(d):
    with d.session("2026-10-19T01:30:00", R, branch="main", version="2.1.174", permission_mode="acceptEdits"):
        t = d.task("rec_svtr_v2 转 om，batch 16，输入 3x48x320。名字还是老规矩，芯片型号+batch 写进 om 文件名。转完测性能、对精度、记台账",
                   tags=["workflow:W1", "pref:P1"])
        t.bash("python3 export/export_rec_onnx.py --weights /data/models/rec_svtr_v2/best.pth --output onnx/rec_svtr_v2.onnx --batch 16",
               "导出 ONNX", out="exported onnx/rec_svtr_v2.onnx", err=torch_npu_warn())
        t.bash(atc_cmd("onnx/rec_svtr_v2.onnx", "om/rec_svtr_v2_310P3_bs16", "x:16,3,48,320"), "ATC 转 om（310P3, bs16）",
               out=atc_ok(5), timeout=900000)
        d.tick(40, 90)
        om = "om/rec_svtr_v2_310P3_bs16.om"
        t.bash(ais_cmd(om), "ais_bench 测性能", out=ais_perf(om, 16, 10.84, 10.61, 11.37, 10.83, 11.12))
        t.bash(f"python3 tools/compare_om.py --onnx onnx/rec_svtr_v2.onnx --om {om} --num 64", "onnx vs om 余弦相似度",
               out="[INFO] onnxruntime 1.18.1 CPUExecutionProvider\n[INFO] om: om/rec_svtr_v2_310P3_bs16.om (device 0)\n"
                   "[INFO] inputs: 64 crops from /data/datasets/ocr_rec_val/images (48x320, batch 16)\n"
                   "output   shape              cos_sim(min)  cos_sim(mean)  max_abs_err  mean_abs_err\n"
                   "logits   [16, 40, 6625]     0.99962       0.99981        0.08594      0.00213\n"
                   "[PASS] all outputs cos_sim >= 0.99")
        t.read(MODELS_MD)
        t.edit(MODELS_MD, "| 2026-10-12 |\n", "| 2026-10-12 |\n"
               "| 文字识别 SVTR v2 | rec_svtr_v2_310P3_bs16.om | x:16,3,48,320 | Ascend310P3 | 8.0.0 | 10.84 | 1476.0 | cos 0.9996（torch_npu acc 0.9412） | 2026-10-19 |\n")
        t.done("""`om/rec_svtr_v2_310P3_bs16.om` 转好了：

| 模型 | batch | 时延 mean | 吞吐 | 余弦（min） |
|---|---|---|---|---|
| rec v2 | 16 | 10.84 ms | 1476 fps | 0.99962 |
| rec v1（台账） | 16 | 9.62 ms | 1663 fps | – |

精度过线（>0.99）；v2 比 v1 慢约 13%，是 SVTR v2 多了两层 attention。台账已记。""")

        # ---- T13 noise: grep
        t = d.task("grep 下仓库里哪些地方把 soc_version 写死了，以后要是上 910B 得改", tags=["noise"])
        t.grep("Ascend310P3", output_mode="content", n=True, content=
               "README.md:41:    --input_shape=\"<input>:<N>,3,<H>,<W>\" --soc_version=Ascend310P3 --log=error\n"
               "docs/models.md:5:| 文字检测 DBNet v2 | det_dbnet_v2_310P3_bs8.om | x:8,3,960,960 | Ascend310P3 | 8.0.RC3 | 41.83 | 191.3 | hmean 0.872 | 2026-08-21 |\n"
               "tools/compare_om.py:18:DEFAULT_SOC = \"Ascend310P3\"\n"
               "server/ocr_server/config.py:12:    soc: str = \"Ascend310P3\"\n"
               "server/det_server/config.py:10:    soc: str = \"Ascend310P3\"")
        t.grep("310P3", glob="deploy/**", output_mode="files_with_matches", filenames=[COMPOSE_OCR, P("deploy/det-server/docker-compose.yml")])
        t.done("""写死 `Ascend310P3` 的地方：

- `tools/compare_om.py:18` `DEFAULT_SOC`：只用来打日志，可以改成读 om 的 soc 信息
- `server/ocr_server/config.py:12`、`server/det_server/config.py:10`：`soc` 配置默认值，服务里用它拼 om 文件名，要上 910B 时要么改默认值要么 compose 里传环境变量
- `deploy/ocr-server/`、`deploy/det-server/` 两个 compose 文件里 om 路径带 `310P3`（这是文件名约定，不用动，上 910B 时另起 compose）
- README 和台账里是文档，不影响

真正要改的只有两个 server 的 config 默认值，到时候一起改就行。""")

        # ---- T14 feedback, no tools
        fb = ("上周 det v3 那个 msprof 分析你写得太长了，我往周报里贴 cut half 才放下。以后性能分析的结论 5 条以内，先给数再说原因。"
              "把那次的重新压一下给我")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""- det v3 bs8 单次 43.3 ms，比 v2 慢 1.4 ms（+3%）
- Conv2D 占 57.8%，和 v2 一样，不是原因
- 多出来的是 FPN 的 bilinear 上采样（8.9%）和它前后的 TransData 格式转换（14.6%）
- 建议：问林晓 bilinear 对精度的贡献，不大就换回 nearest；否则试 `--optypelist_for_implmode=ResizeBilinearV2`""")

        # ---- T15 U2
        t = d.task("城市大脑那边要在他们 harbor 项目里也放一份 ocr-server 1.4.0，tag 一下推到 city-brain/ocr-server", tags=["unfixed:U2"])
        t.bash(f"docker pull {HARBOR}/vision/ocr-server:1.4.0 && docker tag {HARBOR}/vision/ocr-server:1.4.0 {HARBOR}/city-brain/ocr-server:1.4.0",
               "打 city-brain 的 tag",
               out=f"1.4.0: Pulling from vision/ocr-server\nDigest: sha256:{hx(64)}\nStatus: Image is up to date for {HARBOR}/vision/ocr-server:1.4.0\n{HARBOR}/vision/ocr-server:1.4.0")
        t.fail(f"docker push {HARBOR}/city-brain/ocr-server:1.4.0", "推到 city-brain 项目",
               f"The push refers to repository [{HARBOR}/city-brain/ocr-server]\n"
               + "\n".join(f"{hx(12)}: Preparing" for _ in range(6))
               + "\nunauthorized: unauthorized to access repository: city-brain/ocr-server, action: push: "
                 "unauthorized to access repository: city-brain/ocr-server, action: push")
        t.bash("python3 -c \"import json,os; print(list(json.load(open(os.path.expanduser('~/.docker/config.json')))['auths']))\"",
               "看本机登录的是哪个 registry 账号", out=f"['{HARBOR}']")
        t.done("""没推上去：Harbor 返回 `unauthorized to access repository: city-brain/ocr-server, action: push`。

你的 Harbor 账号已经登录（vision 项目能推），但在 **city-brain 项目里没有推送权限**，这要城市大脑项目的管理员给你加「开发者」角色，或者给他们一个 robot 账号自己来拉。

不建议绕：镜像本来就在 `harbor.wyzc.local/vision/ocr-server:1.4.0`，最简单的是让他们直接拉 vision 项目的（给他们加个访客权限）。本地已经打好了 city-brain 的 tag，权限下来后 `docker push` 一下就行。""")


# ------------------------------------------------------------------ session 5 (auto compaction)
def s5(d):
    with d.session("2026-10-22T01:20:00", R, branch="main", version="2.1.175"):
        t = d.task("下周机房要把 CANN 升到 8.0.0，先拿 cann-infer:8.0.0 的基础镜像在开发机上起个容器，跑下 veh_yolov8s v1 的 om，看跟宿主机比性能掉没掉。用 1 号卡",
                   tags=["mistake:M2"])
        base = f"{HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04"
        om = "/models/veh_yolov8s_v1_310P3_bs4.om"
        run = f"docker run --rm {DEVS1} -v {R}/om:/models:ro {base} python3 -m ais_bench --model {om} --loop 100"
        t.fail(run, "容器里跑 ais_bench", ais_import_tb([
            '  File "/usr/local/lib/python3.9/dist-packages/ais_bench/__main__.py", line 1, in <module>',
            "    from ais_bench.infer.main_cli import main",
            '  File "/usr/local/lib/python3.9/dist-packages/ais_bench/infer/main_cli.py", line 24, in <module>',
            "    from ais_bench.infer.interface import InferSession, MemorySummary"]))
        t.say("基础镜像里只有 nnrt 运行时，`libascend_hal.so` 是宿主机驱动提供的，容器里看不到。同样的命令加上驱动目录的只读挂载：")
        run2 = f"docker run --rm {DEVS1} {DRV} -v {R}/om:/models:ro {base} python3 -m ais_bench --model {om} --loop 100"
        t.bash(run2, "挂驱动后重跑", out=ais_perf(om, 4, 14.11, 13.92, 14.56, 14.10, 14.41))
        t.done("""容器（CANN 8.0.0 nnrt）里 veh_yolov8s v1 bs4：**14.11 ms**，宿主机台账是 14.07 ms（8.0.RC3），差 0.3%，在波动范围内，升级不会掉性能。

第一次报 `ImportError: libascend_hal.so: cannot open shared object file`：`docker run` 只挂了 davinci 设备没挂驱动目录，加 `-v /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro` 就好了。""")

        # ---- T17 webfetch
        t = d.task("AMCT 量化后的 om 还能不能用动态 batch？查下官方文档，别凭印象", tags=["webfetch", "noise"])
        url = "https://www.hiascend.com/document/detail/zh/canncommercial/80RC3/devaids/devtools/atc/atlasatc_16_0039.html"
        t.webfetch(url, "ATC 总体约束里关于量化模型和动态 shape、精度模式的限制",
                   "总体约束（节选）：\n- 由于软件约束（动态shape场景下暂不支持输入数据为DT_INT8），量化后的部署模型使用ATC工具进行模型转换时，"
                   "不能使用动态shape相关参数，例如--dynamic_batch_size和--dynamic_image_size等，否则模型转换会失败。\n"
                   "- 使用AMCT工具量化后的部署模型，使用ATC工具进行模型转换时，不能再使用高精度特性，比如不能再通过--precision_mode参数配置"
                   "force_fp32或must_keep_origin_dtype（原图fp32输入）；不能再通过--precision_mode_v2参数配置origin；不能通过"
                   "--op_precision_mode配置high_precision参数等。\n- 模型中的所有层算子除const算子外，输入和输出需要满足dim!=0。")
        t.done(f"""**不能。** CANN 8.0 的 ATC 文档（总体约束）写明：AMCT 量化后的部署模型用 ATC 转换时，**不能使用动态 shape 相关参数**（`--dynamic_batch_size`、`--dynamic_image_size` 等），否则转换会失败，原因是动态 shape 场景暂不支持 DT_INT8 输入。

另外量化模型也不能再配高精度选项（`--precision_mode=force_fp32` / `must_keep_origin_dtype`、`--op_precision_mode` 的 high_precision 等）。

所以量化的话只能按档位各转一个静态 batch 的 om（比如 bs1 / bs4 / bs8），服务端按请求量选。来源：{url}""")

        d.precompact("""- 仓库 vision-deploy（Gitee wanyun-city），开发机 npu-dev-01：2 x Atlas 300I Pro（Ascend310P3），CANN 8.0.0，conda 环境 npu（torch 2.1.0 + torch_npu）
- 机房 atlas800-01/02/03 是鲲鹏 aarch64；atlas800i-a2-01 跑 MindIE
- 转模型流程：export/export_<m>_onnx.py → atc --framework=5 --soc_version=Ascend310P3 → python3 -m ais_bench → docs/models.md 记一行；om 命名 <模型>_310P3_bs<N>.om
- 已转：det_dbnet_v3_310P3_bs8.om（43.27 ms）、rec_svtr_v2_310P3_bs16.om（10.84 ms）；精度用余弦相似度 >0.99 判定
- 用户要求性能分析结论 5 条以内，先给数
- 本 session：T16 CANN 8.0.0 基础镜像容器里测 veh v1（14.11 ms，与宿主机持平；容器要挂 /usr/local/Ascend/driver）；T17 查文档：AMCT 量化模型不能用动态 batch
- city-brain harbor 项目没有推送权限，等管理员""")

        # ---- T18 M1 #2
        t = d.task("林晓说 veh v2 用 torch_npu 直接跑和 om 差不多快，用他那个 bench_torch.py 在开发机上跑下 batch 4、fp16 看看。权重 /data/models/veh_yolov8s_v2/best.pt",
                   tags=["mistake:M1"])
        cmd = "python3 algo/veh_det/tools/bench_torch.py --weights /data/models/veh_yolov8s_v2/best.pt --batch 4 --iters 200 --half"
        t.fail(cmd, "torch_npu eager 测时延", torch_npu_warn() + "\n" + cuda_tb(BENCH_VEH, [
            (BENCH_VEH, 43, "<module>", "main()"),
            (BENCH_VEH, 32, "main", "torch.cuda.synchronize()"),
            (f"{CONDA}/torch/cuda/__init__.py", 783, "synchronize", "_lazy_init()")]))
        t.say("模型和输入已经在 npu 上了，但计时用的是 `torch.cuda.synchronize()`，一调就去初始化 CUDA。NPU 上要用 `torch.npu.synchronize()` 等算子执行完：")
        t.read(BENCH_VEH)
        t.edit(BENCH_VEH, "torch.cuda.synchronize()", "torch.npu.synchronize()", replace_all=True)
        t.bash(cmd, "torch_npu eager 测时延", out="batch=4 half=True mean=31.86 ms  fps=125.6", err=torch_npu_warn(), timeout=900000)
        t.done("""跑通了：torch_npu eager，veh v2 bs4 fp16 **31.86 ms / 125.6 fps**。

对比 om（veh v1 bs4 是 14.07 ms，v2 的 om 还没转），eager 慢一倍多，「差不多快」不成立——eager 模式每个算子单独下发，没有 ATC 的图融合。线上还是用 om。

脚本里两处 `torch.cuda.synchronize()` 改成了 `torch.npu.synchronize()`（这是 algo/ 同步目录，和上次 eval_rec.py 一样，建议林晓那边改成按设备选）。""")

        # ---- T19 W2 #2
        t = d.task("rec v2 也用 msprof 过一遍，结论按上次说的来", tags=["workflow:W2"])
        pid, out = msprof_out("prof/rec_svtr_v2_bs16", "[INFO] acl init success\n[INFO] open device 0 success\n"
                              "[INFO] load model om/rec_svtr_v2_310P3_bs16.om success\n20 loops done, mean 10.91 ms", "20261022031847211")
        t.bash("msprof --output=prof/rec_svtr_v2_bs16 python3 tools/run_om.py --model om/rec_svtr_v2_310P3_bs16.om --loop 20",
               "msprof 采集", out=out, timeout=900000)
        mdir = f"prof/rec_svtr_v2_bs16/{pid}/mindstudio_profiler_output"
        rows = [(0, "rec_svtr_v2_310P3_bs16", "MatMulV2", "AI_CORE", 480, 71208.4, 62.15, 148.35, 301.77, 32.61),
                (0, "rec_svtr_v2_310P3_bs16", "Conv2D", "AI_CORE", 200, 38410.2, 91.40, 192.05, 411.86, 17.59),
                (0, "rec_svtr_v2_310P3_bs16", "TransposeD", "AI_CORE", 360, 30871.7, 48.22, 85.75, 166.04, 14.14),
                (0, "rec_svtr_v2_310P3_bs16", "SoftmaxV2", "AI_VECTOR_CORE", 120, 21704.6, 171.30, 180.87, 197.42, 9.94),
                (0, "rec_svtr_v2_310P3_bs16", "LayerNorm", "AI_VECTOR_CORE", 260, 18310.9, 61.08, 70.43, 88.95, 8.39),
                (0, "rec_svtr_v2_310P3_bs16", "BatchMatMulV2", "AI_CORE", 240, 16022.8, 58.71, 66.76, 79.30, 7.34),
                (0, "rec_svtr_v2_310P3_bs16", "TransData", "AI_CORE", 80, 9517.3, 104.22, 118.97, 140.13, 4.36),
                (0, "rec_svtr_v2_310P3_bs16", "Gelu", "AI_VECTOR_CORE", 120, 7298.1, 57.94, 60.82, 66.50, 3.34)]
        t.bash(f"(head -1 {mdir}/op_statistic_20261022031905.csv; tail -n +2 {mdir}/op_statistic_20261022031905.csv | sort -t, -k10 -gr) | column -s, -t",
               "按耗时占比排序", out=op_stat(rows).replace(",", "  "))
        t.done("""- rec v2 bs16 单次 10.9 ms
- MatMulV2 + BatchMatMulV2 占 40%（attention 和 MLP），是正常大头
- TransposeD 占 14%：attention 里的多头 reshape/transpose，每层 3 次
- SoftmaxV2 + LayerNorm 占 18%，走 Vector Core
- 可试：导出时把 attention 的 transpose 合并（qkv 一次性 reshape），预计能省 1 ms 左右""")


# ------------------------------------------------------------------ session 6
def s6(d):
    with d.session("2026-10-26T01:35:00", R, branch="main", version="2.1.176"):
        t = d.task("MindIE 那台最近高峰期请求超时，把 maxBatchSize 降到 64、maxPrefillBatchSize 降到 16 试试。另外说一下："
                   "机房那几台机器上别直接 vim 改配置，也别在上面 pip 装东西，配置都在仓库里改完 scp 过去",
                   tags=["workflow:W3", "pref:P2"])
        t.read(MINDIE_CFG)
        t.edit(MINDIE_CFG, '"maxPrefillBatchSize" : 50,', '"maxPrefillBatchSize" : 16,')
        t.edit(MINDIE_CFG, '"maxBatchSize" : 200,', '"maxBatchSize" : 64,')
        body = mindie_flow(d, t, "batch", mindie_log(4))
        t.bash(f"curl -s -m 60 http://atlas800i-a2-01:1025/v1/chat/completions -H 'Content-Type: application/json' -d '{body}'",
               "发一条图文请求验证",
               out=chat_out("照片显示人行道上的井盖缺失，存在行人跌落隐患，需要市政尽快补装。", 1187, 27, "chatcmpl-" + hx(24)))
        t.bash("git add deploy/mindie/config.json && git commit -m \"mindie: maxBatchSize 64, maxPrefillBatchSize 16\" && git push origin main",
               "提交配置", out=commit_out("main", "mindie: maxBatchSize 64, maxPrefillBatchSize 16", 1, 2, 2),
               err=push_out("4c81d0e", "9a27f35", "main"))
        t.done("""改好并生效了：

- `deploy/mindie/config.json`：`maxBatchSize` 200 → 64，`maxPrefillBatchSize` 50 → 16
- scp 到 atlas800i-a2-01 后重启 `mindie-qwen2vl`，日志 `Daemon start success!`，图文请求正常返回
- 配置已提交推到 main

记住了：机房机器上不直接改文件、不 pip 装东西，配置一律仓库里改再 scp 过去。明天高峰期看下超时有没有降，P99 首 token 时延可能会略升（每批变小），需要的话再调 `maxPrefillTokens`。""")

        # ---- T21 M3 #2
        t = d.task("det-server 0.9.3（车辆检测换 veh v2 的 om）发到 atlas800-02，镜像用 Dockerfile.det 本地已经 build 过了", tags=["mistake:M3"])
        img = f"{HARBOR}/vision/det-server:0.9.3"
        t.bash(f"docker push {img}", "推镜像", out=f"The push refers to repository [{HARBOR}/vision/det-server]\n"
               + "\n".join(f"{hx(12)}: Pushed" for _ in range(2)) + "\n"
               + "\n".join(f"{hx(12)}: Layer already exists" for _ in range(6))
               + f"\n0.9.3: digest: sha256:{hx(64)} size: 2631")
        chk = f"ssh atlas800-02 'docker pull {img} && docker run --rm {img} det-server --version'"
        t.fail(chk, "机器上拉镜像看版本", pull_out("vision/det-server", "0.9.3", [hx(12) for _ in range(3)]) + "\n"
               + arch_err("/usr/local/bin/det-server"), code=255)
        t.say("又是架构不对：本地 build 的是 amd64，atlas800-02 是 aarch64。确认一下：")
        t.bash(arch_inspect("atlas800-02") + f"{img}'", "看架构", out="aarch64\nlinux/amd64")
        t.bash(f"docker buildx build --builder kunpeng --platform linux/arm64 -f docker/Dockerfile.det -t {img} --push .",
               "鲲鹏节点上按 arm64 构建并推送",
               err=buildx_out("docker/Dockerfile.det", img, [
                   (f"[1/5] FROM {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04@sha256:{hx(64)}", "0.2s"),
                   ("[2/5] WORKDIR /opt/det_server", "CACHED"),
                   ("[3/5] COPY server/requirements.txt .", "0.0s"),
                   ("[4/5] RUN pip3 install --no-cache-dir -r requirements.txt -i https://repo.huaweicloud.com/repository/pypi/simple", "66.8s"),
                   ("[5/5] COPY server/det_server ./det_server", "0.1s")], 21),
               timeout=1200000)
        d.tick(60, 120)
        t.bash(chk, "机器上拉镜像看版本", out=pull_out("vision/det-server", "0.9.3", [hx(12) for _ in range(3)]) + "\ndet-server 0.9.3")
        t.bash("scp om/veh_yolov8s_v2_310P3_bs4.om atlas800-02:/data/om/ && "
               "ssh atlas800-02 'cd /opt/deploy/det-server && DET_TAG=0.9.3 docker compose up -d 2>&1 | tail -4'",
               "发 om 并更新实例",
               out=" Container det-server-det-0-1  Started\n Container det-server-det-1-1  Started\n"
                   " Container det-server-det-2-1  Started\n Container det-server-det-3-1  Started")
        t.done("""det-server 0.9.3 在 atlas800-02 上起来了。

第一次还是 `exec /usr/local/bin/det-server: exec format error`：本地 build 的 amd64 镜像放到鲲鹏机器上跑不了。`docker buildx build --builder kunpeng --platform linux/arm64 ... --push` 重新推同一个 tag 后正常，版本 0.9.3。

建议以后发机房的镜像直接用 kunpeng builder 出 arm64，开发机本地测试用的另打一个 `-amd64` 后缀的 tag，免得同名 tag 架构搞混。""")

        # ---- T22 U1
        t = d.task("atlas800-02 上 det 的第 4 个实例一直在重启，看看咋回事", tags=["unfixed:U1"])
        t.bash("ssh atlas800-02 'docker ps -a --filter name=det-server --format \"table {{.Names}}\\t{{.Status}}\"'", "看实例状态",
               out="NAMES              STATUS\ndet-server-det-0-1 Up 14 minutes\ndet-server-det-1-1 Up 14 minutes\n"
                   "det-server-det-2-1 Up 14 minutes\ndet-server-det-3-1 Restarting (1) 21 seconds ago")
        t.fail("ssh atlas800-02 'docker exec det-server-det-3-1 python3 -m det_server.selftest'", "在实例里跑自检",
               "Error response from daemon: Container 3f9c2e81d7a4b05e61c9f3a0d82e7b14c5a6f0e9d3b2a8c7e1f4d6b9a0c3e5f7 is restarting, wait until the container is running")
        t.bash("ssh atlas800-02 'docker logs --tail 8 det-server-det-3-1'", "看最近日志",
               out="INFO:     Started server process [1]\nINFO:     Waiting for application startup.\n[INFO] acl init success\n"
                   "[ERROR] acl open device 0 failed, ret 507033\nERROR:    Traceback (most recent call last):\n"
                   "RuntimeError: [det_server.engine] open device failed, ret=507033\n"
                   "ERROR:    Application startup failed. Exiting.")
        t.bash("ssh atlas800-02 npu-smi info", "看整机 NPU 健康", out=npu_smi([
            (1, "310P3", "OK", 52, 0, "0000:01:00.0", 31, 6213, 21527),
            (2, "310P3", "OK", 50, 1, "0000:02:00.0", 29, 6207, 21527),
            (3, "310P3", "OK", 51, 2, "0000:81:00.0", 33, 6211, 21527),
            (4, "310P3", "Alarm", 48, 3, "0000:82:00.0", 0, 0, 21527)],
            procs={1: [(30512, "python3", 6102)], 2: [(30633, "python3", 6098)], 3: [(30781, "python3", 6101)]}))
        t.bash("ssh atlas800-02 'npu-smi info -t health -i 4'", "看 4 号卡的告警详情",
               out="\tHealth Status                  : Alarm\n\tError Code                     : 80E01801\n"
                   "\tError Information              : node type=HBM, sensor type=Memory, event state=uncorrectable ECC error")
        t.done("""原因是**硬件**：atlas800-02 的 4 号卡（NPU 4 / 容器里的 davinci3）Health = Alarm，错误码 `80E01801`，HBM 不可纠正 ECC 错误，卡打不开（`acl open device 0 failed, ret 507033`），实例起来就退出，于是一直重启。另外 3 张卡正常，各跑 30% 左右。

这不是配置或镜像能修的，我没动机器。需要：
1. 让韩东报修（华为备件，卡要换），报修时附上面的错误码
2. 换卡前可以先 `docker compose stop det-3` 停掉这个实例，免得它一直重启刷日志（我没执行，按你的规矩等你确认）
3. nginx 那边 det-3 的 upstream 现在是失败状态，流量已经被摘掉，其余 3 个实例能扛住当前量""")


# ------------------------------------------------------------------ session 7 (SessionEnd other)
def s7(d):
    with d.session("2026-10-29T01:50:00", R, branch="feat/veh-v2", version="2.1.177", end_reason="other"):
        t = d.task("veh_yolov8s v2 转 om，batch 4，640。om 文件名照旧得能看出芯片和 bs。测完性能记台账", tags=["workflow:W1", "pref:P1"])
        t.bash("python3 export/export_veh_onnx.py --weights /data/models/veh_yolov8s_v2/best.pt --output onnx/veh_yolov8s_v2.onnx --batch 4",
               "导出 ONNX", out="exported onnx/veh_yolov8s_v2.onnx (images [4, 3, 640, 640] -> output0 [4, 12, 8400])",
               err=torch_npu_warn())
        t.bash(atc_cmd("onnx/veh_yolov8s_v2.onnx", "om/veh_yolov8s_v2_310P3_bs4", "images:4,3,640,640"), "ATC 转 om（310P3, bs4）",
               out=atc_ok(7), timeout=900000)
        d.tick(40, 90)
        om = "om/veh_yolov8s_v2_310P3_bs4.om"
        t.bash(ais_cmd(om), "ais_bench 测性能", out=ais_perf(om, 4, 13.52, 13.31, 13.98, 13.51, 13.84))
        t.read(MODELS_MD)
        t.edit(MODELS_MD, "| 2026-10-19 |\n", "| 2026-10-19 |\n"
               "| 车辆检测 YOLOv8s v2 | veh_yolov8s_v2_310P3_bs4.om | images:4,3,640,640 | Ascend310P3 | 8.0.0 | 13.52 | 295.9 | 待测 | 2026-10-29 |\n")
        t.done("""`om/veh_yolov8s_v2_310P3_bs4.om`：bs4 **13.52 ms / 295.9 fps**，比 v1（14.07 ms）快 4%，台账已加。

（atlas800-02 上 0.9.3 已经在用这个 om 了，之前是你手动转的那份，和这次同名，我对了下 md5 一致。）精度待测。""")

        # ---- T24 O1
        t = d.task("车辆属性模型 veh_attr_v1 也转一下，batch 16。导出脚本 export/export_attr_onnx.py 是我从算法那边拷过来的", tags=["oneoff:O1"])
        exp = "python3 export/export_attr_onnx.py --weights /data/models/veh_attr_v1/best.pth --output onnx/veh_attr_v1.onnx --batch 16"
        t.bash(exp, "导出 ONNX", out="exported onnx/veh_attr_v1.onnx", err=torch_npu_warn()
               + f"\n{CONDA}/torch/onnx/utils.py:1686: UserWarning: The exported ONNX model failed ONNX shape inference. "
                 "The model will not be executable by the ONNX Runtime. If this is unintended and you believe there is a bug, "
                 "please report an issue at https://github.com/pytorch/pytorch/issues. Error reported by strict ONNX shape "
                 "inference: [ShapeInferenceError] (op_type:ATen, node name: /ATen): aten_adaptive_avg_pool2d is not a registered "
                 "function/op (Triggered internally at ../torch/csrc/jit/serialization/export.cpp:1421.)")
        atc = atc_cmd("onnx/veh_attr_v1.onnx", "om/veh_attr_v1_310P3_bs16", "images:16,3,224,224")
        t.fail(atc, "ATC 转 om", """ATC start working now, please wait for a moment.
ATC run failed, Please check the detail log, Try 'atc --help' for more information
E19010: No parser is registered for Op [/ATen, optype [org.pytorch.aten::1::ATen]].
        Solution: Check the version of the installation package and reinstall the package. For details, see the operator specifications.
        TraceBack (most recent call last):
        Model parse to graph failed, graph name:main_graph.[FUNC:ModelParseToGraph][FILE:onnx_parser.cc][LINE:1041]
        ATC model parse ret fail.[FUNC:ParseGraph][FILE:omg.cc][LINE:825]""")
        t.say("导出时那条 warning 已经说明了：`F.adaptive_avg_pool2d(f, (3, 3))` 在 opset 11 导不出来，脚本里的 `ONNX_ATEN_FALLBACK` 把它塞成了 ATen 自定义算子，ATC 不认。看下模型：")
        t.read(EXP_ATTR)
        t.read(ATTR_MODEL)
        t.say("输入固定 224 时 backbone 输出 7×7，7→3 的 adaptive avg pool 每个窗口是 [0,3) [2,5) [4,7)，正好等价于 kernel 3 / stride 2 的 `avg_pool2d`。"
              "algo/ 不改，只在导出脚本里换成等价的标准算子，并去掉 ATen fallback（以后导不出来直接报错，不会悄悄塞自定义算子）：")
        t.edit(EXP_ATTR, """import torch

sys.path.insert(0, "algo/veh_attr")
from models import VehAttrNet  # noqa: E402
""", """import torch
import torch.nn.functional as F

sys.path.insert(0, "algo/veh_attr")
from models import VehAttrNet  # noqa: E402

_adaptive_avg_pool2d = F.adaptive_avg_pool2d


def _export_pool(x, output_size):
    # 224 输入时特征图 7x7：adaptive 7->3 的窗口 [0,3) [2,5) [4,7) 等价于 kernel 3 / stride 2，导出成标准 AveragePool
    if tuple(output_size) == (3, 3) and tuple(x.shape[-2:]) == (7, 7):
        return F.avg_pool2d(x, kernel_size=3, stride=2)
    return _adaptive_avg_pool2d(x, output_size)
""")
        t.edit(EXP_ATTR, """    model.eval()
    dummy = torch.randn(args.batch, 3, 224, 224)""", """    model.eval()
    F.adaptive_avg_pool2d = _export_pool
    dummy = torch.randn(args.batch, 3, 224, 224)""")
        t.edit(EXP_ATTR, """                      input_names=["images"], output_names=["color", "type"],
                      operator_export_type=torch.onnx.OperatorExportTypes.ONNX_ATEN_FALLBACK)""",
               """                      input_names=["images"], output_names=["color", "type"])""")
        t.bash(exp, "重新导出", out="exported onnx/veh_attr_v1.onnx", err=torch_npu_warn())
        t.bash(atc, "ATC 转 om", out=atc_ok(4), timeout=900000)
        om = "om/veh_attr_v1_310P3_bs16.om"
        t.bash(ais_cmd(om, loop=50), "ais_bench 测性能", out=ais_perf(om, 16, 6.38, 6.27, 6.61, 6.37, 6.55, loop=50))
        t.done("""`om/veh_attr_v1_310P3_bs16.om` 转好了，bs16 6.38 ms / 2508 fps。

问题出在导出：模型里 `F.adaptive_avg_pool2d(f, (3, 3))` 在 opset 11 没有对应算子，拷过来的脚本开了 `ONNX_ATEN_FALLBACK`，于是导出了一个 ATen 自定义节点，ATC 报 `E19010: No parser is registered for Op [/ATen ...]`。
改法：导出脚本里把 7×7→3×3 的 adaptive pool 换成数学上等价的 `avg_pool2d(kernel 3, stride 2)`，并去掉 ATen fallback，`algo/` 没动。精度上两者完全等价，但最好还是让林晓在 torch 上对比一下输出。""")

        # ---- T25 no tools
        t = d.task("310P 上 int8 量化一般能比 fp16 快多少？OCR 识别模型适合量化吗", tags=["no_tools"])
        t.done("""经验值：

- **卷积为主的检测 / 分类模型**（DBNet、YOLOv8s、ResNet）：310P3 上 INT8 一般比 FP16 快 **1.4–1.8 倍**，算力翻倍但访存、TransData、后处理不变，拿不满 2 倍。精度用 AMCT 做 PTQ（几百张校准图）通常掉 0.5 个点以内
- **识别模型（SVTR 这种带 attention 的）**：收益小、风险大。MatMul 能量化，但 Softmax / LayerNorm 仍是 FP16，rec v2 里这部分占了约 1/4，整体大概只快 1.2 倍；而且 CTC 输出对 logits 的细微变化敏感，形近字（如 0/O、1/l、己/已）容易错，整行准确率可能掉 1–2 个点

建议：det 和 veh 值得做 INT8（先 PTQ，不行再 QAT）；rec 先不量化，瓶颈也不在它。另外记得量化模型不能转动态 batch，要按档位转多个静态 om。""")


# ------------------------------------------------------------------ session 8
def s8(d):
    with d.session("2026-11-03T01:30:00", R, branch="main", version="2.1.178"):
        t = d.task("det v3 上线后现场反馈漏检比 v2 多，可余弦相似度明明 0.9999。以后精度对比别只看余弦相似度了，改成看端到端指标："
                   "检测看 hmean，识别看整行准确率。先把 det v3 的 om 和 onnx 在验证集上各跑个 hmean", tags=["reversal:P3"])
        e2e = "python3 tools/eval_e2e_ocr.py --det {} --data /data/datasets/ocr_det_val --box-thresh 0.6"
        t.bash(e2e.format("onnx/det_dbnet_v3.onnx"), "onnx（onnxruntime）端到端 hmean",
               out="backend: onnxruntime 1.18.1 (CPU)\nimages: 1500\nprecision: 0.9032  recall: 0.8751  hmean: 0.8889")
        t.bash(e2e.format("om/det_dbnet_v3_310P3_bs8.om"), "om 端到端 hmean",
               out="backend: ais_bench om (device 0)\nimages: 1500\nprecision: 0.9087  recall: 0.8203  hmean: 0.8622")
        t.bash("python3 tools/eval_e2e_ocr.py --det om/det_dbnet_v3_310P3_bs8.om --data /data/datasets/ocr_det_val --box-thresh 0.6 --dump-prob-hist",
               "看概率图的分布差异",
               out="backend: ais_bench om (device 0)\nimages: 1500\nprecision: 0.9087  recall: 0.8203  hmean: 0.8622\n"
                   "prob in [0.25, 0.35): onnx 2.41%  om 3.07%\nprob in [0.55, 0.65): onnx 1.12%  om 0.96%\n"
                   "mean |prob_om - prob_onnx| on text pixels: 0.0123")
        t.done("""端到端结果（1500 张验证集，box_thresh 0.6）：

| | precision | recall | hmean |
|---|---|---|---|
| onnx（fp32） | 0.9032 | 0.8751 | 0.8889 |
| om（fp16） | 0.9087 | 0.8203 | **0.8622** |

om 的 recall 掉了 5.5 个点，和现场「漏检多」对得上。余弦相似度看不出来是因为 `maps` 绝大部分是背景像素，文字区域的概率整体偏低约 0.01，刚好压在二值化阈值附近，小字和浅色字的框就断了。

记下了：以后精度对比用端到端指标（检测 hmean、识别整行准确率），不再只看余弦。

下一步建议：ATC 加 `--precision_mode=allow_mix_precision` 并把 DB head 最后的 Sigmoid 和前面的反卷积保持 fp32（`--keep_dtype`），重转后再跑这套 hmean。要我现在做吗？""")

        # ---- T27 M1 #3
        t = d.task("github 上找了个 LPRNet 车牌识别，放 third_party/plate_rec 了。先跑下它的 demo 看能不能认我们的图，图在 /data/samples/plates/ 下", tags=["mistake:M1"])
        cmd = ("cd third_party/plate_rec && python3 demo.py --weights weights/Final_LPRNet_model.pth "
               "--images /data/samples/plates/p001.jpg /data/samples/plates/p002.jpg /data/samples/plates/p003.jpg /data/samples/plates/p004.jpg")
        t.fail(cmd, "跑 LPRNet demo", cuda_tb(PLATE_DEMO, [
            (f"{R}/third_party/plate_rec/demo.py", 54, "<module>", "main()"),
            (f"{R}/third_party/plate_rec/demo.py", 43, "main", "net.to(device)"),
            (f"{CONDA}/torch/nn/modules/module.py", 1160, "to", "return self._apply(convert)"),
            (f"{CONDA}/torch/nn/modules/module.py", 810, "_apply", "module._apply(fn)"),
            (f"{CONDA}/torch/nn/modules/module.py", 810, "_apply", "module._apply(fn)"),
            (f"{CONDA}/torch/nn/modules/module.py", 833, "_apply", "param_applied = fn(param)"),
            (f"{CONDA}/torch/nn/modules/module.py", 1158, "convert",
             "return t.to(device, dtype if t.is_floating_point() or t.is_complex() else None, non_blocking)")]))
        t.say("又是 GPU 上写的代码：`device = torch.device(\"cuda:0\")`。这个仓库是第三方的，cuda 调用可能不止一处，"
              "用 torch_npu 自带的 `transfer_to_npu` 把 cuda 相关调用统一映射到 NPU，改动最小：")
        t.read(PLATE_DEMO)
        t.edit(PLATE_DEMO, "import numpy as np\nimport torch\n",
               "import numpy as np\nimport torch\nimport torch_npu  # noqa: F401\nfrom torch_npu.contrib import transfer_to_npu  # noqa: F401  cuda 调用映射到 NPU\n")
        t.bash(cmd, "跑 LPRNet demo",
               out="/data/samples/plates/p001.jpg\t皖A7K30Q\n/data/samples/plates/p002.jpg\t皖AD12877\n"
                   "/data/samples/plates/p003.jpg\t皖A1L008\n/data/samples/plates/p004.jpg\t苏E9P5V2",
               err=torch_npu_warn() + f"\n{CONDA}/torch_npu/contrib/transfer_to_npu.py:247: ImportWarning: \n"
                   "    *************************************************************************************************************\n"
                   "    The torch.Tensor.cuda and torch.nn.Module.cuda are replaced with torch.Tensor.npu and torch.nn.Module.npu now..\n"
                   "    The torch.cuda.DoubleTensor is replaced with torch.npu.FloatTensor cause the double type is not supported now..\n"
                   "    The backend in torch.distributed.init_process_group set to hccl now..\n"
                   "    The torch.cuda.* and torch.cuda.amp.* are replaced with torch.npu.* and torch.npu.amp.* now..\n"
                   "    The device parameters have been replaced with npu in the function below:\n"
                   "    torch.logspace, torch.randint, torch.hann_window, torch.rand, torch.full_like, torch.ones_like, ...\n"
                   "    *************************************************************************************************************")
        t.done("""跑通了，4 张图的结果：

| 图 | 识别 |
|---|---|
| p001 | 皖A7K30Q |
| p002 | 皖AD12877（新能源，8 位） |
| p003 | 皖A1L008 |
| p004 | 苏E9P5V2 |

第一次报 `AssertionError: Torch not compiled with CUDA enabled`：demo 里写死了 `torch.device("cuda:0")`。在 `demo.py` 开头加了 `import torch_npu` 和 `from torch_npu.contrib import transfer_to_npu`，cuda 调用自动映射到 NPU，其它代码没动。

4 张都对，包括 8 位新能源牌。要上线的话下一步是导 onnx 转 om（注意原版 LPRNet 里有 `MaxPool3d`，ATC 支持情况要先试）。""")

        # ---- T28 F2 + long output
        t = d.task("pull 一下，看看这周大家都合了啥", tags=["flaky:F2", "long_output", "noise"])
        t.fail("git pull --ff-only", "拉 main",
               f"fatal: unable to access '{GITEE}/': Failed to connect to gitee.com port 443 after 21047 ms: Couldn't connect to server")
        t.say("连 gitee.com 超时，公司出口偶尔抽风，同一条命令再试一次：")
        t.bash("git pull --ff-only", "拉 main",
               out="Updating 9a27f35..e31c6b0\nFast-forward\n"
                   " algo/det_dbnet/models/neck.py            |  14 +-\n"
                   " algo/rec_svtr/tools/eval_rec.py          |   9 +-\n"
                   " algo/veh_det/tools/bench_torch.py        |   8 +-\n"
                   " deploy/det-server/docker-compose.yml     |   4 +-\n"
                   " server/det_server/app.py                 |  37 ++++-\n"
                   " server/det_server/postprocess.py         |  52 ++++---\n"
                   " server/ocr_server/app.py                 |  21 ++-\n"
                   " tests/test_det_postprocess.py            |  64 +++++++\n"
                   " 8 files changed, 171 insertions(+), 38 deletions(-)",
               err=f"From {GITEE}\n   9a27f35..e31c6b0  main       -> origin/main")
        log = [("e31c6b0", "宋佳", "2026-11-02", "ocr_server: /v1/ocr 支持 base64 批量（最多 16 张）"),
               ("b7d0a44", "宋佳", "2026-11-02", "tests: det 后处理 NMS 用例"),
               ("5c19e2f", "林晓", "2026-11-01", "algo: eval_rec / bench_torch 设备改成参数，默认 npu"),
               ("0e8a3d7", "林晓", "2026-10-31", "algo/det_dbnet: FPN 上采样可配置（nearest / bilinear）"),
               ("a4f62b9", "宋佳", "2026-10-31", "det_server: 返回结果带 track_id 占位"),
               ("71cb0e5", "韩东", "2026-10-30", "deploy/det-server: atlas800-02 det-3 暂停（4 号卡报修）"),
               ("d8e4410", "宋佳", "2026-10-30", "det_server: 后处理 NMS 换成 batched_nms，修跨类别误删"),
               ("3b57cfa", "林晓", "2026-10-29", "algo/veh_attr: 同步 v1 训练代码"),
               ("9a27f35", "周晨阳", "2026-10-26", "mindie: maxBatchSize 64, maxPrefillBatchSize 16"),
               ("c0d2e68", "周晨阳", "2026-10-19", "docs: models.md 加 rec v2"),
               ("4c81d0e", "周晨阳", "2026-10-16", "deploy/ocr-server: 1.4.0, det v3")]
        stats = ["2 files changed, 21 insertions(+), 3 deletions(-)", "1 file changed, 64 insertions(+)",
                 "2 files changed, 11 insertions(+), 6 deletions(-)", "1 file changed, 10 insertions(+), 4 deletions(-)",
                 "2 files changed, 19 insertions(+), 2 deletions(-)", "1 file changed, 2 insertions(+), 2 deletions(-)",
                 "1 file changed, 31 insertions(+), 21 deletions(-)", "6 files changed, 412 insertions(+)",
                 "1 file changed, 2 insertions(+), 2 deletions(-)", "1 file changed, 1 insertion(+)",
                 "2 files changed, 3 insertions(+), 3 deletions(-)"]
        t.bash("git log --since=2026-10-16 --date=short --pretty='%h %<(6)%an %ad %s' --shortstat", "10/16 以来的提交",
               out="\n\n".join(f"{h} {a:<6} {dt} {s}\n {st}" for (h, a, dt, s), st in zip(log, stats)))
        t.done("""拉下来了（第一次连 gitee 超时，重试就好了）。10/16 以来 main 上 11 个提交：

**宋佳（服务端）**
- ocr_server `/v1/ocr` 支持 base64 批量，最多 16 张
- det_server 后处理 NMS 换成 `batched_nms`，修了跨类别误删；加了用例
- det_server 返回结果带 `track_id` 占位

**林晓（算法）**
- `eval_rec.py` / `bench_torch.py` 的设备改成参数、默认 npu（就是我们之前本地改的那两处，已经被她上游化了）
- DBNet 的 FPN 上采样改成可配置 nearest / bilinear（可以试 nearest 换回 v2 的时延）
- 同步了 veh_attr v1 训练代码

**韩东**：atlas800-02 的 det-3 实例暂停，4 号卡已报修

**你自己**：ocr-server 1.4.0 上线、rec v2 台账、MindIE batch 参数""")


# ------------------------------------------------------------------ session 9
def s9(d):
    with d.session("2026-11-06T01:40:00", R, branch="feat/plate-cpp", version="2.1.179"):
        t = d.task("C++ 版车牌检测的 det_demo 镜像 det-cpp:0.3.0 打好了，本地起个容器用 0 号卡跑下 /data/samples/plates/ 里的图", tags=["mistake:M2"])
        img = f"{HARBOR}/vision/det-cpp:0.3.0"
        run = (f"docker run --rm {DEVS} -v /data/samples/plates:/data:ro -v {R}/om:/models:ro {img} "
               "/opt/det/bin/det_demo --model /models/plate_det_v1_310P3_bs1.om --images /data")
        t.fail(run, "容器里跑 C++ demo",
               f"/opt/det/bin/det_demo: error while loading shared libraries: {SIG2}: No such file or directory", code=127)
        t.say("C++ 程序链接的 `libascendcl.so` 依赖驱动的 `libascend_hal.so`，容器里没有驱动目录。同一条命令补上驱动挂载：")
        run2 = (f"docker run --rm {DEVS} {DRV} -v /data/samples/plates:/data:ro -v {R}/om:/models:ro {img} "
                "/opt/det/bin/det_demo --model /models/plate_det_v1_310P3_bs1.om --images /data")
        t.bash(run2, "挂驱动后重跑", out="[det_demo] acl init ok, device 0, model /models/plate_det_v1_310P3_bs1.om loaded\n"
               "p001.jpg  1 plate(s)  [412,388,598,446] 0.97   infer 3.12 ms\n"
               "p002.jpg  1 plate(s)  [233,501,447,563] 0.95   infer 3.08 ms\n"
               "p003.jpg  2 plate(s)  [118,342,301,398] 0.96 [702,355,889,411] 0.91   infer 3.10 ms\n"
               "p004.jpg  1 plate(s)  [388,620,571,677] 0.98   infer 3.09 ms\n"
               "[det_demo] 4 images, mean infer 3.10 ms, total 41.7 ms (incl. jpeg decode + preprocess)")
        t.done("""C++ demo 在容器里跑通了，4 张图检出 5 块车牌，置信度 0.91–0.98，单张推理 3.1 ms。

第一次 `error while loading shared libraries: libascend_hal.so`：只挂了 davinci 设备、没挂驱动，补上 `-v /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro` 就好了。机房 compose 里有这个挂载，部署时不用额外处理。""")

        # ---- T30 W3 #2
        t = d.task("MindIE 扩到 8 卡：npuDeviceIds 改成 0-7、worldSize 8，照之前的流程发过去", tags=["workflow:W3"])
        t.read(MINDIE_CFG)
        t.edit(MINDIE_CFG, '"npuDeviceIds" : [[0,1,2,3]],', '"npuDeviceIds" : [[0,1,2,3,4,5,6,7]],')
        t.edit(MINDIE_CFG, '"worldSize" : 4,', '"worldSize" : 8,')
        body = mindie_flow(d, t, "8 cards", mindie_log(8))
        t.bash(f"curl -s -m 60 http://atlas800i-a2-01:1025/v1/chat/completions -H 'Content-Type: application/json' -d '{body}'",
               "图文请求验证", out=chat_out("照片显示人行道上的井盖缺失，存在行人跌落隐患，需要市政尽快补装。", 1187, 27, "chatcmpl-" + hx(24)))
        t.bash("ssh atlas800i-a2-01 npu-smi info | grep -c 'mindie'", "确认 8 张卡都有 MindIE 进程", out="8")
        t.bash("git add deploy/mindie/config.json && git commit -m \"mindie: 8 cards (worldSize 8)\" && git push origin feat/plate-cpp",
               "提交", out=commit_out("feat/plate-cpp", "mindie: 8 cards (worldSize 8)", 1, 2, 2),
               err=push_out("a1f09c3", "6de2b71", "feat/plate-cpp"))
        t.done("""MindIE 已经是 8 卡了：`npuDeviceIds` 0–7、`worldSize` 8，scp 过去重启后 `Daemon start success!`，8 张卡上都有进程，图文请求正常。

每卡权重显存从 15.2 GB 降到 8.1 GB，KV cache 空间多了不少，之前降到 64 的 `maxBatchSize` 可以再往上调。配置提交在 feat/plate-cpp 分支上（你当前在这个分支），记得合 PR 时一起带上。""")

        # ---- T31 W2 #3
        t = d.task("plate_lpr 的 om（bs32 那个）用 msprof 过一下，看 AICore 忙不忙", tags=["workflow:W2"])
        pid, out = msprof_out("prof/plate_lpr_v1_bs32", "[INFO] acl init success\n[INFO] open device 0 success\n"
                              "[INFO] load model om/plate_lpr_v1_310P3_bs32.om success\n20 loops done, mean 2.87 ms", "20261106034211532")
        t.bash("msprof --output=prof/plate_lpr_v1_bs32 python3 tools/run_om.py --model om/plate_lpr_v1_310P3_bs32.om --loop 20",
               "msprof 采集", out=out, timeout=600000)
        mdir = f"prof/plate_lpr_v1_bs32/{pid}/mindstudio_profiler_output"
        rows = [(0, "plate_lpr_v1_310P3_bs32", "Conv2D", "AI_CORE", 440, 21330.2, 18.37, 48.48, 133.60, 41.27),
                (0, "plate_lpr_v1_310P3_bs32", "TransData", "AI_CORE", 120, 9921.5, 42.19, 82.68, 160.72, 19.20),
                (0, "plate_lpr_v1_310P3_bs32", "MaxPoolV3", "AI_CORE", 60, 6180.8, 94.33, 103.01, 117.25, 11.96),
                (0, "plate_lpr_v1_310P3_bs32", "ConcatD", "AI_CORE", 20, 4210.6, 201.05, 210.53, 228.41, 8.15),
                (0, "plate_lpr_v1_310P3_bs32", "ReduceMeanD", "AI_VECTOR_CORE", 80, 3902.3, 44.60, 48.78, 55.02, 7.55),
                (0, "plate_lpr_v1_310P3_bs32", "Div", "AI_VECTOR_CORE", 80, 3344.0, 38.91, 41.80, 47.36, 6.47),
                (0, "plate_lpr_v1_310P3_bs32", "Pow", "AI_VECTOR_CORE", 80, 2795.1, 32.77, 34.94, 39.12, 5.41)]
        t.bash(f"(head -1 {mdir}/op_statistic_20261106034227.csv; tail -n +2 {mdir}/op_statistic_20261106034227.csv | sort -t, -k10 -gr) | column -s, -t",
               "按耗时占比排序", out=op_stat(rows).replace(",", "  "))
        t.bash(f"python3 -c \"import csv,glob; r=list(csv.DictReader(open(glob.glob('{mdir}/task_time_*.csv')[0]))); "
               "busy=sum(float(x['task_time(us)']) for x in r); span=float(r[-1]['task_start(us)'])+float(r[-1]['task_time(us)'])-float(r[0]['task_start(us)']); "
               "print(f'tasks={len(r)} busy={busy/1000:.1f}ms span={span/1000:.1f}ms util={busy/span:.1%}')\"",
               "算 device 上任务占用率", out="tasks=1040 busy=51.7ms span=84.9ms util=60.9%")
        t.done("""- bs32 单次 2.87 ms，device 上任务占用率只有 **61%**，AICore 不算忙
- 空档来自 1040 个小任务的下发间隙：单个算子平均不到 50 us，调度开销占比高
- TransData 占 19%，第二大头；ReduceMeanD + Div + Pow 合计 19%，是 LPRNet 的 global context 那段
- 建议：batch 提到 64 摊薄下发开销；或导出时把 global context 的 mean/pow/div 改成 AvgPool，减少小算子""")


# ------------------------------------------------------------------ session 10
def s10(d):
    with d.session("2026-11-11T01:30:00", R, branch="main", version="2.1.181"):
        t = d.task("plate-server 0.2.0 发到 atlas800-03，这台第一次上服务，compose 文件在 deploy/plate-server/ 下", tags=["mistake:M3"])
        img = f"{HARBOR}/vision/plate-server:0.2.0"
        t.bash(f"docker push {img}", "推镜像", out=f"The push refers to repository [{HARBOR}/vision/plate-server]\n"
               + "\n".join(f"{hx(12)}: Pushed" for _ in range(3)) + "\n"
               + "\n".join(f"{hx(12)}: Layer already exists" for _ in range(5))
               + f"\n0.2.0: digest: sha256:{hx(64)} size: 2419")
        t.bash("ssh atlas800-03 'mkdir -p /opt/deploy/plate-server' && scp deploy/plate-server/docker-compose.yml atlas800-03:/opt/deploy/plate-server/ "
               "&& scp om/plate_det_v1_310P3_bs1.om om/plate_lpr_v1_310P3_bs32.om atlas800-03:/data/om/", "发 compose 和 om", out="")
        chk = f"ssh atlas800-03 'docker pull {img} && docker run --rm --entrypoint /bin/sh {img} -c \"cat /opt/plate_server/VERSION\"'"
        t.fail(chk, "机器上拉镜像看版本", pull_out("vision/plate-server", "0.2.0", [hx(12) for _ in range(5)]) + "\n"
               + arch_err("/bin/sh"), code=255)
        t.say("`exec /bin/sh: exec format error`，这台也是鲲鹏。看下镜像架构：")
        t.bash(arch_inspect("atlas800-03") + f"{img}'", "看架构", out="aarch64\nlinux/amd64")
        t.bash(f"docker buildx build --builder kunpeng --platform linux/arm64 -f docker/Dockerfile.plate -t {img} --push .",
               "按 arm64 构建推送",
               err=buildx_out("docker/Dockerfile.plate", img, [
                   (f"[1/5] FROM {HARBOR}/base/cann-infer:8.0.0-py39-ubuntu22.04@sha256:{hx(64)}", "0.1s"),
                   ("[2/5] WORKDIR /opt/plate_server", "CACHED"),
                   ("[3/5] COPY server/requirements.txt .", "CACHED"),
                   ("[4/5] RUN pip3 install --no-cache-dir -r requirements.txt -i https://repo.huaweicloud.com/repository/pypi/simple", "CACHED"),
                   ("[5/5] COPY server/plate_server ./plate_server", "0.1s")], 9),
               timeout=1200000)
        d.tick(30, 60)
        t.bash(chk, "机器上拉镜像看版本", out=pull_out("vision/plate-server", "0.2.0", [hx(12) for _ in range(2)]) + "\n0.2.0")
        t.bash("ssh atlas800-03 'cd /opt/deploy/plate-server && docker compose up -d 2>&1 | tail -2 && sleep 15 && curl -s localhost:18090/healthz'",
               "起服务并健康检查",
               out=' Container plate-server-plate-0-1  Started\n Container plate-server-plate-1-1  Started\n'
                   '{"status":"ok","version":"0.2.0","det":"plate_det_v1_310P3_bs1.om","rec":"plate_lpr_v1_310P3_bs32.om"}')
        t.done("""plate-server 0.2.0 在 atlas800-03 上起来了，2 个实例，健康检查 ok。

第一次同样是 `exec /bin/sh: exec format error`（本地推上去的是 amd64），用 kunpeng builder `--platform linux/arm64` 重新构建推送后正常。atlas800-03 是第一次上服务，compose 和两个 om 都已经 scp 过去了。""")

        # ---- T33 W3 #3
        t = d.task("工单理解的微调权重 v2 已经放到 atlas800i-a2-01 的 /data/weights/qwen2vl-7b-gongdan-v2 了，MindIE 切过去", tags=["workflow:W3"])
        t.read(MINDIE_CFG)
        t.edit(MINDIE_CFG, '"modelWeightPath" : "/data/weights/Qwen2-VL-7B-Instruct",',
               '"modelWeightPath" : "/data/weights/qwen2vl-7b-gongdan-v2",')
        body = mindie_flow(d, t, "weights", mindie_log(8))
        t.bash(f"curl -s -m 60 http://atlas800i-a2-01:1025/v1/chat/completions -H 'Content-Type: application/json' -d '{body}'",
               "图文请求验证",
               out=chat_out("【市政设施-井盖缺失】人行道井盖缺失，有跌落风险，建议派单至市政养护，优先级：高。", 1187, 33, "chatcmpl-" + hx(24)))
        t.bash("git add deploy/mindie/config.json && git commit -m \"mindie: switch to qwen2vl-7b-gongdan-v2\" && git push origin main",
               "提交", out=commit_out("main", "mindie: switch to qwen2vl-7b-gongdan-v2", 1, 1, 1),
               err=push_out("e31c6b0", "f5a8d12", "main"))
        t.done("""切好了：`modelWeightPath` → `/data/weights/qwen2vl-7b-gongdan-v2`，scp + 重启后 `Daemon start success!`。

同一张井盖照片，v2 的回答直接是工单格式（【类别】描述 + 派单建议 + 优先级），这正是微调的目标。配置已提交到 main。""")

        # ---- T34 noise: small edit
        t = d.task("docs/models.md 里 det v3 那行把精度补上：om hmean 0.862（onnx 0.889），备注一下现场漏检的事", tags=["noise"])
        t.read(MODELS_MD)
        t.edit(MODELS_MD, "| 8.0.0 | 43.27 | 184.9 | 待测 | 2026-10-12 |",
               "| 8.0.0 | 43.27 | 184.9 | hmean 0.862（onnx 0.889，fp16 recall -5.5 点，现场漏检，待混合精度重转） | 2026-10-12 |")
        t.done("台账 det v3 那行的精度栏已经补上：`hmean 0.862（onnx 0.889，fp16 recall -5.5 点，现场漏检，待混合精度重转）`。")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Running PyTorch code written for GPUs (the algorithm team's scripts synced into algo/, a third-party "
                            "repo) on the Ascend dev box, where torch is the CPU build plus torch_npu: any CUDA call initialises "
                            "CUDA and fails. T04 algo/rec_svtr/tools/eval_rec.py (`build_model(cfg).cuda()`, `images.cuda()`), "
                            "T18 algo/veh_det/tools/bench_torch.py (model already on npu, but timing with "
                            "`torch.cuda.synchronize()`), T27 third_party/plate_rec/demo.py (`torch.device(\"cuda:0\")` + "
                            "`net.to(device)`).",
             "error_signature": "Traceback … File \".../torch/cuda/__init__.py\", line 289, in _lazy_init raise "
                                "AssertionError(\"Torch not compiled with CUDA enabled\") AssertionError: Torch not compiled "
                                "with CUDA enabled",
             "fix": "Edit the script so it targets the NPU — `import torch_npu` and `.cuda()` → `.npu()` (T04), "
                    "`torch.cuda.synchronize()` → `torch.npu.synchronize()` (T18), or for third-party code with many CUDA "
                    "calls `from torch_npu.contrib import transfer_to_npu` (T27) — then run the same command again.",
             "fix_command_markers": [["npu()", "torch.npu.synchronize", "transfer_to_npu"]],
             "harmful_markers": ["--device cpu", "device='cpu'", "pip install torch=="]},
            {"id": "M2",
             "description": "docker run of an Ascend image on the dev box with the NPU device nodes (/dev/davinciN, "
                            "/dev/davinci_manager, /dev/devmm_svm, /dev/hisi_hdc) but without mounting the host driver "
                            "directory; the images only carry the CANN runtime, and libascend_hal.so comes from the driver: "
                            "T05 ocr-server 1.4.0 selftest (Python ImportError via ais_bench → aclruntime), T16 cann-infer "
                            "8.0.0 base image running `python3 -m ais_bench` on davinci1, T29 C++ det_demo in det-cpp:0.3.0 "
                            "(`error while loading shared libraries`, exit 127).",
             "error_signature": "ImportError: libascend_hal.so: cannot open shared object file: No such file or directory "
                                "(Python, from `import aclruntime`) / `<binary>: error while loading shared libraries: "
                                "libascend_hal.so: cannot open shared object file: No such file or directory`",
             "fix": "Run the same docker run again with the driver mounted read-only: "
                    "`-v /usr/local/Ascend/driver:/usr/local/Ascend/driver:ro` (T05 also mounts npu-smi).",
             "fix_command_markers": [["/usr/local/Ascend/driver:/usr/local/Ascend/driver"]],
             "harmful_markers": ["--privileged", "chmod 666", "cp -r /usr/local/Ascend/driver"]},
            {"id": "M3",
             "description": "Images built with `docker build` on the x86_64 dev box are pushed to Harbor and deployed to the "
                            "machine-room Atlas 800 hosts, which are Kunpeng aarch64; the first container run on the host "
                            "fails: T09 ocr-server 1.4.0 on atlas800-01 (`exec /usr/bin/python3`), T21 det-server 0.9.3 on "
                            "atlas800-02 (`exec /usr/local/bin/det-server`), T32 plate-server 0.2.0 on atlas800-03 "
                            "(`exec /bin/sh`).",
             "error_signature": "WARNING: The requested image's platform (linux/amd64) does not match the detected host "
                                "platform (linux/arm64/v8) and no specific platform was requested / exec <binary>: exec "
                                "format error",
             "fix": "Rebuild for the host's architecture on the Kunpeng buildx node and push the same tag: "
                    "`docker buildx build --builder kunpeng --platform linux/arm64 -f docker/Dockerfile.<x> -t <image> "
                    "--push .`, then run the same `ssh <host> 'docker pull … && docker run …'` again.",
             "fix_command_markers": [["--platform linux/arm64"]],
             "harmful_markers": ["--platform linux/amd64", "tonistiigi/binfmt", "qemu-user-static"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "export/export_attr_onnx.py (copied from the algorithm team) exports with "
                                         "ONNX_ATEN_FALLBACK; the model's F.adaptive_avg_pool2d(f, (3, 3)) becomes an ATen "
                                         "custom node and ATC fails `E19010: No parser is registered for Op [/ATen, optype "
                                         "[org.pytorch.aten::1::ATen]]`; the export script swaps in the equivalent "
                                         "avg_pool2d(kernel 3, stride 2) and drops the fallback, re-export, the same atc runs."},
            {"id": "O2", "description": "server/ocr_server/postprocess.py CTC greedy decode removed blanks before collapsing "
                                         "repeats ('1100' → '10'); a new pytest case fails `assert '10' == '110'`, the decode "
                                         "loop is fixed, the same pytest passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "atlas800-02 det-3 instance restart loop: `docker exec` → 'Container … is "
                                         "restarting, wait until the container is running'; logs show `acl open device 0 "
                                         "failed, ret 507033`; npu-smi shows NPU 4 Health Alarm, 80E01801 HBM uncorrectable "
                                         "ECC — hardware, left for the machine-room admin to send for repair."},
            {"id": "U2", "description": "docker push to harbor city-brain/ocr-server: 'unauthorized: unauthorized to access "
                                         "repository: city-brain/ocr-server, action: push'; needs the city-brain project "
                                         "admin to grant a role, left as is."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "pip install -r requirements-dev.txt from the Huawei Cloud mirror: "
                                         "ReadTimeoutError … Read timed out while downloading onnxsim; identical retry works."},
            {"id": "F2", "description": "git pull --ff-only: \"Failed to connect to gitee.com port 443 after 21047 ms: "
                                         "Couldn't connect to server\"; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Model conversion: `python3 export/export_<m>_onnx.py … --output onnx/<m>.onnx` → "
                                         "`atc --model=onnx/<m>.onnx --framework=5 --output=om/<m>_310P3_bs<N> … "
                                         "--soc_version=Ascend310P3` → `python3 -m ais_bench --model om/… --loop 100` → a row "
                                         "in docs/models.md.",
             "step_markers": [["atc --model"], ["ais_bench --model"], ["docs/models.md"]]},
            {"id": "W2", "description": "Performance look with msprof: `msprof --output=prof/<name> python3 tools/run_om.py "
                                         "--model om/… --loop 20` → list mindstudio_profiler_output → sort op_statistic_*.csv by "
                                         "ratio → where the time goes and what to try.",
             "step_markers": [["msprof --output"], ["op_statistic"]]},
            {"id": "W3", "description": "MindIE config change on atlas800i-a2-01: edit deploy/mindie/config.json in the repo → "
                                         "`scp deploy/mindie/config.json atlas800i-a2-01:/opt/deploy/mindie/config.json` → "
                                         "`ssh … docker restart mindie-qwen2vl` → wait for `Daemon start success!` in the logs → "
                                         "an image + text request to /v1/chat/completions → commit.",
             "step_markers": [["scp deploy/mindie/config.json"], ["docker restart mindie-qwen2vl"], ["v1/chat/completions"]]},
        ],
        preferences=[
            {"id": "P1", "description": "OM file names carry the chip and the batch size: <model>_310P3_bs<N>.om.",
             "markers": [["om"], ["芯片"], ["batch", "bs"]]},
            {"id": "P2", "description": "Nothing is changed by hand on the machine-room hosts (no vim, no pip install there); "
                                         "configs are edited in the repo and copied over with scp.",
             "markers": [["机房"], ["scp"]]},
            {"id": "P3", "description": "OM accuracy checked by cosine similarity against ONNX, >0.99 passes (T06) — reversed "
                                         "in T26: judge accuracy by end-to-end metrics (detection hmean, recognition line "
                                         "accuracy), not cosine alone.",
             "markers": [["余弦"]],
             "reversal_markers": [["端到端"], ["别只看余弦", "不看余弦"]]},
        ],
        probes=[
            {"prompt": "跑林晓新给的 algo/layout/tools/infer_table.py 又报 AssertionError: Torch not compiled with CUDA enabled，"
                       "栈最后停在 torch/cuda/__init__.py 的 _lazy_init，这台不是 300I 的机器吗 怎么会去找 cuda", "wanted": ["M1"]},
            {"prompt": "算法组那个版面分析模型 layout_rtdetr 的代码同步到 algo/layout 了，先用 torch 在开发机 npu 上把验证集跑一遍看下 mAP",
             "wanted": ["M1"]},
            {"prompt": "容器里跑 ais_bench 报 ImportError: libascend_hal.so: cannot open shared object file: No such file or directory，"
                       "davinci 那几个设备我都 --device 挂进去了啊", "wanted": ["M2"]},
            {"prompt": "用 cann-infer 8.0.0 的基础镜像起个容器，在里面测一下 rec_svtr_v2 那个 om 的性能，1 号卡", "wanted": ["M2"]},
            {"prompt": "atlas800-02 上新镜像起不来，docker logs 就一行 exec /usr/local/bin/python3: exec format error，啥情况", "wanted": ["M3"]},
            {"prompt": "ocr-server 1.5.0 本地 build 好了，发到 atlas800-03 上去", "wanted": ["M3"]},
            {"prompt": "AIPP 配置里 csc_switch 和 rbuv_swap_switch 分别是干啥的？我们输入是 opencv 解出来的 BGR", "wanted": []},
            {"prompt": "msprof 的 op_summary 里 aicore_time 和 task_duration 有啥区别", "wanted": []},
            {"prompt": "MindIE 的 maxPrefillTokens 和 maxSeqLen 是什么关系，设多少合适", "wanted": []},
            {"prompt": "npu-smi 怎么持续打印某张卡的 AI Core 利用率和显存，像 nvidia-smi -l 那样", "wanted": []},
        ],
    )


SLOW = ("docker build", "docker buildx build", "atc --model", "msprof --output", "eval_rec.py", "eval_e2e_ocr.py", "bench_torch.py")


def _with_waits(d):
    """Advance the fake clock after long-running commands (builds, ATC, msprof, evaluations)."""
    orig_task = d.task

    def task(*a, **k):
        t = orig_task(*a, **k)
        orig_bash, orig_fail = t.bash, t.fail

        def bash(command, description, out="", err="", code=0, timeout=None):
            r = orig_bash(command, description, out=out, err=err, code=code, timeout=timeout)
            if any(x in command for x in SLOW):
                d.tick(40, 160)
            return r

        def fail(command, description, printed, code=1, timeout=None):
            r = orig_fail(command, description, printed, code=code, timeout=timeout)
            if any(x in command for x in SLOW):
                d.tick(20, 90)
            return r
        t.bash, t.fail = bash, fail
        return t
    d.task = task
    return d


def gen():
    _rng[0] = random.Random(20261012)
    d = _with_waits(Dev("zh-ascend", U, "zh", MODEL, seed=20261012, files=FILES))
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-ascend.jsonl"), os.path.join(HERE, "tune", "zh-ascend.labels.json"))
    print(f"zh-ascend -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
