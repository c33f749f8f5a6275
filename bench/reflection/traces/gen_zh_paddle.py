"""zh-paddle: 陈嘉禾 (Chen Jiahe), algorithm engineer at 票通智能 (Piaotong AI, an invoice / receipt OCR SaaS in Hangzhou).

Stack: a fork of PaddleOCR 2.8 (`pt-ocr`) with the company's configs under configs/invoice/; PaddlePaddle 2.6.1
(paddlepaddle-gpu post118, CUDA 11.8, cuDNN 8.6) in a local conda env `ppocr` on the dev box (RTX 4090); labelled data
from PPOCRLabel (Label.txt / rec_gt.txt / fileState.txt) under /data/ocr/labeled on NFS; full eval / training in docker
on the shared GPU box gpu03 (4x A100 40G, cards 2 and 3 for the OCR team); tools/train.py, tools/eval.py,
tools/export_model.py, paddle2onnx 1.2; a FastAPI service (service/) serving Paddle Inference with TensorRT on GPU,
pytest; pip with the Tsinghua mirror; docker images pushed to registry.pt-ai.local. Prompts and replies in Chinese,
tool output as printed. cwd /home/chenjh/work/pt-ocr.

Written blind for fresh/; measured once held out (round 32), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_paddle.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenjh"
R = "/home/chenjh/work/pt-ocr"
MODEL = "claude-opus-4-6"
SP = "/home/chenjh/miniconda3/envs/ppocr/lib/python3.10/site-packages"
IMG = "registry.pt-ai.local/ocr/paddle-train:2.6.1-cu118"
API = "registry.pt-ai.local/ocr/ocr-api"
TUNA = "https://pypi.tuna.tsinghua.edu.cn/simple"

SIG1 = "The length of ratio_list should be the same as the file_list."
SIG2 = "Unexpected BUS error encountered in DataLoader worker"
SIG3 = "some trt inputs dynamic shape info not set"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
REC_YML = P("configs/invoice/rec_svtr_invoice.yml")
DET_YML = P("configs/invoice/det_v4_invoice.yml")
KIE_YML = P("configs/invoice/ser_vi_layoutxlm_invoice.yml")
SPLIT = P("scripts/ppocrlabel_split.py")
COLLECT = P("tools/collect_trt_shape.py")
PRED = P("service/predictor.py")
POST = P("service/postprocess.py")
APP = P("service/app.py")
SETTINGS = P("service/settings.py")
T_POST = P("service/tests/test_postprocess.py")
T_TRT = P("service/tests/gpu/test_trt.py")
CHANGELOG = P("CHANGELOG.md")
REQ = P("service/requirements.txt")

README_TXT = """# pt-ocr

票通智能 OCR 算法仓库：PaddleOCR 2.8 的 fork + 票据模型配置 + 在线服务 ocr-api。

## 环境
- 开发机：conda 环境 `ppocr`（Python 3.10，paddlepaddle-gpu 2.6.1.post118，CUDA 11.8 / cuDNN 8.6，TensorRT 8.6），RTX 4090
- 共享训练机 gpu03（4x A100 40G）：只用 docker，镜像 `registry.pt-ai.local/ocr/paddle-train:2.6.1-cu118`，
  数据和仓库在 NFS `/data/ocr`（训练机上仓库路径 `/data/ocr/pt-ocr`）。OCR 组用 2、3 号卡
- 标注：PPOCRLabel，导出在 `/data/ocr/labeled/batch_<MMDD>/`（Label.txt、rec_gt.txt、fileState.txt、crop_img/）

## 目录
```
configs/invoice/   票据模型配置：det_v4_invoice.yml、rec_svtr_invoice.yml、cls_invoice.yml、ser_vi_layoutxlm_invoice.yml、slanet_invoice.yml
ppocr/ tools/      PaddleOCR 本体（尽量少改，方便合上游）
tools/collect_trt_shape.py   给 inference 模型采 TRT 动态 shape（shape_range_info.pbtxt）
scripts/           ppocrlabel_split.py（标注批次 -> train/val 列表）、compare_onnx.py、bench_service.py
service/           ocr-api（FastAPI + Paddle Inference），Dockerfile，tests/（gpu/ 下是要 GPU 的）
inference/         导出的推理模型（不进 git）
```

## 常用
```bash
python tools/train.py -c configs/invoice/rec_svtr_invoice.yml
python tools/export_model.py -c <yml> -o Global.pretrained_model=<ckpt> Global.save_inference_dir=inference/<name>
python -m pytest service/tests -q -m "not gpu"
```
"""

REC_YML_TXT = """Global:
  use_gpu: true
  epoch_num: 100
  log_smooth_window: 20
  print_batch_step: 10
  save_model_dir: ./output/rec_svtr_invoice
  save_epoch_step: 10
  eval_batch_step: [0, 500]
  cal_metric_during_train: true
  pretrained_model: ./pretrain_models/ch_PP-OCRv4_rec_train/student
  character_dict_path: ppocr/utils/dict/invoice_dict.txt
  max_text_length: &max_text_length 40
  use_space_char: true
  save_res_path: ./output/rec/predicts_invoice.txt

Optimizer:
  name: Adam
  beta1: 0.9
  beta2: 0.999
  lr:
    name: Cosine
    learning_rate: 0.0005
    warmup_epoch: 2
  regularizer:
    name: L2
    factor: 3.0e-05

Architecture:
  model_type: rec
  algorithm: SVTR_LCNet
  Transform:
  Backbone:
    name: PPLCNetV3
    scale: 0.95
  Head:
    name: MultiHead
    head_list:
      - CTCHead:
          Neck:
            name: svtr
            dims: 120
            depth: 2
            hidden_dims: 120
            kernel_size: [1, 3]
            use_guide: True
          Head:
            fc_decay: 0.00001
      - NRTRHead:
          nrtr_dim: 384
          max_text_length: *max_text_length

Loss:
  name: MultiLoss
  loss_config_list:
    - CTCLoss:
    - NRTRLoss:

PostProcess:
  name: CTCLabelDecode

Metric:
  name: RecMetric
  main_indicator: acc

Train:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/labeled
    label_file_list:
      - /data/ocr/lists/rec/base_train.txt
      - /data/ocr/lists/rec/vat_0918_train.txt
    ratio_list: [1.0, 1.0]
    transforms:
      - DecodeImage:
          img_mode: BGR
          channel_first: False
      - RecConAug:
          prob: 0.5
          ext_data_num: 2
          image_shape: [48, 320, 3]
          max_text_length: *max_text_length
      - RecAug:
      - MultiLabelEncode:
          gtc_encode: NRTRLabelEncode
      - RecResizeImg:
          image_shape: [3, 48, 320]
      - KeepKeys:
          keep_keys: ['image', 'label_ctc', 'label_gtc', 'length', 'valid_ratio']
  loader:
    shuffle: true
    batch_size_per_card: 128
    drop_last: true
    num_workers: 8

Eval:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/labeled
    label_file_list:
      - /data/ocr/lists/rec/val.txt
    transforms:
      - DecodeImage:
          img_mode: BGR
          channel_first: False
      - MultiLabelEncode:
          gtc_encode: NRTRLabelEncode
      - RecResizeImg:
          image_shape: [3, 48, 320]
      - KeepKeys:
          keep_keys: ['image', 'label_ctc', 'label_gtc', 'length', 'valid_ratio']
  loader:
    shuffle: false
    drop_last: false
    batch_size_per_card: 128
    num_workers: 4
"""

DET_YML_TXT = """Global:
  use_gpu: true
  epoch_num: 300
  log_smooth_window: 20
  print_batch_step: 10
  save_model_dir: ./output/det_v4_invoice
  save_epoch_step: 20
  eval_batch_step: [0, 1000]
  cal_metric_during_train: false
  pretrained_model: ./pretrain_models/ch_PP-OCRv4_det_train/best_accuracy
  save_res_path: ./output/det_v4_invoice/predicts.txt

Architecture:
  model_type: det
  algorithm: DB
  Transform:
  Backbone:
    name: PPLCNetV3
    scale: 0.75
    det: True
  Neck:
    name: RSEFPN
    out_channels: 96
    shortcut: True
  Head:
    name: DBHead
    k: 50

Loss:
  name: DBLoss
  balance_loss: true
  main_loss_type: DiceLoss
  alpha: 5
  beta: 10
  ohem_ratio: 3

Optimizer:
  name: Adam
  beta1: 0.9
  beta2: 0.999
  lr:
    name: Cosine
    learning_rate: 0.001
    warmup_epoch: 2
  regularizer:
    name: L2
    factor: 5.0e-05

PostProcess:
  name: DBPostProcess
  thresh: 0.3
  box_thresh: 0.6
  max_candidates: 1000
  unclip_ratio: 1.5

Metric:
  name: DetMetric
  main_indicator: hmean

Train:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/labeled
    label_file_list:
      - /data/ocr/lists/det/base_train.txt
      - /data/ocr/lists/det/vat_0918_train.txt
      - /data/ocr/lists/det/receipt_0925_train.txt
    ratio_list: [1.0, 1.0, 1.0]
    transforms:
      - DecodeImage:
          img_mode: BGR
          channel_first: False
      - DetLabelEncode:
      - IaaAugment:
          augmenter_args:
            - { 'type': Fliplr, 'args': { 'p': 0.5 } }
            - { 'type': Affine, 'args': { 'rotate': [-10, 10] } }
            - { 'type': Resize, 'args': { 'size': [0.5, 3] } }
      - EastRandomCropData:
          size: [960, 960]
          max_tries: 50
          keep_ratio: true
      - MakeBorderMap:
          shrink_ratio: 0.4
          thresh_min: 0.3
          thresh_max: 0.7
      - MakeShrinkMap:
          shrink_ratio: 0.4
          min_text_size: 8
      - NormalizeImage:
          scale: 1./255.
          mean: [0.485, 0.456, 0.406]
          std: [0.229, 0.224, 0.225]
          order: 'hwc'
      - ToCHWImage:
      - KeepKeys:
          keep_keys: ['image', 'threshold_map', 'threshold_mask', 'shrink_map', 'shrink_mask']
  loader:
    shuffle: true
    drop_last: false
    batch_size_per_card: 8
    num_workers: 8

Eval:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/labeled
    label_file_list:
      - /data/ocr/lists/det/val.txt
    transforms:
      - DecodeImage:
          img_mode: BGR
          channel_first: False
      - DetLabelEncode:
      - DetResizeForTest:
          limit_side_len: 1280
          limit_type: max
      - NormalizeImage:
          scale: 1./255.
          mean: [0.485, 0.456, 0.406]
          std: [0.229, 0.224, 0.225]
          order: 'hwc'
      - ToCHWImage:
      - KeepKeys:
          keep_keys: ['image', 'shape', 'polys', 'ignore_tags']
  loader:
    shuffle: false
    drop_last: false
    batch_size_per_card: 1
    num_workers: 4
"""

KIE_YML_TXT = """Global:
  use_gpu: True
  epoch_num: &epoch_num 200
  log_smooth_window: 10
  print_batch_step: 10
  save_model_dir: ./output/ser_vi_layoutxlm_invoice
  save_epoch_step: 2000
  eval_batch_step: [0, 200]
  cal_metric_during_train: False
  save_inference_dir:
  use_visualdl: False
  seed: 2022
  infer_img:
  d2s_train_image_shape: [3, 224, 224]
  kie_rec_model_dir:
  kie_det_model_dir:

Architecture:
  model_type: kie
  algorithm: &algorithm "LayoutXLM"
  Transform:
  Backbone:
    name: LayoutXLMForSer
    pretrained: True
    checkpoints:
    mode: vi
    num_classes: &num_classes 15

Loss:
  name: VQASerTokenLayoutLMLoss
  num_classes: *num_classes
  key: "backbone_out"

Optimizer:
  name: AdamW
  beta1: 0.9
  beta2: 0.999
  lr:
    name: Linear
    learning_rate: 0.00005
    epochs: *epoch_num
    warmup_epoch: 2
  regularizer:
    name: L2
    factor: 0.00000

PostProcess:
  name: VQASerTokenLayoutLMPostProcess
  class_path: &class_path /data/ocr/kie/class_list_invoice.txt

Metric:
  name: VQASerTokenMetric
  main_indicator: hmean

Train:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/kie/images
    label_file_list:
      - /data/ocr/kie/train_0920.json
    ratio_list: [ 1.0 ]
    transforms:
      - DecodeImage:
          img_mode: RGB
          channel_first: False
      - VQATokenLabelEncode:
          contains_re: False
          algorithm: *algorithm
          class_path: *class_path
          use_textline_bbox_info: &use_textline_bbox_info True
          order_method: &order_method "tb-yx"
      - VQATokenPad:
          max_seq_len: &max_seq_len 512
          return_attention_mask: True
      - VQASerTokenChunk:
          max_seq_len: *max_seq_len
      - Resize:
          size: [224,224]
      - NormalizeImage:
          scale: 1
          mean: [ 123.675, 116.28, 103.53 ]
          std: [ 58.395, 57.12, 57.375 ]
          order: 'hwc'
      - ToCHWImage:
      - KeepKeys:
          keep_keys: [ 'input_ids', 'bbox', 'attention_mask', 'token_type_ids', 'image', 'labels']
  loader:
    shuffle: True
    drop_last: False
    batch_size_per_card: 8
    num_workers: 4

Eval:
  dataset:
    name: SimpleDataSet
    data_dir: /data/ocr/kie/images
    label_file_list:
      - /data/ocr/kie/val_0920.json
    transforms:
      - DecodeImage:
          img_mode: RGB
          channel_first: False
      - VQATokenLabelEncode:
          contains_re: False
          algorithm: *algorithm
          class_path: *class_path
          use_textline_bbox_info: *use_textline_bbox_info
          order_method: *order_method
      - VQATokenPad:
          max_seq_len: *max_seq_len
          return_attention_mask: True
      - VQASerTokenChunk:
          max_seq_len: *max_seq_len
      - Resize:
          size: [224,224]
      - NormalizeImage:
          scale: 1
          mean: [ 123.675, 116.28, 103.53 ]
          std: [ 58.395, 57.12, 57.375 ]
          order: 'hwc'
      - ToCHWImage:
      - KeepKeys:
          keep_keys: [ 'input_ids', 'bbox', 'attention_mask', 'token_type_ids', 'image', 'labels']
  loader:
    shuffle: False
    drop_last: False
    batch_size_per_card: 8
    num_workers: 4
"""

SPLIT_TXT = '''"""PPOCRLabel 导出的一个批次 -> det / rec 的 train / val 列表。

用法: python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1009 --task rec --val-ratio 0.1
只收 fileState.txt 里确认过（1）的图。输出 /data/ocr/lists/<task>/<batch名>_{train,val}.txt，val 追加到 val.txt。
"""
import argparse
import json
import os
import random
import shutil

LISTS = "/data/ocr/lists"


def load_state(batch):
    state = {}
    with open(os.path.join(batch, "fileState.txt"), encoding="utf-8") as f:
        for line in f:
            path, flag = line.rstrip("\\n").rsplit("\\t", 1)
            state[os.path.basename(path)] = flag == "1"
    return state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--batch", required=True)
    ap.add_argument("--task", choices=["det", "rec"], required=True)
    ap.add_argument("--val-ratio", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()

    name = os.path.basename(args.batch.rstrip("/"))
    state = load_state(args.batch)
    src = "Label.txt" if args.task == "det" else "rec_gt.txt"
    rows = []
    with open(os.path.join(args.batch, src), encoding="utf-8") as f:
        for line in f:
            img, label = line.rstrip("\\n").split("\\t", 1)
            key = os.path.basename(img) if args.task == "det" else os.path.basename(img).split("_crop_")[0] + ".jpg"
            if not state.get(key):
                continue
            if args.task == "det":
                json.loads(label)
            rows.append((img, label))

    random.Random(args.seed).shuffle(rows)
    n_val = int(len(rows) * args.val_ratio)
    out_dir = os.path.join(LISTS, args.task)
    with open(os.path.join(out_dir, f"{name}_train.txt"), "w", encoding="utf-8") as f:
        for img, label in rows[n_val:]:
            f.write(f"{img}\\t{label}\\n")
    with open(os.path.join(out_dir, f"{name}_val.txt"), "w", encoding="utf-8") as f:
        for img, label in rows[:n_val]:
            f.write(f"{img}\\t{label}\\n")
    with open(os.path.join(out_dir, "val.txt"), "a", encoding="utf-8") as f:
        for img, label in rows[:n_val]:
            f.write(f"{img}\\t{label}\\n")
    # 归档一份原图清单，方便回溯
    arch = os.path.join(LISTS, "archive", name)
    os.makedirs(arch, exist_ok=True)
    for img, _ in rows:
        shutil.copy2(os.path.join(os.path.dirname(args.batch), img), arch)
    print(f"{name} [{args.task}] total={len(rows)} train={len(rows) - n_val} val={n_val}")


if __name__ == "__main__":
    main()
'''

COLLECT_TXT = '''"""给导出的 inference 模型采 TensorRT 动态 shape。

服务里 GPU 后端用 enable_tuned_tensorrt_dynamic_shape(<model_dir>/shape_range_info.pbtxt)，
模型重新导出以后（子图切分、中间 tensor 名会变）要重新采一次。
用法: python tools/collect_trt_shape.py --model-dir inference/<name> --images service/tests/data/<kind>_samples
"""
import argparse
import glob
import os

import cv2
import numpy as np
from paddle.inference import Config, create_predictor

from service.predictor import preprocess_for


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", required=True)
    ap.add_argument("--images", required=True)
    args = ap.parse_args()
    cfg = Config(os.path.join(args.model_dir, "inference.pdmodel"),
                 os.path.join(args.model_dir, "inference.pdiparams"))
    cfg.enable_use_gpu(500, 0)
    out = os.path.join(args.model_dir, "shape_range_info.pbtxt")
    cfg.collect_shape_range_info(out)
    predictor = create_predictor(cfg)
    kind = os.path.basename(args.model_dir.rstrip("/")).split("_")[0]
    paths = sorted(glob.glob(os.path.join(args.images, "*.jpg")))
    for p in paths:
        x = preprocess_for(kind, cv2.imread(p))
        h = predictor.get_input_handle(predictor.get_input_names()[0])
        h.reshape(x.shape)
        h.copy_from_cpu(np.ascontiguousarray(x))
        predictor.run()
    print(f"collected {len(paths)} samples -> {out}")


if __name__ == "__main__":
    main()
'''

PRED_TXT = '''"""Paddle Inference 封装：cpu / gpu / trt 三种后端。"""
import os

from paddle.inference import Config, PrecisionType, create_predictor

from service import settings


def build_predictor(model_dir: str, backend: str = settings.BACKEND, max_batch: int = 8):
    cfg = Config(os.path.join(model_dir, "inference.pdmodel"), os.path.join(model_dir, "inference.pdiparams"))
    if backend == "cpu":
        cfg.disable_gpu()
        cfg.enable_mkldnn()
        cfg.set_cpu_math_library_num_threads(8)
    else:
        cfg.enable_use_gpu(1000, settings.GPU_ID)
        if backend == "trt":
            cfg.enable_tensorrt_engine(workspace_size=1 << 30, max_batch_size=max_batch, min_subgraph_size=5,
                                       precision_mode=PrecisionType.Half, use_static=True, use_calib_mode=False)
            cfg.set_optim_cache_dir(os.path.join(model_dir, "_opt_cache"))
            cfg.enable_tuned_tensorrt_dynamic_shape(os.path.join(model_dir, "shape_range_info.pbtxt"), True)
    cfg.enable_memory_optim()
    cfg.disable_glog_info() if settings.QUIET else None
    return create_predictor(cfg)
'''

POST_TXT = '''"""票据字段后处理。"""
import re
from decimal import Decimal

_AMOUNT = re.compile(r"[¥￥]?\\s*(-?[0-9][0-9,]*\\.?[0-9]*)")
_DATE = re.compile(r"(20\\d{2})\\s*[年\\-/.]\\s*(\\d{1,2})\\s*[月\\-/.]\\s*(\\d{1,2})")


def parse_amount(text: str):
    m = _AMOUNT.search(text)
    if not m:
        return None
    return Decimal(m.group(1))


def parse_date(text: str):
    m = _DATE.search(text)
    if not m:
        return None
    y, mo, d = m.groups()
    return f"{y}-{int(mo):02d}-{int(d):02d}"
'''

T_POST_TXT = '''from decimal import Decimal

from service.postprocess import parse_amount, parse_date


def test_amount_plain():
    assert parse_amount("¥128.00") == Decimal("128.00")


def test_date_cn():
    assert parse_date("开票日期：2026年10月9日") == "2026-10-09"
'''

SETTINGS_TXT = '''import os

BACKEND = os.getenv("OCR_BACKEND", "trt")
GPU_ID = int(os.getenv("OCR_GPU_ID", "0"))
QUIET = os.getenv("OCR_QUIET", "1") == "1"
MAX_UPLOAD_MB = 10

DET_MODEL = "inference/det_v4_invoice_0918"
REC_MODEL = "inference/rec_svtr_invoice_0918"
CLS_MODEL = "inference/cls_invoice_0801"
'''

APP_TXT = '''from fastapi import FastAPI, File, HTTPException, UploadFile

from service import settings
from service.pipeline import OcrPipeline

app = FastAPI(title="ocr-api")
pipe = OcrPipeline()


@app.get("/healthz")
def healthz():
    return {"ok": True, "models": pipe.model_versions()}


@app.post("/v1/ocr/invoice")
async def ocr_invoice(file: UploadFile = File(...)):
    data = await file.read()
    if not data:
        raise HTTPException(status_code=400, detail="empty file")
    return pipe.run_invoice(data, filename=file.filename)
'''

T_TRT_TXT = '''import glob

import cv2
import numpy as np
import pytest

from service import settings
from service.predictor import build_predictor
from service.pipeline import preprocess_for

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module", params=["det", "rec", "cls"])
def kind_and_predictor(request):
    model_dir = {"det": settings.DET_MODEL, "rec": settings.REC_MODEL, "cls": settings.CLS_MODEL}[request.param]
    return request.param, build_predictor(model_dir, backend="trt")


def test_trt_matches_gpu(kind_and_predictor):
    kind, trt = kind_and_predictor
    ref = build_predictor({"det": settings.DET_MODEL, "rec": settings.REC_MODEL, "cls": settings.CLS_MODEL}[kind],
                          backend="gpu")
    for p in sorted(glob.glob(f"service/tests/data/{kind}_samples/*.jpg"))[:8]:
        x = preprocess_for(kind, cv2.imread(p))
        outs = []
        for pr in (trt, ref):
            h = pr.get_input_handle(pr.get_input_names()[0])
            h.reshape(x.shape)
            h.copy_from_cpu(np.ascontiguousarray(x))
            pr.run()
            outs.append(pr.get_output_handle(pr.get_output_names()[0]).copy_to_cpu())
        assert np.abs(outs[0] - outs[1]).max() < 5e-2
'''

CHANGELOG_TXT = """# Changelog

## 0.8.2 - 2026-09-29
- rec 模型换成 rec_svtr_invoice_0918（增值税专票 / 电子发票新版式）
- /v1/ocr/invoice 支持 PDF 第一页
"""

REQ_TXT = """fastapi==0.115.2
uvicorn[standard]==0.31.1
python-multipart==0.0.12
opencv-python-headless==4.10.0.84
pyclipper==1.3.0.post5
numpy==1.26.4
"""

FILES = {README: README_TXT, REC_YML: REC_YML_TXT, DET_YML: DET_YML_TXT, KIE_YML: KIE_YML_TXT, SPLIT: SPLIT_TXT,
         COLLECT: COLLECT_TXT, PRED: PRED_TXT, POST: POST_TXT, T_POST: T_POST_TXT, SETTINGS: SETTINGS_TXT,
         APP: APP_TXT, T_TRT: T_TRT_TXT, CHANGELOG: CHANGELOG_TXT, REQ: REQ_TXT}


# ------------------------------------------------------------------ output helpers
def glog_gpu(mmdd, hms, pid, cc="8.9", drv="12.2"):
    return (f"W{mmdd} {hms}.{_rng[0].randint(100000, 999999)} {pid} gpu_resources.cc:119] Please NOTE: device: 0, "
            f"GPU Compute Capability: {cc}, Driver API Version: {drv}, Runtime API Version: 11.8\n"
            f"W{mmdd} {hms}.{_rng[0].randint(100000, 999999)} {pid} gpu_resources.cc:164] device: 0, cuDNN Version: 8.6.")


def ratio_fail(mmdd, hms, pid, yml):
    return f"""{glog_gpu(mmdd, hms, pid)}
Traceback (most recent call last):
  File "{R}/tools/train.py", line 255, in <module>
    main(config, device, logger, vdl_writer, seed)
  File "{R}/tools/train.py", line 62, in main
    train_dataloader = build_dataloader(config, "Train", device, logger, seed)
  File "{R}/ppocr/data/__init__.py", line 98, in build_dataloader
    dataset = eval(module_name)(config, mode, logger, seed)
  File "{R}/ppocr/data/simple_dataset.py", line 46, in __init__
    assert (
AssertionError: {SIG1}"""


def smoke_ok(day, t0, kind, lists, iters, metric_lines, save_dir):
    lines = [f"[2026/{day} {t0}] ppocr INFO: Initialize indexs of datasets:{lists}",
             f"[2026/{day} {t0}] ppocr INFO: Initialize indexs of datasets:['/data/ocr/lists/{kind}/val.txt']",
             f"[2026/{day} {t0}] ppocr INFO: train dataloader has {iters} iters",
             f"[2026/{day} {t0}] ppocr INFO: valid dataloader has {max(iters // 9, 3)} iters",
             f"[2026/{day} {t0}] ppocr INFO: load pretrain successful from ./pretrain_models/"]
    lines += metric_lines
    lines += [f"[2026/{day} {t0}] ppocr INFO: save model in {save_dir}/latest",
              f"[2026/{day} {t0}] ppocr INFO: best metric, {metric_lines[-1].split('INFO: ')[1]}"]
    return "\n".join(lines)


def shm_fail(mmdd, hms, day, prog_lines):
    return (f"{glog_gpu(mmdd, hms, 1, cc='8.0', drv='12.2')}\n" + "\n".join(prog_lines) + f"""
ERROR: {SIG2}. This might be caused by insufficient shared memory (shm), please check whether use_shared_memory is set and storage space in /dev/shm is enough
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/paddle/io/dataloader/dataloader_iter.py", line 787, in _thread_loop
    batch = self._get_data()
  File "/usr/local/lib/python3.10/dist-packages/paddle/io/dataloader/dataloader_iter.py", line 910, in _get_data
    raise RuntimeError(
RuntimeError: DataLoader 2 workers exit unexpectedly, pids: 63, 64""")


def trt_fail(test_id, kind, tensors, secs):
    info = "\n".join(f"I{tensors[0]} op_converter.h:309] trt input [{t}] dynamic shape info not set, please check and retry."
                     for t in tensors[1:])
    return f"""============================= test session starts ==============================
platform linux -- Python 3.10.14, pytest-8.3.3, pluggy-1.5.0
rootdir: {R}
configfile: pyproject.toml
plugins: anyio-4.6.0
collected 3 items / 2 deselected / 1 selected

{test_id} E                                        [100%]

==================================== ERRORS ====================================
_________________ ERROR at setup of test_trt_matches_gpu[{kind}] _________________

request = <SubRequest 'kind_and_predictor' for <Function test_trt_matches_gpu[{kind}]>>

    @pytest.fixture(scope="module", params=["det", "rec", "cls"])
    def kind_and_predictor(request):
        model_dir = {{"det": settings.DET_MODEL, "rec": settings.REC_MODEL, "cls": settings.CLS_MODEL}}[request.param]
>       return request.param, build_predictor(model_dir, backend="trt")

service/tests/gpu/test_trt.py:17: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
service/predictor.py:24: in build_predictor
    return create_predictor(cfg)
E   ValueError: (InvalidArgument) {SIG3}, check the INFO log above for more details.
E     [Hint: Expected all_dynamic_shape_set == true, but received all_dynamic_shape_set:0 != true:1.] (at /paddle/paddle/fluid/inference/tensorrt/convert/op_converter.h:316)
---------------------------- Captured stderr setup -----------------------------
{info}
=========================== short test summary info ============================
ERROR service/tests/gpu/test_trt.py::test_trt_matches_gpu[{kind}] - ValueError: (InvalidArgument) {SIG3}, check the INFO log above for more details.
======================= 2 deselected, 1 error in {secs}s ======================="""


def trt_ok(test_id, secs):
    return f"""============================= test session starts ==============================
platform linux -- Python 3.10.14, pytest-8.3.3, pluggy-1.5.0
rootdir: {R}
configfile: pyproject.toml
plugins: anyio-4.6.0
collected 3 items / 2 deselected / 1 selected

{test_id} .                                        [100%]

======================= 1 passed, 2 deselected in {secs}s ======================="""


def export_out(mmdd, hms, day, ckpt, out_dir):
    return f"""{glog_gpu(mmdd, hms, _rng[0].randint(20000, 90000))}
[2026/{day} {hms}] ppocr INFO: load pretrain successful from {ckpt}
[2026/{day} {hms}] ppocr INFO: inference model is saved to {out_dir}/inference"""


def p2o_out(model_dir, onnx, day, hms):
    return f"""[Paddle2ONNX] Start to parse PaddlePaddle model...
[Paddle2ONNX] Model file path: {model_dir}/inference.pdmodel
[Paddle2ONNX] Parameters file path: {model_dir}/inference.pdiparams
[Paddle2ONNX] Start to parsing Paddle model...
[Paddle2ONNX] Use opset_version = 11 for ONNX export.
[Paddle2ONNX] PaddlePaddle model is exported as ONNX format now.
2026-{day} {hms} [INFO]	===============Make PaddlePaddle Better!================
2026-{day} {hms} [INFO]	A little survey: https://iwenjuan.baidu.com/?code=r8hu2s"""


def commit_out(msg, nfiles, ins, dels=0):
    s = f"[main {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletion{'s' if dels > 1 else ''}(-)"
    return s


def build_err(tag):
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.31kB done
#1 DONE 0.0s

#2 [internal] load metadata for registry.pt-ai.local/base/paddle-infer:2.6.1-cu118-trt86
#2 DONE 0.1s

#3 [internal] load .dockerignore
#3 transferring context: 212B done
#3 DONE 0.0s

#4 [1/6] FROM registry.pt-ai.local/base/paddle-infer:2.6.1-cu118-trt86@sha256:{hx(64)}
#4 DONE 0.0s

#5 [internal] load build context
#5 transferring context: 418.27MB 3.9s done
#5 DONE 4.0s

#6 [2/6] COPY service/requirements.txt /app/service/requirements.txt
#6 CACHED

#7 [3/6] RUN pip install --no-cache-dir -i {TUNA} -r /app/service/requirements.txt
#7 CACHED

#8 [4/6] COPY inference/ /app/inference/
#8 DONE 2.1s

#9 [5/6] COPY service/ /app/service/
#9 DONE 0.1s

#10 [6/6] RUN python -c "import service.app"
#10 DONE 6.4s

#11 exporting to image
#11 exporting layers
#11 exporting layers 3.2s done
#11 writing image sha256:{hx(64)} done
#11 naming to {API}:{tag} done
#11 DONE 3.3s"""


def push_out(tag, fresh=2):
    layers = [f"{hx(12)}: Pushed" for _ in range(fresh)] + [f"{hx(12)}: Layer already exists" for _ in range(5)]
    return f"The push refers to repository [{API}]\n" + "\n".join(layers) + \
        f"\n{tag}: digest: sha256:{hx(64)} size: 2626"


def pytest_unit(n, secs):
    return f"{'.' * n}{' ' * (72 - n)}[100%]\n{n} passed, 3 deselected in {secs}s"


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-10-12T01:45:00", R, version="2.1.203"):
        t = d.task("先帮我过一遍这个仓库，我刚接手票据这块，train/export/服务 各在哪，怎么串起来的", tags=["noise"])
        t.read(README)
        t.glob("configs/invoice/*.yml", [P("configs/invoice/cls_invoice.yml"), DET_YML, REC_YML,
                                         KIE_YML, P("configs/invoice/slanet_invoice.yml")])
        t.read(REC_YML, limit=40)
        t.glob("service/**/*.py", [P("service/__init__.py"), APP, P("service/pipeline.py"), POST, PRED, SETTINGS,
                                   P("service/tests/conftest.py"), T_POST, T_TRT])
        t.read(PRED)
        t.read(SETTINGS)
        t.done("""大致是一条线：**标注 → 列表 → 训练 → 导出 → 服务**。

1. **标注**：PPOCRLabel 导出到 `/data/ocr/labeled/batch_<MMDD>/`（`Label.txt` 给 det，`rec_gt.txt` + `crop_img/` 给 rec，`fileState.txt` 记确认状态）。`scripts/ppocrlabel_split.py` 把一个批次切成 `/data/ocr/lists/<det|rec>/<batch>_{train,val}.txt`。
2. **训练**：`configs/invoice/` 下 5 个配置（det_v4、rec_svtr、cls、ser_vi_layoutxlm、slanet），`Train.dataset.label_file_list` 里挂各批次的列表。开发机 4090 上 `ppocr` 环境可以冒烟，正式训练/评测在 gpu03 的 docker 里（NFS `/data/ocr`）。
3. **导出**：`tools/export_model.py` → `inference/<name>/inference.pdmodel|pdiparams`；要 ONNX 再走 paddle2onnx。
4. **服务**：`service/`（FastAPI），`predictor.py` 封装 Paddle Inference，三种后端 cpu/gpu/trt，默认 `trt`；TRT 用的是 `enable_tuned_tensorrt_dynamic_shape(<model_dir>/shape_range_info.pbtxt)`，这个文件由 `tools/collect_trt_shape.py` 采。模型版本写死在 `service/settings.py`（现在 det/rec 都是 0918）。

`ppocr/`、`tools/` 基本是上游代码，README 里说尽量少改。""")

        # T02 W1#1 + M1#1
        t = d.task("batch_1009 标完了（卷票那批，小票据那种），rec 数据加进去，开发机上先跑一个 epoch 冒烟看看能不能训",
                   tags=["workflow:W1", "mistake:M1"])
        t.bash("python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1009 --task rec --val-ratio 0.1",
               "切 batch_1009 的 rec 列表", out="batch_1009 [rec] total=3184 train=2866 val=318")
        t.read(REC_YML, offset=85, limit=12)
        t.edit(REC_YML, """      - /data/ocr/lists/rec/vat_0918_train.txt
    ratio_list""", """      - /data/ocr/lists/rec/vat_0918_train.txt
      - /data/ocr/lists/rec/batch_1009_train.txt
    ratio_list""")
        smoke = ("python tools/train.py -c configs/invoice/rec_svtr_invoice.yml -o Global.epoch_num=1 "
                 "Global.save_model_dir=./output/smoke_rec Train.loader.batch_size_per_card=64")
        t.fail(smoke, "开发机上冒烟跑 1 个 epoch", ratio_fail("1012", "10:03:41", 41877, REC_YML))
        t.say("`SimpleDataSet` 要求 `ratio_list` 和 `label_file_list` 一样长：我加了第三个列表，`ratio_list` 还是两个元素。补上：")
        t.edit(REC_YML, "    ratio_list: [1.0, 1.0]\n", "    ratio_list: [1.0, 1.0, 1.0]\n")
        day = "10/12"
        t.bash(smoke, "重新冒烟 1 个 epoch", out=smoke_ok(day, "10:05:12", "rec",
               "['/data/ocr/lists/rec/base_train.txt', '/data/ocr/lists/rec/vat_0918_train.txt', '/data/ocr/lists/rec/batch_1009_train.txt']",
               402, [f"[2026/{day} 10:05:40] ppocr INFO: epoch: [1/1], global_step: 10, lr: 0.000003, acc: 0.460937, norm_edit_dis: 0.904117, CTCLoss: 5.917234, NRTRLoss: 1.221870, loss: 7.139104, avg_reader_cost: 0.08817 s, avg_batch_cost: 0.31954 s, avg_samples: 64.0, ips: 200.28791 samples/s, eta: 0:02:05, max_mem_reserved: 14112 MB, max_mem_allocated: 12870 MB",
                     f"[2026/{day} 10:07:48] ppocr INFO: epoch: [1/1], global_step: 400, lr: 0.000100, acc: 0.742187, norm_edit_dis: 0.962550, CTCLoss: 1.903318, NRTRLoss: 0.745120, loss: 2.648438, avg_reader_cost: 0.00412 s, avg_batch_cost: 0.30117 s, avg_samples: 64.0, ips: 212.50436 samples/s, eta: 0:00:00, max_mem_reserved: 14112 MB, max_mem_allocated: 12870 MB",
                     f"[2026/{day} 10:08:10] ppocr INFO: cur metric, acc: 0.8126370548713, norm_edit_dis: 0.9681214069120, fps: 2914.4118"],
               "./output/smoke_rec"), timeout=600000)
        t.done("""冒烟通过：

- `batch_1009`：3184 条确认过的行，train 2866 / val 318（val 同时追加进 `rec/val.txt`）
- `rec_svtr_invoice.yml`：`label_file_list` 加了 `batch_1009_train.txt`，`ratio_list` 同步改成 `[1.0, 1.0, 1.0]`（第一次跑忘了改，`SimpleDataSet` 断言两者长度一致直接退出）
- 1 epoch（402 iter，batch 64）能正常训，显存 14G，结束时 val acc 0.813（只跑了一个 epoch，只看能不能训）

正式训练可以上 gpu03 了。""")

        t = d.task("DB 后处理 unclip_ratio 调大调小分别啥影响？卷票上框老是切掉半个字", tags=["no_tools"])
        t.done("""`unclip_ratio` 控制 DB 把收缩后的文本核（shrink map）往外扩多少，扩张距离 ≈ 面积 × ratio / 周长：

- **调大**（1.5 → 1.8~2.0）：框更松，字的上下边不容易被切；代价是相邻行/相邻字段可能粘成一个框，小票上行距很紧时尤其明显
- **调小**：框更紧，粘连少，但容易切掉笔画，rec 会丢字或认错

卷票切半个字一般是两种情况：① 字很小、DB 的 shrink 比例（训练时 `shrink_ratio: 0.4`）对小字偏狠 → 推理时 unclip 提到 1.8 左右先看效果；② 输入被 `limit_side_len` 缩得太小（卷票是长条，`limit_type: max` + 1280 会把宽边压得很小）→ 卷票可以走 `limit_type: min`、`limit_side_len: 736`。建议先在 val 上扫一下 1.5/1.7/1.9 看 hmean 和切字的 case，再决定。""")


# ------------------------------------------------------------------ session 2
def s2(d):
    with d.session("2026-10-14T02:10:00", R, version="2.1.204"):
        # T04 M2#1 + P2
        t = d.task("det 那个 best_accuracy 在 gpu03 上完整评一下 val，看 hmean。注意 gpu03 上只能用 2 号和 3 号卡，0、1 是 NLP 组的别碰",
                   tags=["mistake:M2", "pref:P2"])
        t.bash("ssh gpu03 nvidia-smi --query-gpu=index,name,memory.used,memory.total,utilization.gpu --format=csv",
               "看 gpu03 卡的占用", out="""index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
0, NVIDIA A100-SXM4-40GB, 38211 MiB, 40960 MiB, 100 %
1, NVIDIA A100-SXM4-40GB, 37904 MiB, 40960 MiB, 99 %
2, NVIDIA A100-SXM4-40GB, 4 MiB, 40960 MiB, 0 %
3, NVIDIA A100-SXM4-40GB, 21533 MiB, 40960 MiB, 87 %""")
        ev = ("ssh gpu03 \"docker run --rm --gpus '\\\"device=2\\\"' -v /data/ocr:/data/ocr -w /data/ocr/pt-ocr "
              f"{IMG} python tools/eval.py -c configs/invoice/det_v4_invoice.yml "
              "-o Global.checkpoints=output/det_v4_invoice/best_accuracy\"")
        t.fail(ev, "gpu03 2 号卡上评 det", shm_fail("1014", "02:21:07", "10/14", [
            "[2026/10/14 02:21:09] ppocr INFO: Initialize indexs of datasets:['/data/ocr/lists/det/val.txt']",
            "[2026/10/14 02:21:12] ppocr INFO: resume from output/det_v4_invoice/best_accuracy",
            "[2026/10/14 02:21:12] ppocr INFO: metric in ckpt ***************",
            "[2026/10/14 02:21:12] ppocr INFO: hmean:0.9431520223",
            "eval model::   2%|▏         | 9/412 [00:04<02:51,  2.35it/s]"]))
        t.say("DataLoader 的 worker 在共享内存里传 batch，docker 默认 `/dev/shm` 只有 64M，det 的 eval 图是原尺寸（长边 1280），几个 batch 就撑爆了（SIGBUS）。"
              "同一条命令给容器加大 shm 再跑：")
        t.bash(ev.replace("--rm --gpus", "--rm --shm-size=16g --gpus"), "加大 shm 重新评 det", timeout=600000, out="""W1014 02:22:31.406552 1 gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 8.0, Driver API Version: 12.2, Runtime API Version: 11.8
W1014 02:22:31.410017 1 gpu_resources.cc:164] device: 0, cuDNN Version: 8.6.
[2026/10/14 02:22:33] ppocr INFO: Initialize indexs of datasets:['/data/ocr/lists/det/val.txt']
[2026/10/14 02:22:36] ppocr INFO: resume from output/det_v4_invoice/best_accuracy
[2026/10/14 02:22:36] ppocr INFO: metric in ckpt ***************
[2026/10/14 02:22:36] ppocr INFO: hmean:0.9431520223
[2026/10/14 02:22:36] ppocr INFO: epoch:240
eval model:: 100%|██████████| 412/412 [01:58<00:00,  3.48it/s]
[2026/10/14 02:24:34] ppocr INFO: metric eval ***************
[2026/10/14 02:24:34] ppocr INFO: precision:0.9617704280155642
[2026/10/14 02:24:34] ppocr INFO: recall:0.9402185374149660
[2026/10/14 02:24:34] ppocr INFO: hmean:0.9508712614780413
[2026/10/14 02:24:34] ppocr INFO: fps:38.72193054128""")
        t.done("""det（`output/det_v4_invoice/best_accuracy`，epoch 240）在 val 412 张上：

| precision | recall | hmean |
|---|---|---|
| 0.9618 | 0.9402 | **0.9509** |

ckpt 里记的 hmean 是 0.9432，那是训练时的 val（不含 0925 小票批次），现在 val 多了小票，反而略高。

过程：用的 2 号卡（3 号卡当时有人在跑 21G）。第一次 `docker run` 没给 `--shm-size`，容器默认 64M `/dev/shm`，DataLoader worker 报 `Unexpected BUS error`；加 `--shm-size=16g` 同一条命令就过了。""")

        # T05 P1#1 + F1
        t = d.task("开发机 ppocr 环境装一下 shapely 和 pyclipper，装包记得走清华源", tags=["pref:P1", "flaky:F1"])
        cmd = f"pip install -i {TUNA} shapely==2.0.6 pyclipper==1.3.0.post5"
        t.fail(cmd, "清华源装 shapely / pyclipper", f"""Looking in indexes: {TUNA}
Collecting shapely==2.0.6
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/3c/2b/shapely-2.0.6-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (2.5 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 0.3/2.5 MB 41.2 kB/s eta 0:00:54
ERROR: Exception:
Traceback (most recent call last):
  File "{SP}/pip/_vendor/urllib3/response.py", line 438, in _error_catcher
    yield
  File "{SP}/pip/_vendor/urllib3/response.py", line 561, in read
    data = self._fp_read(amt) if not fp_closed else b""
  File "{SP}/pip/_vendor/urllib3/response.py", line 527, in _fp_read
    return self._fp.read(amt) if amt is not None else self._fp.read()
TimeoutError: The read operation timed out

During handling of the above exception, another exception occurred:

pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='pypi.tuna.tsinghua.edu.cn', port=443): Read timed out.""", code=2)
        t.say("镜像那边读超时，网络抖了一下，原样再装一次：")
        t.bash(cmd, "清华源装 shapely / pyclipper", out=f"""Looking in indexes: {TUNA}
Collecting shapely==2.0.6
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/3c/2b/shapely-2.0.6-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (2.5 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 2.5/2.5 MB 11.8 MB/s eta 0:00:00
Requirement already satisfied: pyclipper==1.3.0.post5 in {SP} (1.3.0.post5)
Requirement already satisfied: numpy<3,>=1.14 in {SP} (from shapely==2.0.6) (1.26.4)
Installing collected packages: shapely
Successfully installed shapely-2.0.6""")
        t.done("装好了：`shapely 2.0.6`（新装），`pyclipper 1.3.0.post5` 原来就有。第一次清华源读超时，原样重试就好了。")

        # T06 W2#1 + P3
        t = d.task("det 这个 best 导出成 inference 模型，再转一份 onnx 给客户端那边用，导完对比下 paddle 和 onnx 输出。模型目录名带上日期，比如 det_v4_invoice_1014 这种，好区分",
                   tags=["workflow:W2", "pref:P3"])
        out_dir = "inference/det_v4_invoice_1014"
        t.bash("python tools/export_model.py -c configs/invoice/det_v4_invoice.yml -o "
               f"Global.pretrained_model=output/det_v4_invoice/best_accuracy Global.save_inference_dir={out_dir}",
               "导出 det inference 模型", out=export_out("1014", "02:41:18", "10/14", "output/det_v4_invoice/best_accuracy", out_dir))
        t.bash(f"paddle2onnx --model_dir {out_dir} --model_filename inference.pdmodel --params_filename inference.pdiparams "
               "--save_file onnx/det_v4_invoice_1014.onnx --opset_version 11 --enable_onnx_checker True",
               "转 onnx", out=p2o_out(out_dir, "onnx/det_v4_invoice_1014.onnx", "10-14", "10:42:03"))
        t.bash(f"python scripts/compare_onnx.py --paddle {out_dir} --onnx onnx/det_v4_invoice_1014.onnx --images service/tests/data/det_samples",
               "对比 paddle / onnx 输出", out="""det_samples: 16 images
providers: ['CUDAExecutionProvider', 'CPUExecutionProvider']
output[0] sigmoid_0.tmp_0  max_abs_diff=3.58e-06  mean_abs_diff=1.12e-07  OK
boxes after DBPostProcess: identical on 16/16 images""")
        t.done(f"""导好了：

- Paddle inference：`{out_dir}/`（inference.pdmodel / pdiparams）
- ONNX：`onnx/det_v4_invoice_1014.onnx`（opset 11，checker 通过）
- 对比 16 张 det 样例：概率图最大绝对误差 3.6e-6，DB 后处理出的框 16/16 完全一致

目录名按你说的带日期（`_1014`），以后导出都这么命名。""")


# ------------------------------------------------------------------ session 3
def s3(d):
    with d.session("2026-10-16T06:20:00", R, version="2.1.205"):
        # T07 M3#1
        t = d.task("rec 新训的 best 已经导出到 inference/rec_svtr_invoice_1015 了，服务切过去，GPU 那组测试跑一下 rec 的",
                   tags=["mistake:M3"])
        t.read(SETTINGS)
        t.edit(SETTINGS, 'REC_MODEL = "inference/rec_svtr_invoice_0918"', 'REC_MODEL = "inference/rec_svtr_invoice_1015"')
        cmd = 'python -m pytest service/tests/gpu/test_trt.py -m gpu -k rec'
        tid = "service/tests/gpu/test_trt.py"
        t.fail(cmd, "跑 rec 的 TRT 测试", trt_fail(tid, "rec", ["1016 14:31:52.118203 52210", "x", "lstm_0.tmp_0",
                                                                    "p2o.Reshape.3"], "21.37"))
        t.say("新导出的 rec 模型里 TRT 子图的输入名变了，目录里的 `shape_range_info.pbtxt` 是从 0918 那份拷过来的，对不上。"
              "先给新模型采一遍动态 shape，再跑同一个测试：")
        t.bash("python tools/collect_trt_shape.py --model-dir inference/rec_svtr_invoice_1015 --images service/tests/data/rec_samples",
               "给 rec_1015 采 TRT 动态 shape",
               out="collected 64 samples -> inference/rec_svtr_invoice_1015/shape_range_info.pbtxt")
        t.bash(cmd, "重跑 rec 的 TRT 测试", out=trt_ok(tid, "48.02"))
        t.done("""服务已切到 `inference/rec_svtr_invoice_1015`（`service/settings.py`），rec 的 TRT 测试通过（TRT fp16 和 GPU fp32 输出最大误差 < 5e-2）。

中间：第一次建 predictor 报 `some trt inputs dynamic shape info not set`——目录里的 `shape_range_info.pbtxt` 是旧模型的，新导出的子图输入名（`lstm_0.tmp_0` 等）不在里面。用 `tools/collect_trt_shape.py` 对 64 张 rec 样例重采了一遍，同一个测试就过了（第一次要建 TRT engine，48s）。""")

        # T08 O1
        t = d.task("客户反馈金额带千分位的解析不出来，比如 ¥1,280.00，加个用例修一下", tags=["oneoff:O1"])
        t.read(POST)
        t.read(T_POST)
        t.edit(T_POST, '''def test_date_cn():''', '''def test_amount_thousands():
    assert parse_amount("价税合计（小写）¥1,280.00") == Decimal("1280.00")


def test_date_cn():''')
        cmd = "python -m pytest service/tests/test_postprocess.py -q"
        t.fail(cmd, "跑后处理测试", f""".F.                                                                      [100%]
=================================== FAILURES ===================================
___________________________ test_amount_thousands ____________________________

    def test_amount_thousands():
>       assert parse_amount("价税合计（小写）¥1,280.00") == Decimal("1280.00")

service/tests/test_postprocess.py:11: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

text = '价税合计（小写）¥1,280.00'

    def parse_amount(text: str):
        m = _AMOUNT.search(text)
        if not m:
            return None
>       return Decimal(m.group(1))
E       decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]

service/postprocess.py:13: InvalidOperation
=========================== short test summary info ============================
FAILED service/tests/test_postprocess.py::test_amount_thousands - decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]
1 failed, 2 passed in 0.21s""")
        t.edit(POST, "    return Decimal(m.group(1))", '    return Decimal(m.group(1).replace(",", ""))')
        t.bash(cmd, "重跑后处理测试", out="...                                                                      [100%]\n3 passed in 0.18s")
        t.done("修了：正则本来就允许逗号，但 `Decimal(\"1,280.00\")` 不认千分位（`InvalidOperation`）。`parse_amount` 里转换前去掉逗号；加了 `test_amount_thousands`，3 个测试全过。")

        # T09 W3#1
        t = d.task("服务发个 0.9.0，rec 换 1015 + 千分位那个修复，老流程：测试、changelog、打镜像推仓库", tags=["workflow:W3"])
        t.bash('python -m pytest service/tests -q -m "not gpu"', "跑服务单测（不含 GPU）", out=pytest_unit(21, "3.42"))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## 0.9.0 - 2026-10-16
- rec 模型换成 rec_svtr_invoice_1015（加入 batch_1009 卷票数据）
- 修复金额带千分位（¥1,280.00）解析失败
""")
        t.bash('git commit -am "release: ocr-api 0.9.0"', "提交", out=commit_out("release: ocr-api 0.9.0", 4, 11, 1))
        t.bash(f"docker build -t {API}:0.9.0 -f service/Dockerfile .", "打镜像", err=build_err("0.9.0"), timeout=600000)
        t.bash(f"docker push {API}:0.9.0", "推镜像", out=push_out("0.9.0"))
        t.done(f"""0.9.0 发好了：

- 单测 21 passed（`-m "not gpu"`）
- CHANGELOG 加了 0.9.0 段，提交 `release: ocr-api 0.9.0`
- 镜像 `{API}:0.9.0` 已推到仓库

提交没 push 到 GitLab，需要的话说一声。""")


# ------------------------------------------------------------------ session 4 (acceptEdits)
def s4(d):
    with d.session("2026-10-20T01:30:00", R, version="2.1.206", permission_mode="acceptEdits"):
        t = d.task("det 的 box_thresh 现在到底在哪生效？yml 里一个值，服务里好像又有一个", tags=["noise"])
        t.grep("box_thresh", output_mode="content", n=True, content=f"""configs/invoice/det_v4_invoice.yml:52:  box_thresh: 0.6
service/pipeline.py:31:        self.det_post = DBPostProcess(thresh=0.3, box_thresh=0.5, unclip_ratio=1.6, score_mode="fast")
ppocr/postprocess/db_postprocess.py:41:        box_thresh=0.7,
tools/infer/utility.py:52:    parser.add_argument("--det_db_box_thresh", type=float, default=0.6)""")
        t.done("""两处各管各的：

- `configs/invoice/det_v4_invoice.yml:52` 的 `box_thresh: 0.6` 只在 **训练时 eval / tools/eval.py / infer_det.py** 里用（`build_post_process` 读 yml）
- 线上服务用的是 `service/pipeline.py:31` 自己构造的 `DBPostProcess(thresh=0.3, box_thresh=0.5, unclip_ratio=1.6)`，**不读 yml**，导出的 inference 模型里也不带后处理参数
- `ppocr/postprocess/db_postprocess.py:41` 的 0.7 只是类的默认值；`tools/infer/utility.py` 的 `--det_db_box_thresh` 是 predict_system 脚本用的

所以 val 上评出来的 hmean 对应 0.6，线上实际是 0.5，两边对不齐。要统一的话建议服务从配置读。""")

        # T11 W1#2 + M1#2
        t = d.task("batch_1016 那批（出租车票+定额发票）det 标注也好了，加进 det 训练，老样子先冒烟",
                   tags=["workflow:W1", "mistake:M1"])
        t.bash("python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1016 --task det --val-ratio 0.1",
               "切 batch_1016 的 det 列表", out="batch_1016 [det] total=1207 train=1087 val=120")
        t.read(DET_YML, offset=100, limit=10)
        t.edit(DET_YML, """      - /data/ocr/lists/det/receipt_0925_train.txt
""", """      - /data/ocr/lists/det/receipt_0925_train.txt
      - /data/ocr/lists/det/batch_1016_train.txt
""")
        smoke = ("python tools/train.py -c configs/invoice/det_v4_invoice.yml -o Global.epoch_num=1 "
                 "Global.save_model_dir=./output/smoke_det Global.eval_batch_step=[0,200]")
        t.fail(smoke, "det 冒烟 1 个 epoch", ratio_fail("1020", "09:52:07", 60214, DET_YML))
        t.say("又是 `ratio_list` 没跟着加——det 配置里是 3 个 1.0，现在 4 个列表：")
        t.edit(DET_YML, "    ratio_list: [1.0, 1.0, 1.0]\n", "    ratio_list: [1.0, 1.0, 1.0, 1.0]\n")
        day = "10/20"
        t.bash(smoke, "重新冒烟", timeout=600000, out=smoke_ok(day, "09:53:30", "det",
               "['/data/ocr/lists/det/base_train.txt', '/data/ocr/lists/det/vat_0918_train.txt', '/data/ocr/lists/det/receipt_0925_train.txt', '/data/ocr/lists/det/batch_1016_train.txt']",
               1143, [f"[2026/{day} 09:54:02] ppocr INFO: epoch: [1/1], global_step: 10, lr: 0.000004, loss: 3.214771, loss_shrink_maps: 1.661027, loss_threshold_maps: 0.952207, loss_binary_maps: 0.331506, loss_cbn: 0.331506, avg_reader_cost: 0.41203 s, avg_batch_cost: 0.58126 s, avg_samples: 8.0, ips: 13.76320 samples/s, eta: 0:10:53, max_mem_reserved: 9216 MB, max_mem_allocated: 7944 MB",
                      f"[2026/{day} 10:03:51] ppocr INFO: epoch: [1/1], global_step: 1140, lr: 0.000500, loss: 1.902214, loss_shrink_maps: 0.948113, loss_threshold_maps: 0.612208, loss_binary_maps: 0.189317, loss_cbn: 0.189317, avg_reader_cost: 0.01377 s, avg_batch_cost: 0.50212 s, avg_samples: 8.0, ips: 15.93245 samples/s, eta: 0:00:01, max_mem_reserved: 9216 MB, max_mem_allocated: 7944 MB",
                      f"[2026/{day} 10:05:44] ppocr INFO: cur metric, precision: 0.9312070282658, recall: 0.9108455882352, hmean: 0.9209134421487, fps: 24.1930"],
               "./output/smoke_det"))
        t.done("""det 冒烟过了：

- `batch_1016`：1207 张确认过的图，train 1087 / val 120
- `det_v4_invoice.yml` 挂上 `batch_1016_train.txt`，`ratio_list` 改成 4 个 1.0（第一次又漏了，`SimpleDataSet` 的长度断言）
- 1 epoch 1143 iter，9.2G 显存，val hmean 0.921（只看能不能训）""")

        # T12 webfetch + small edit
        t = d.task("服务上传那块，fastapi 的 UploadFile 大文件是存内存还是落盘？顺便把 settings 里上传上限调到 20M，客户有扫描件 12M 的",
                   tags=["webfetch", "noise"])
        t.webfetch("https://fastapi.tiangolo.com/tutorial/request-files/",
                   "UploadFile: is the file kept in memory or spooled to disk? size limit?",
                   """UploadFile has several advantages over bytes:
- You don't have to use File() in the default value of the parameter.
- It uses a "spooled" file: A file stored in memory up to a maximum size limit, and after passing this limit it will be stored in disk.
- This means that it will work well for large files like images, videos, large binaries, etc. without consuming all the memory.
- You can get metadata from the uploaded file.
- It has a file-like async interface.
- It exposes an actual Python SpooledTemporaryFile object that you can pass directly to other libraries that expect a file-like object.

The page does not define a request size limit; FastAPI / Starlette do not enforce one by default (a reverse proxy or your own check must).""")
        t.read(SETTINGS)
        t.edit(SETTINGS, "MAX_UPLOAD_MB = 10", "MAX_UPLOAD_MB = 20")
        t.done("""FastAPI 的 `UploadFile` 底层是 `SpooledTemporaryFile`：小文件在内存，超过阈值（Starlette 默认 1MB）落到临时目录，所以大扫描件不会整个堆在内存里。**但是**我们 `app.py` 里直接 `await file.read()` 读成 bytes，还是会整份进内存；12M 的扫描件问题不大。

FastAPI/Starlette 本身不限大小，限制靠 nginx 的 `client_max_body_size` 和我们自己的 `MAX_UPLOAD_MB`。`settings.py` 已改成 20；网关那边如果还是 10m 也要一起改。""")

        t = d.task("SVTR_LCNet 和 CRNN 对我们这种票据场景差别大不大，要不要换", tags=["no_tools"])
        t.done("""我们现在的 `rec_svtr_invoice.yml` 其实已经是 PP-OCRv4 的 SVTR_LCNet（PPLCNetV3 骨干 + SVTR neck + CTC/NRTR 双头），不是纯 CRNN。

和 CRNN（CNN + BiLSTM + CTC）比，票据场景的差别：
- **长文本 / 数字串**（税号、发票号码、金额）：SVTR 的全局 mixing 对相似字符（0/O、1/l、8/B）和长串更稳，这块提升最明显
- **速度**：SVTR_LCNet 在 GPU 上和 CRNN-MobileNet 差不多，CPU 上略慢
- **NRTR 头**只在训练时做辅助监督，导出推理只走 CTC，部署成本不变

结论：不用换回 CRNN；如果要再提精度，优先加数据（卷票、定额发票），其次试 `max_text_length` 和输入宽度（320 → 480）对长税号的影响。""")


# ------------------------------------------------------------------ session 5
def s5(d):
    with d.session("2026-10-22T01:50:00", R, version="2.1.207"):
        # T14 U1
        t = d.task("gpu04 是不是空着？gpu03 排队太久了，看下能不能挪过去", tags=["unfixed:U1"])
        t.fail("ssh gpu04 nvidia-smi", "看 gpu04 的卡",
               "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 550.127", code=18)
        t.bash("ssh gpu04 'cat /proc/driver/nvidia/version; uptime; tail -n 3 /var/log/apt/history.log'",
               "看驱动版本和最近的 apt 记录", out="""NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.216.01  Wed Oct  9 18:11:40 UTC 2024
GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)
 09:52:14 up 41 days,  3:07,  2 users,  load average: 0.08, 0.04, 0.01
Start-Date: 2026-10-21  23:40:12
Commandline: /usr/bin/unattended-upgrade
Upgrade: libnvidia-compute-550:amd64 (550.120-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1), nvidia-utils-550:amd64 (550.120-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1)""")
        t.done("""gpu04 现在用不了：昨晚 23:40 `unattended-upgrade` 把用户态驱动库升到了 550.127，但内核模块还是 535.216（机器 41 天没重启），`nvidia-smi` 报 `Driver/library version mismatch`，容器也起不来 GPU。

这个得运维重启（或者重新装匹配的内核模块），我这边没权限也不该动。建议在运维群里说一下，顺便让他们把 nvidia 包从 unattended-upgrades 里排除掉。今天先继续在 gpu03 排队。""")

        # T15 M2#2
        t = d.task("rec 1015 在 gpu03 上把全量 val 评一下，3 号卡空了，分场景的 acc 也要", tags=["mistake:M2"])
        ev = ("ssh gpu03 \"docker run --rm --gpus '\\\"device=3\\\"' -v /data/ocr:/data/ocr -w /data/ocr/pt-ocr "
              f"{IMG} python tools/eval.py -c configs/invoice/rec_svtr_invoice.yml "
              "-o Global.checkpoints=output/rec_svtr_invoice/best_accuracy Eval.loader.num_workers=8\"")
        t.fail(ev, "gpu03 3 号卡评 rec", shm_fail("1022", "01:58:40", "10/22", [
            "[2026/10/22 01:58:43] ppocr INFO: Initialize indexs of datasets:['/data/ocr/lists/rec/val.txt']",
            "[2026/10/22 01:58:47] ppocr INFO: resume from output/rec_svtr_invoice/best_accuracy",
            "[2026/10/22 01:58:47] ppocr INFO: metric in ckpt ***************",
            "[2026/10/22 01:58:47] ppocr INFO: acc:0.9302884615",
            "eval model::   1%|          | 1/122 [00:03<06:41,  3.32s/it]"]).replace("pids: 63, 64", "pids: 71, 72, 74"))
        t.say("还是容器的 `/dev/shm` 只有默认 64M——我这次又没带 `--shm-size`。同一条命令加上：")
        t.bash(ev.replace("--rm --gpus", "--rm --shm-size=16g --gpus"), "加 shm 重跑 rec 评测", timeout=600000, out="""W1022 02:00:05.771204 1 gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 8.0, Driver API Version: 12.2, Runtime API Version: 11.8
W1022 02:00:05.774882 1 gpu_resources.cc:164] device: 0, cuDNN Version: 8.6.
[2026/10/22 02:00:08] ppocr INFO: Initialize indexs of datasets:['/data/ocr/lists/rec/val.txt']
[2026/10/22 02:00:12] ppocr INFO: resume from output/rec_svtr_invoice/best_accuracy
[2026/10/22 02:00:12] ppocr INFO: metric in ckpt ***************
[2026/10/22 02:00:12] ppocr INFO: acc:0.9302884615
[2026/10/22 02:00:12] ppocr INFO: epoch:86
eval model:: 100%|██████████| 122/122 [01:07<00:00,  1.81it/s]
[2026/10/22 02:01:19] ppocr INFO: metric eval ***************
[2026/10/22 02:01:19] ppocr INFO: acc:0.9318910256410256
[2026/10/22 02:01:19] ppocr INFO: norm_edit_dis:0.9897150712403145
[2026/10/22 02:01:19] ppocr INFO: fps:2231.5818742307""")
        t.bash("ssh gpu03 'cd /data/ocr/pt-ocr && python3 scripts/acc_by_scene.py output/rec/predicts_invoice.txt /data/ocr/lists/rec/val.txt'",
               "按场景拆 acc", out="""scene          n      acc     ned
vat_special    5120   0.9523  0.9936
vat_e          4388   0.9461  0.9921
roll           318    0.8836  0.9771
receipt        2741   0.9007  0.9840
taxi           1422   0.9128  0.9855
quota          1489   0.9544  0.9902
-----------------------------------
total          15478  0.9319  0.9897""")
        t.done("""rec 1015（epoch 86）全量 val 15478 行：**acc 0.9319，norm_edit_dis 0.9897**。

分场景来看，增值税专票/电子发票 0.95 左右，定额发票 0.954 最高；卷票 0.884、小票 0.901 明显偏低（卷票只有 318 条 val，样本太少，波动大）；出租车票 0.913。

主要问题在卷票和小票：数据量少 + 热敏纸褪色。错例我看了一部分：金额里的小数点丢失和「¥」误识别成「Y」占了一大半，这块可以考虑在 `RecAug` 里加模糊/褪色增广，以及补卷票数据；另外 taxi 的上下车时间有一类是字符粘连（例如 `12:05` 被识别成 `1205`），多半是 det 框太紧，和之前 unclip 的讨论一致，值得一起调。整体看比 0918 版本提升了 1.2 个点，可以上线，但卷票要在下一批数据里重点补。第一次评测又忘了给容器 `--shm-size`，DataLoader 报了 BUS error，加上以后就正常了。""")

        d.precompact("""- 仓库 pt-ocr（PaddleOCR 2.8 fork），开发机 conda 环境 ppocr（paddlepaddle-gpu 2.6.1.post118，CUDA 11.8），RTX 4090
- 共享训练机 gpu03（A100 ×4，OCR 组用 2、3 号卡，docker 镜像 registry.pt-ai.local/ocr/paddle-train:2.6.1-cu118，NFS /data/ocr）
- gpu04：驱动 Driver/library version mismatch，等运维重启
- rec_svtr_invoice_1015 全量 val acc 0.9319，卷票 0.884 / 小票 0.901 偏低；eval 在 docker 里要给 --shm-size
- 服务 ocr-api 0.9.0 已发（rec 1015 + 金额千分位修复）""")

        t = d.task("这周仓库都合了些啥，git log 给我看下，周报要用", tags=["long_output", "noise"])
        t.bash("git log --since=2026-10-15 --pretty=format:'%h %ad %an %s' --date=short", "本周提交", out=f"""{hx(7)} 2026-10-21 陈嘉禾 configs: det 加 batch_1016（出租车票、定额发票）
{hx(7)} 2026-10-21 沈可 slanet: 表格线增强，去掉 RandomRotate
{hx(7)} 2026-10-20 陈嘉禾 service: MAX_UPLOAD_MB 20
{hx(7)} 2026-10-20 沈可 kie: class_list 加 buyer_tax_id / seller_tax_id
{hx(7)} 2026-10-19 王博 service: /healthz 返回模型版本
{hx(7)} 2026-10-19 王博 ci: gpu 测试只在 runner-gpu 上跑
{hx(7)} 2026-10-17 沈可 tools: acc_by_scene.py 按场景统计
{hx(7)} 2026-10-16 陈嘉禾 release: ocr-api 0.9.0
{hx(7)} 2026-10-16 陈嘉禾 service: 金额千分位解析
{hx(7)} 2026-10-16 陈嘉禾 service: rec 切到 rec_svtr_invoice_1015
{hx(7)} 2026-10-15 陈嘉禾 configs: rec 加 batch_1009 卷票
{hx(7)} 2026-10-15 王博 service: pipeline 按页并发，PDF 最多 5 页
{hx(7)} 2026-10-15 沈可 ppocrlabel: 导出脚本兼容 fileState 里的绝对路径""")
        t.done("""本周（10-15 ~ 10-21）13 个提交，按人：

**陈嘉禾（5）**：rec 加 batch_1009 卷票、服务切 rec_1015、金额千分位修复、发布 ocr-api 0.9.0、上传上限 20M、det 加 batch_1016
**沈可（4）**：PPOCRLabel 导出兼容绝对路径、acc_by_scene.py、kie class_list 加买卖方税号、slanet 表格线增强
**王博（3）**：pipeline 按页并发（PDF ≤ 5 页）、/healthz 带模型版本、GPU 测试只在 runner-gpu 跑

周报可以写成：数据（batch_1009 / 1016 入库）、模型（rec 1015 上线，val acc 93.2%）、服务（0.9.0 发布 + 上传与并发改进）。""")

        t = d.task("paddleclas 也装一下，跑 cls 的对比要用，pip 别走默认源，用 tuna 的镜像", tags=["pref:P1"])
        t.bash(f"pip install -i {TUNA} paddleclas==2.5.2", "清华源装 paddleclas", out=f"""Looking in indexes: {TUNA}
Collecting paddleclas==2.5.2
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/8e/51/paddleclas-2.5.2-py3-none-any.whl (1.3 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 1.3/1.3 MB 9.6 MB/s eta 0:00:00
Collecting faiss-cpu (from paddleclas==2.5.2)
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/1f/0c/faiss_cpu-1.9.0-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (27.5 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 27.5/27.5 MB 12.1 MB/s eta 0:00:00
Collecting gast==0.3.3 (from paddleclas==2.5.2)
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/d6/84/gast-0.3.3-py2.py3-none-any.whl (9.7 kB)
Requirement already satisfied: opencv-python in {SP} (from paddleclas==2.5.2) (4.6.0.66)
Requirement already satisfied: visualdl>=2.2.0 in {SP} (from paddleclas==2.5.2) (2.5.3)
Installing collected packages: gast, faiss-cpu, paddleclas
  Attempting uninstall: gast
    Found existing installation: gast 0.4.0
    Uninstalling gast-0.4.0:
      Successfully uninstalled gast-0.4.0
Successfully installed faiss-cpu-1.9.0 gast-0.3.3 paddleclas-2.5.2""")
        t.done("装好了（清华源）：`paddleclas 2.5.2`，带进来 `faiss-cpu 1.9.0`；注意它把 `gast` 从 0.4.0 降到了 0.3.3（paddleclas 钉死的），目前 paddle 2.6 动转静用不到 gast 新特性，没影响，出问题再说。")


# ------------------------------------------------------------------ session 6
def s6(d):
    with d.session("2026-10-26T02:05:00", R, version="2.1.208"):
        t = d.task("上次你那个 rec 评测总结写太长了，我贴飞书群之前自己 cut half 才发出去。以后这种结论控制在 5 行内，数字放前面。把那次的重新写一版我看看",
                   tags=["feedback", "no_tools"],
                   feedback="上次你那个 rec 评测总结写太长了，我贴飞书群之前自己 cut half 才发出去。以后这种结论控制在 5 行内，数字放前面。")
        t.done("""1. rec 1015 全量 val：acc 93.19%（+1.2pt vs 0918），NED 0.990
2. 专票/电票 ~95%，定额 95.4%，出租车 91.3%
3. 卷票 88.4%、小票 90.1% 偏低：小数点丢失、¥→Y 为主
4. 下一步：补卷票数据 + 褪色/模糊增广，taxi 时间粘连和 det 框松紧一起调
5. 结论：可上线（已在 0.9.0）""")

        # T19 M3#2
        t = d.task("det 1014 接到服务上，跑一下 bench 看 TRT 下的 QPS，和 0918 比", tags=["mistake:M3", "long_output"])
        t.read(SETTINGS)
        t.edit(SETTINGS, 'DET_MODEL = "inference/det_v4_invoice_0918"', 'DET_MODEL = "inference/det_v4_invoice_1014"')
        cmd = "python scripts/bench_service.py --backend trt --model det --n 500 --concurrency 4"
        t.fail(cmd, "TRT 后端 bench det", f"""2026-10-26 10:14:27,311 INFO bench: model=det dir=inference/det_v4_invoice_1014 backend=trt
I1026 10:14:29.902311 70415 op_converter.h:309] trt input [x] dynamic shape info not set, please check and retry.
I1026 10:14:29.902377 70415 op_converter.h:309] trt input [conv2d_272.tmp_0] dynamic shape info not set, please check and retry.
I1026 10:14:29.902391 70415 op_converter.h:309] trt input [hardswish_36.tmp_0] dynamic shape info not set, please check and retry.
Traceback (most recent call last):
  File "{R}/scripts/bench_service.py", line 88, in <module>
    main()
  File "{R}/scripts/bench_service.py", line 61, in main
    predictor = build_predictor(model_dir, backend=args.backend)
  File "{R}/service/predictor.py", line 24, in build_predictor
    return create_predictor(cfg)
ValueError: (InvalidArgument) {SIG3}, check the INFO log above for more details.
  [Hint: Expected all_dynamic_shape_set == true, but received all_dynamic_shape_set:0 != true:1.] (at /paddle/paddle/fluid/inference/tensorrt/convert/op_converter.h:316)""")
        t.say("det_1014 目录下没采过 TRT 动态 shape（导出时只做了 onnx 对比），先采一遍再 bench：")
        t.bash("python tools/collect_trt_shape.py --model-dir inference/det_v4_invoice_1014 --images service/tests/data/det_samples",
               "给 det_1014 采动态 shape",
               out="collected 16 samples -> inference/det_v4_invoice_1014/shape_range_info.pbtxt")
        t.bash(cmd, "重跑 bench", timeout=600000, out="""2026-10-26 10:16:02,118 INFO bench: model=det dir=inference/det_v4_invoice_1014 backend=trt
2026-10-26 10:16:41,905 INFO bench: building trt engine ... done (39.8s, cached to inference/det_v4_invoice_1014/_opt_cache)
2026-10-26 10:16:41,906 INFO bench: warmup 20
2026-10-26 10:17:19,527 INFO bench: done
requests     500
concurrency  4
qps          13.29
latency ms   p50 291.4  p90 347.8  p99 412.6  max 455.0
gpu mem      2871 MiB
per-size     <=960: 188.2ms (n=214)  960-1280: 301.9ms (n=201)  >1280: 402.5ms (n=85)
baseline     det_v4_invoice_0918 (trt, 2026-09-28): qps 13.41  p50 288.7  p90 344.1  p99 409.2""")
        t.done("""det_1014（TRT fp16，并发 4，500 张）：QPS **13.29**，p50 291ms / p99 413ms；0918 是 13.41 / 289 / 409，**基本持平**（差异 1% 内，属于噪声）。显存 2.9G。

第一次起 predictor 报 `some trt inputs dynamic shape info not set`：1014 目录里还没有 `shape_range_info.pbtxt`，用 `collect_trt_shape.py` 采了 16 张后正常。`settings.py` 里 det 已经指向 1014。""")

        # T20 W2#2
        t = d.task("cls 方向分类器重训的那个也导出一下，onnx 也要，一样对比输出", tags=["workflow:W2"])
        out_dir = "inference/cls_invoice_1026"
        t.bash("python tools/export_model.py -c configs/invoice/cls_invoice.yml -o "
               f"Global.pretrained_model=output/cls_invoice/best_accuracy Global.save_inference_dir={out_dir}",
               "导出 cls", out=export_out("1026", "10:31:05", "10/26", "output/cls_invoice/best_accuracy", out_dir))
        t.bash(f"paddle2onnx --model_dir {out_dir} --model_filename inference.pdmodel --params_filename inference.pdiparams "
               "--save_file onnx/cls_invoice_1026.onnx --opset_version 11 --enable_onnx_checker True",
               "cls 转 onnx", out=p2o_out(out_dir, "onnx/cls_invoice_1026.onnx", "10-26", "10:31:39"))
        t.bash(f"python scripts/compare_onnx.py --paddle {out_dir} --onnx onnx/cls_invoice_1026.onnx --images service/tests/data/cls_samples",
               "对比 cls 输出", out="""cls_samples: 40 images
providers: ['CUDAExecutionProvider', 'CPUExecutionProvider']
output[0] softmax_0.tmp_0  max_abs_diff=8.94e-07  mean_abs_diff=6.01e-08  OK
argmax labels: identical on 40/40 images""")
        t.done(f"cls 导好了：`{out_dir}/` + `onnx/cls_invoice_1026.onnx`（opset 11）。40 张样例 softmax 最大误差 8.9e-7，0/180 判定 40/40 一致。目录照旧带日期。")

        # T21 U2
        t = d.task("表格那个 slanet 也转个 onnx 试试，客户端想统一用 onnxruntime", tags=["unfixed:U2"])
        t.bash("python tools/export_model.py -c configs/invoice/slanet_invoice.yml -o "
               "Global.pretrained_model=output/slanet_invoice/best_accuracy Global.save_inference_dir=inference/slanet_invoice_1026",
               "导出 slanet", out=export_out("1026", "10:44:12", "10/26", "output/slanet_invoice/best_accuracy",
                                            "inference/slanet_invoice_1026"))
        t.fail("paddle2onnx --model_dir inference/slanet_invoice_1026 --model_filename inference.pdmodel "
               "--params_filename inference.pdiparams --save_file onnx/slanet_invoice_1026.onnx --opset_version 16",
               "slanet 转 onnx", """[Paddle2ONNX] Start to parse PaddlePaddle model...
[Paddle2ONNX] Model file path: inference/slanet_invoice_1026/inference.pdmodel
[Paddle2ONNX] Parameters file path: inference/slanet_invoice_1026/inference.pdiparams
[Paddle2ONNX] Start to parsing Paddle model...
[Paddle2ONNX] Oops, there are some operators not supported yet, including set_value,tensor_array_to_tensor,
[ERROR] Due to the unsupported operators, the conversion is aborted.
Aborted (core dumped)""", code=134)
        t.grep("set_value|tensor_array", output_mode="content", n=True, path=P("ppocr/modeling/heads/table_att_head.py"),
               content="""ppocr/modeling/heads/table_att_head.py:204:            structure_preds[:, i, :] = structure_step
ppocr/modeling/heads/table_att_head.py:205:            loc_preds[:, i, :] = loc_step""")
        t.done("""slanet 转不了 ONNX：paddle2onnx 报 `set_value`、`tensor_array_to_tensor` 两个算子不支持，直接 abort。

原因在 SLAHead 的解码循环（`table_att_head.py:204-205`，按步往 `structure_preds[:, i, :]` 里写，导出后变成 `set_value`，循环结果又经 `tensor_array_to_tensor` 拼接）。这不是参数能绕过去的，要么改 head 的推理写法（先 append 再 `paddle.stack`，改上游代码，得和沈可商量，且要重新验证精度），要么等 paddle2onnx 支持。

建议表格模型先继续走 Paddle Inference，客户端那边我这里没法今天给 onnx。inference 模型 `inference/slanet_invoice_1026/` 已导出。""")


# ------------------------------------------------------------------ session 7 (SessionEnd other)
def s7(d):
    with d.session("2026-10-29T08:10:00", R, version="2.1.209", end_reason="other"):
        # T22 O2
        t = d.task("batch_1027 切一下 det 列表，标注组说这批删过一些糊的图", tags=["oneoff:O2"])
        cmd = "python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1027 --task det --val-ratio 0.1"
        t.fail(cmd, "切 batch_1027 的 det 列表", f"""Traceback (most recent call last):
  File "{R}/scripts/ppocrlabel_split.py", line 69, in <module>
    main()
  File "{R}/scripts/ppocrlabel_split.py", line 65, in main
    shutil.copy2(os.path.join(os.path.dirname(args.batch), img), arch)
  File "/home/chenjh/miniconda3/envs/ppocr/lib/python3.10/shutil.py", line 434, in copy2
    copyfile(src, dst, follow_symlinks=follow_symlinks)
  File "/home/chenjh/miniconda3/envs/ppocr/lib/python3.10/shutil.py", line 254, in copyfile
    with open(src, 'rb') as fsrc:
FileNotFoundError: [Errno 2] No such file or directory: '/data/ocr/labeled/batch_1027/IMG_4471.jpg'""")
        t.bash("ls /data/ocr/labeled/batch_1027 | wc -l; grep -c . /data/ocr/labeled/batch_1027/Label.txt; grep IMG_4471 /data/ocr/labeled/batch_1027/fileState.txt",
               "对比图片数和标注行", out="""906
903
/data/ocr/labeled/batch_1027/IMG_4471.jpg	1""")
        t.read(SPLIT, offset=33, limit=14)
        t.edit(SPLIT, """            if not state.get(key):
                continue
""", """            if not state.get(key):
                continue
            if args.task == "det" and not os.path.exists(os.path.join(os.path.dirname(args.batch), img)):
                print(f"skip (image deleted): {img}")
                continue
""")
        t.bash(cmd, "重新切", out="""skip (image deleted): batch_1027/IMG_4471.jpg
skip (image deleted): batch_1027/IMG_4478.jpg
skip (image deleted): batch_1027/IMG_4502.jpg
batch_1027 [det] total=871 train=784 val=87""")
        t.done("""切好了：batch_1027 det 871 张，train 784 / val 87。

标注组删图时没在 PPOCRLabel 里删标注，`Label.txt` 和 `fileState.txt` 里还留着 3 张（IMG_4471 / 4478 / 4502），脚本归档原图时 `FileNotFoundError`。我在 `ppocrlabel_split.py` 里对 det 加了判断：图不在就打印 `skip (image deleted)` 跳过。建议让标注组以后在 PPOCRLabel 里删，这样 Label.txt 是干净的。""")

        # T23 W3#2
        t = d.task("发 0.10.0 吧，det 1014 + 上传 20M，流程跟上次一样", tags=["workflow:W3"])
        t.bash('python -m pytest service/tests -q -m "not gpu"', "服务单测", out=pytest_unit(24, "3.87"))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## 0.10.0 - 2026-10-29
- det 模型换成 det_v4_invoice_1014（val hmean 0.951）
- 上传上限 10M -> 20M
""")
        t.bash('git commit -am "release: ocr-api 0.10.0"', "提交", out=commit_out("release: ocr-api 0.10.0", 3, 5))
        t.bash(f"docker build -t {API}:0.10.0 -f service/Dockerfile .", "打镜像", err=build_err("0.10.0"), timeout=600000)
        t.bash(f"docker push {API}:0.10.0", "推镜像", out=push_out("0.10.0", 3))
        t.done(f"0.10.0 好了：单测 24 passed，CHANGELOG + 提交 `release: ocr-api 0.10.0`，镜像 `{API}:0.10.0` 已推。上线前记得网关 body 上限也改成 20m。")


# ------------------------------------------------------------------ session 8
def s8(d):
    with d.session("2026-11-02T01:40:00", R, version="2.1.211"):
        # T24 W2#3 + reversal P3
        t = d.task("rec 又训了一版（加了 1027 批次），导出+onnx+对比。另外以后导出目录别带日期了，同一天导两次就乱，改成 v8、v9 这种版本号，日期写进 meta 里",
                   tags=["workflow:W2", "reversal:P3"])
        out_dir = "inference/rec_svtr_invoice_v8"
        t.bash("python tools/export_model.py -c configs/invoice/rec_svtr_invoice.yml -o "
               f"Global.pretrained_model=output/rec_svtr_invoice/best_accuracy Global.save_inference_dir={out_dir}",
               "导出 rec v8", out=export_out("1102", "09:51:33", "11/02", "output/rec_svtr_invoice/best_accuracy", out_dir))
        t.write(P(f"{out_dir}/meta.json"), """{
  "name": "rec_svtr_invoice",
  "version": "v8",
  "exported_at": "2026-11-02",
  "checkpoint": "output/rec_svtr_invoice/best_accuracy",
  "config": "configs/invoice/rec_svtr_invoice.yml",
  "train_batches": ["base", "vat_0918", "batch_1009", "batch_1027"]
}
""")
        t.bash(f"paddle2onnx --model_dir {out_dir} --model_filename inference.pdmodel --params_filename inference.pdiparams "
               "--save_file onnx/rec_svtr_invoice_v8.onnx --opset_version 11 --enable_onnx_checker True",
               "rec v8 转 onnx", out=p2o_out(out_dir, "onnx/rec_svtr_invoice_v8.onnx", "11-02", "09:52:10"))
        t.bash(f"python scripts/compare_onnx.py --paddle {out_dir} --onnx onnx/rec_svtr_invoice_v8.onnx --images service/tests/data/rec_samples",
               "对比 rec 输出", out="""rec_samples: 64 images
providers: ['CUDAExecutionProvider', 'CPUExecutionProvider']
output[0] softmax_11.tmp_0  max_abs_diff=2.03e-05  mean_abs_diff=4.47e-08  OK
ctc decode: identical on 64/64 images""")
        t.done(f"""rec v8 导好了：

- `{out_dir}/`（按新规矩不带日期，`meta.json` 里记了导出日期 2026-11-02、ckpt、配置和训练批次）
- `onnx/rec_svtr_invoice_v8.onnx`，64 张样例 CTC 解码结果 64/64 一致，softmax 最大误差 2e-5

之前带日期的目录（det_1014、cls_1026 等）先不改名，服务 settings 里还引用着；下次换模型时一起换成版本号。""")

        # T25 M2#3
        t = d.task("kie 那个 ser 模型在 gpu03 上用 2、3 两张卡跑个多卡冒烟，看 distributed 能不能正常起，跑 1 个 epoch 就行",
                   tags=["mistake:M2"])
        tr = ("ssh gpu03 \"docker run --rm --gpus '\\\"device=2,3\\\"' -v /data/ocr:/data/ocr -w /data/ocr/pt-ocr "
              f"{IMG} python -m paddle.distributed.launch --gpus 0,1 tools/train.py -c configs/invoice/ser_vi_layoutxlm_invoice.yml "
              "-o Global.epoch_num=1 Global.save_model_dir=./output/smoke_ser_dist\"")
        t.fail(tr, "gpu03 双卡冒烟 ser", """LAUNCH INFO 2026-11-02 02:05:11,604 -----------  Configuration  ----------------------
LAUNCH INFO 2026-11-02 02:05:11,604 devices: None
LAUNCH INFO 2026-11-02 02:05:11,604 gpus: 0,1
LAUNCH INFO 2026-11-02 02:05:11,605 nnodes: 1
LAUNCH INFO 2026-11-02 02:05:11,605 nproc_per_node: None
LAUNCH INFO 2026-11-02 02:05:11,605 training_script: tools/train.py
LAUNCH INFO 2026-11-02 02:05:11,605 --------------------------------------------------
LAUNCH INFO 2026-11-02 02:05:11,606 Job: default, mode collective, replicas 1[1:1], elastic False
LAUNCH INFO 2026-11-02 02:05:11,607 Run Pod: rlhzqv, replicas 2, status ready
LAUNCH INFO 2026-11-02 02:05:11,629 Watching Pod: rlhzqv, replicas 2, status running
LAUNCH INFO 2026-11-02 02:06:02,771 Pod failed
LAUNCH ERROR 2026-11-02 02:06:02,771 Container failed !!!
Container rank 1 status failed cmd ['/usr/bin/python', '-u', 'tools/train.py', '-c', 'configs/invoice/ser_vi_layoutxlm_invoice.yml', '-o', 'Global.epoch_num=1', 'Global.save_model_dir=./output/smoke_ser_dist'] code -7 log log/workerlog.1
LAUNCH INFO 2026-11-02 02:06:02,772 ------------------------- ERROR LOG DETAIL -------------------------
[2026/11/02 02:05:58] ppocr INFO: train dataloader has 98 iters
[2026/11/02 02:05:58] ppocr INFO: valid dataloader has 13 iters
[2026/11/02 02:05:58] ppocr INFO: During the training process, after the 0th iteration, an evaluation is run every 200 iterations
ERROR: """ + SIG2 + """. This might be caused by insufficient shared memory (shm), please check whether use_shared_memory is set and storage space in /dev/shm is enough
Traceback (most recent call last):
  File "/data/ocr/pt-ocr/tools/train.py", line 255, in <module>
    main(config, device, logger, vdl_writer, seed)
  File "/data/ocr/pt-ocr/tools/train.py", line 208, in main
    program.train(
  File "/data/ocr/pt-ocr/tools/program.py", line 291, in train
    for idx, batch in enumerate(train_dataloader):
  File "/usr/local/lib/python3.10/dist-packages/paddle/io/dataloader/dataloader_iter.py", line 825, in __next__
    data = self._reader.read_next_list()
SystemError: (Fatal) Blocking queue is killed because the data reader raises an exception.
  [Hint: Expected killed_ != true, but received killed_:1 == true:1.] (at /paddle/paddle/fluid/operators/reader/blocking_queue.h:174)
LAUNCH INFO 2026-11-02 02:06:03,274 Exit code -7""")
        t.say("rank 1 的 DataLoader 又是 BUS error：两个进程各 4 个 worker 共用容器默认 64M 的 `/dev/shm`。这次也是我没带 `--shm-size`，同一条命令加上：")
        t.bash(tr.replace("--rm --gpus", "--rm --shm-size=32g --gpus"), "加 shm 重跑双卡冒烟", timeout=600000, out="""LAUNCH INFO 2026-11-02 02:07:20,118 -----------  Configuration  ----------------------
LAUNCH INFO 2026-11-02 02:07:20,118 gpus: 0,1
LAUNCH INFO 2026-11-02 02:07:20,119 training_script: tools/train.py
LAUNCH INFO 2026-11-02 02:07:20,119 --------------------------------------------------
LAUNCH INFO 2026-11-02 02:07:20,120 Job: default, mode collective, replicas 1[1:1], elastic False
LAUNCH INFO 2026-11-02 02:07:20,121 Run Pod: xmtbcd, replicas 2, status ready
LAUNCH INFO 2026-11-02 02:07:20,140 Watching Pod: xmtbcd, replicas 2, status running
LAUNCH INFO 2026-11-02 02:11:48,902 Pod completed
LAUNCH INFO 2026-11-02 02:11:48,902 Exit code 0""")
        t.bash("ssh gpu03 'tail -n 4 /data/ocr/pt-ocr/log/workerlog.0'", "看 rank0 日志结尾", out="""[2026/11/02 02:11:20] ppocr INFO: epoch: [1/1], global_step: 98, lr: 0.000025, loss: 0.512877, avg_reader_cost: 0.01988 s, avg_batch_cost: 1.62117 s, avg_samples: 8.0, ips: 4.93471 samples/s, eta: 0:00:00, max_mem_reserved: 21044 MB, max_mem_allocated: 18320 MB
[2026/11/02 02:11:44] ppocr INFO: cur metric, precision: 0.8815789473684, recall: 0.8903654485049, hmean: 0.8859504132231, fps: 21.7308
[2026/11/02 02:11:44] ppocr INFO: best metric, hmean: 0.8859504132231, is_float16: False, precision: 0.8815789473684, recall: 0.8903654485049, fps: 21.7308, best_epoch: 1
[2026/11/02 02:11:46] ppocr INFO: save model in ./output/smoke_ser_dist/latest""")
        t.done("""双卡（gpu03 的 2、3 号卡）分布式冒烟正常：两个 rank 都起来了，1 epoch 98 iter（每卡 batch 8），单卡显存 21G，val hmean 0.886（1 个 epoch，只看能跑）。

第一次 rank 1 的 DataLoader 报 `Unexpected BUS error`（容器 `/dev/shm` 默认 64M，两个进程 × 4 worker 不够），加 `--shm-size=32g` 后同一条命令 exit 0。""")

        t = d.task("服务里 pdf 是怎么转图片的，用的哪个库，dpi 多少", tags=["noise"])
        t.grep("pdf", filenames=[P("service/pipeline.py"), P("service/pdf.py")], path=P("service"), i=True)
        d.files[P("service/pdf.py")] = '''import fitz  # PyMuPDF

MAX_PAGES = 5
DPI = 200


def pdf_to_images(data: bytes):
    doc = fitz.open(stream=data, filetype="pdf")
    out = []
    for i, page in enumerate(doc):
        if i >= MAX_PAGES:
            break
        pix = page.get_pixmap(dpi=DPI)
        out.append(pix.tobytes("png"))
    return out
'''
        t.read(P("service/pdf.py"))
        t.done("PDF 走的是 PyMuPDF（`service/pdf.py`）：`fitz.open(stream=...)`，逐页 `page.get_pixmap(dpi=200)` 转 PNG，最多 5 页（`MAX_PAGES`）。`pipeline.py` 里按页并发跑 det/rec。200dpi 对 A4 发票大概 1654×2339，det 推理时会按 `limit_side_len` 再缩。")


# ------------------------------------------------------------------ session 9
def s9(d):
    with d.session("2026-11-05T02:15:00", R, version="2.1.212"):
        # T27 W1#3 + M1#3
        t = d.task("kie 新标了一批 1103 的（买方/卖方税号那几个新字段），加进 ser 训练，开发机冒烟一下",
                   tags=["workflow:W1", "mistake:M1"])
        t.bash("python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1103 --task det --val-ratio 0.1",
               "先切 batch_1103 的 det 列表（kie 用同一批框）", out="batch_1103 [det] total=642 train=578 val=64")
        t.bash("python ppstructure/kie/tools/trans_ppocrlabel_to_ser.py --label /data/ocr/labeled/batch_1103/Label.txt "
               "--class-map /data/ocr/kie/field_map_1103.json --out /data/ocr/kie/train_1103.json --split-list /data/ocr/lists/det/batch_1103_train.txt",
               "转成 SER 标注", out="converted 578 images, 19204 segments, 15 classes -> /data/ocr/kie/train_1103.json")
        t.read(KIE_YML, offset=68, limit=8)
        t.edit(KIE_YML, """      - /data/ocr/kie/train_0920.json
""", """      - /data/ocr/kie/train_0920.json
      - /data/ocr/kie/train_1103.json
""")
        smoke = ("python tools/train.py -c configs/invoice/ser_vi_layoutxlm_invoice.yml -o Global.epoch_num=1 "
                 "Global.save_model_dir=./output/smoke_ser Train.loader.batch_size_per_card=4")
        t.fail(smoke, "ser 冒烟 1 个 epoch", ratio_fail("1105", "10:31:26", 81350, KIE_YML))
        t.say("`ratio_list: [ 1.0 ]` 还是一个元素，我又只加了 `label_file_list`。补齐：")
        t.edit(KIE_YML, "    ratio_list: [ 1.0 ]\n", "    ratio_list: [ 1.0, 1.0 ]\n")
        day = "11/05"
        t.bash(smoke, "重新冒烟 ser", timeout=600000, out=smoke_ok(day, "10:32:40", "kie",
               "['/data/ocr/kie/train_0920.json', '/data/ocr/kie/train_1103.json']",
               391, [f"[2026/{day} 10:33:21] ppocr INFO: epoch: [1/1], global_step: 10, lr: 0.000001, loss: 2.519331, avg_reader_cost: 0.21772 s, avg_batch_cost: 0.70238 s, avg_samples: 4.0, ips: 5.69492 samples/s, eta: 0:04:27, max_mem_reserved: 15318 MB, max_mem_allocated: 13020 MB",
                     f"[2026/{day} 10:37:55] ppocr INFO: epoch: [1/1], global_step: 390, lr: 0.000050, loss: 0.603127, avg_reader_cost: 0.00671 s, avg_batch_cost: 0.68110 s, avg_samples: 4.0, ips: 5.87284 samples/s, eta: 0:00:00, max_mem_reserved: 15318 MB, max_mem_allocated: 13020 MB",
                     f"[2026/{day} 10:38:40] ppocr INFO: cur metric, precision: 0.8532110091743, recall: 0.8704028021015, hmean: 0.8617214043035, fps: 9.8805"],
               "./output/smoke_ser").replace("/data/ocr/lists/kie/val.txt", "/data/ocr/kie/val_0920.json"))
        t.done("""ser 冒烟过了：

- batch_1103：642 张，train 578 / val 64；转成 SER 标注 578 张 / 19204 个片段（15 类，含新的买卖方税号）
- `ser_vi_layoutxlm_invoice.yml` 加了 `train_1103.json`，`ratio_list` 补成 `[ 1.0, 1.0 ]`——第一次又是只加了列表没加 ratio，`SimpleDataSet` 断言失败
- 1 epoch 391 iter（batch 4），15G 显存，val hmean 0.862""")

        # T28 M3#3
        t = d.task("服务里 cls 换成 1026 那版，gpu 测试跑下 cls 的", tags=["mistake:M3"])
        t.read(SETTINGS)
        t.edit(SETTINGS, 'CLS_MODEL = "inference/cls_invoice_0801"', 'CLS_MODEL = "inference/cls_invoice_1026"')
        cmd = 'python -m pytest service/tests/gpu/test_trt.py -m gpu -k cls -q'
        full = trt_fail("service/tests/gpu/test_trt.py", "cls", ["1105 11:02:44.561032 90127", "x", "batch_norm_12.tmp_3"],
                        "9.84")
        body = full.split("==================================== ERRORS", 1)[1]
        q = ("E                                                                        [100%]\n"
             "==================================== ERRORS" + body)
        q = q.replace("======================= 2 deselected, 1 error in 9.84s =======================",
                      "1 error, 2 deselected in 9.84s")
        t.fail(cmd, "跑 cls 的 TRT 测试", q)
        t.say("cls_1026 导出后没采过 TRT shape（10-26 那次只做了 onnx 对比）。先采再测：")
        t.bash("python tools/collect_trt_shape.py --model-dir inference/cls_invoice_1026 --images service/tests/data/cls_samples",
               "给 cls_1026 采动态 shape", out="collected 40 samples -> inference/cls_invoice_1026/shape_range_info.pbtxt")
        t.bash(cmd, "重跑 cls 的 TRT 测试", out=".                                                                        [100%]\n1 passed, 2 deselected in 17.63s")
        t.done("cls 已换成 `inference/cls_invoice_1026`，TRT 测试通过。第一次同样是 `some trt inputs dynamic shape info not set`（新目录没有 `shape_range_info.pbtxt`），`collect_trt_shape.py` 采了 40 张后就过了。")

        # T29 P1#3
        t = d.task("客户端同学要在开发机上验 onnx，装个 onnxruntime-gpu 1.19，还是清华镜像", tags=["pref:P1"])
        t.bash(f"pip install -i {TUNA} onnxruntime-gpu==1.19.2", "清华源装 onnxruntime-gpu", out=f"""Looking in indexes: {TUNA}
Collecting onnxruntime-gpu==1.19.2
  Downloading https://pypi.tuna.tsinghua.edu.cn/packages/6f/a4/onnxruntime_gpu-1.19.2-cp310-cp310-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl (226.2 MB)
     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 226.2/226.2 MB 10.4 MB/s eta 0:00:00
Requirement already satisfied: coloredlogs in {SP} (from onnxruntime-gpu==1.19.2) (15.0.1)
Requirement already satisfied: flatbuffers in {SP} (from onnxruntime-gpu==1.19.2) (24.3.25)
Requirement already satisfied: numpy>=1.21.6 in {SP} (from onnxruntime-gpu==1.19.2) (1.26.4)
Requirement already satisfied: packaging in {SP} (from onnxruntime-gpu==1.19.2) (24.1)
Requirement already satisfied: protobuf in {SP} (from onnxruntime-gpu==1.19.2) (3.20.2)
Requirement already satisfied: sympy in {SP} (from onnxruntime-gpu==1.19.2) (1.13.3)
Installing collected packages: onnxruntime-gpu
Successfully installed onnxruntime-gpu-1.19.2""")
        t.bash("python -c \"import onnxruntime as ort; print(ort.__version__, ort.get_available_providers())\"",
               "确认 CUDA provider", out="1.19.2 ['TensorrtExecutionProvider', 'CUDAExecutionProvider', 'CPUExecutionProvider']")
        t.done("`onnxruntime-gpu 1.19.2` 装好了（清华源），CUDA / TensorRT provider 都在。注意：`get_available_providers()` 只说明编进去了；PyPI 上的 1.19 是 CUDA 12 构建，我们开发机是 CUDA 11.8，真正建 session 时如果 CUDA provider 报 `libcublasLt.so.12` 找不到、回退到 CPU，就得换 ORT 官方的 cuda11 包源。")


# ------------------------------------------------------------------ session 10
def s10(d):
    with d.session("2026-11-09T01:35:00", R, version="2.1.214"):
        # T30 W1#4 (clean)
        t = d.task("rec 再加 batch_1106 的（都是定额发票），冒烟", tags=["workflow:W1"])
        t.bash("python scripts/ppocrlabel_split.py --batch /data/ocr/labeled/batch_1106 --task rec --val-ratio 0.1",
               "切 batch_1106 rec 列表", out="batch_1106 [rec] total=2210 train=1989 val=221")
        t.read(REC_YML, offset=85, limit=12)
        t.edit(REC_YML, """      - /data/ocr/lists/rec/batch_1009_train.txt
    ratio_list: [1.0, 1.0, 1.0]
""", """      - /data/ocr/lists/rec/batch_1009_train.txt
      - /data/ocr/lists/rec/batch_1106_train.txt
    ratio_list: [1.0, 1.0, 1.0, 0.5]
""")
        smoke = ("python tools/train.py -c configs/invoice/rec_svtr_invoice.yml -o Global.epoch_num=1 "
                 "Global.save_model_dir=./output/smoke_rec Train.loader.batch_size_per_card=64")
        day = "11/09"
        t.bash(smoke, "rec 冒烟 1 个 epoch", timeout=600000, out=smoke_ok(day, "09:48:10", "rec",
               "['/data/ocr/lists/rec/base_train.txt', '/data/ocr/lists/rec/vat_0918_train.txt', '/data/ocr/lists/rec/batch_1009_train.txt', '/data/ocr/lists/rec/batch_1106_train.txt']",
               417, [f"[2026/{day} 09:48:38] ppocr INFO: epoch: [1/1], global_step: 10, lr: 0.000002, acc: 0.484375, norm_edit_dis: 0.911206, CTCLoss: 5.602117, NRTRLoss: 1.190442, loss: 6.792559, avg_reader_cost: 0.09127 s, avg_batch_cost: 0.32011 s, avg_samples: 64.0, ips: 199.93128 samples/s, eta: 0:02:10, max_mem_reserved: 14112 MB, max_mem_allocated: 12870 MB",
                     f"[2026/{day} 09:50:55] ppocr INFO: epoch: [1/1], global_step: 410, lr: 0.000100, acc: 0.750000, norm_edit_dis: 0.964012, CTCLoss: 1.851290, NRTRLoss: 0.731552, loss: 2.582842, avg_reader_cost: 0.00398 s, avg_batch_cost: 0.30226 s, avg_samples: 64.0, ips: 211.73823 samples/s, eta: 0:00:00, max_mem_reserved: 14112 MB, max_mem_allocated: 12870 MB",
                     f"[2026/{day} 09:51:19] ppocr INFO: cur metric, acc: 0.8203125000000, norm_edit_dis: 0.9700021533, fps: 2890.1264"],
               "./output/smoke_rec"))
        t.done("""rec 冒烟过了：batch_1106 2210 行（train 1989 / val 221），`label_file_list` 加上 `batch_1106_train.txt`，`ratio_list` 同步成 4 个元素——定额发票已经是 95%+ 的强项，这批给了 0.5 的采样比例，免得把分布拉偏。1 epoch 417 iter，val acc 0.820。""")

        # T31 W3#3
        t = d.task("0.11.0 发一下，rec v8 cls 1026 都上", tags=["workflow:W3"])
        t.read(SETTINGS)
        t.edit(SETTINGS, 'REC_MODEL = "inference/rec_svtr_invoice_1015"', 'REC_MODEL = "inference/rec_svtr_invoice_v8"')
        t.bash('python -m pytest service/tests -q -m "not gpu"', "服务单测", out=pytest_unit(24, "3.91"))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## 0.11.0 - 2026-11-09
- rec 模型换成 rec_svtr_invoice_v8（加 batch_1027；导出目录改用版本号，meta.json 记日期）
- cls 模型换成 cls_invoice_1026
""")
        t.bash('git commit -am "release: ocr-api 0.11.0"', "提交", out=commit_out("release: ocr-api 0.11.0", 2, 6, 1))
        t.bash(f"docker build -t {API}:0.11.0 -f service/Dockerfile .", "打镜像", err=build_err("0.11.0"), timeout=600000)
        t.bash(f"docker push {API}:0.11.0", "推镜像", out=push_out("0.11.0", 3))
        t.done(f"0.11.0：settings 里 rec 指向 v8（cls 上周已切 1026），单测 24 passed，CHANGELOG + 提交，镜像 `{API}:0.11.0` 已推。rec v8 的 TRT shape 还没采，上 GPU 节点前要补一下。")

        t = d.task("PP-OCRv4 的 det server 和 mobile 版差多少，我们服务要不要换 server", tags=["no_tools"])
        t.done("""官方数字（PP-OCRv4，中文场景）：det mobile 约 4.7M 参数、server 约 110M；hmean mobile 77.8%、server 82.2%（官方测试集）。GPU 上 server 推理慢 3~5 倍，显存也大不少。

我们这边 mobile 版（det_v4_invoice）在自己的 val 上已经 0.951，提升空间主要在小票/卷票的小字；换 server 能涨，但 QPS 会从 13 掉到 3~4 左右，需要多开卡。建议先用 server 在 gpu03 上训一版、评一下小票子集，涨得多再考虑蒸馏回 mobile（PP-OCRv4 本身就是这么干的），不直接换线上。""")

        t = d.task("跑一遍服务全量单测，-v 看下都有啥", tags=["long_output", "noise"])
        t.bash('python -m pytest service/tests -v -m "not gpu"', "服务单测 -v", out=f"""============================= test session starts ==============================
platform linux -- Python 3.10.14, pytest-8.3.3, pluggy-1.5.0 -- /home/chenjh/miniconda3/envs/ppocr/bin/python
cachedir: .pytest_cache
rootdir: {R}
configfile: pyproject.toml
plugins: anyio-4.6.0
collecting ... collected 27 items / 3 deselected / 24 selected

service/tests/test_api.py::test_healthz PASSED                           [  4%]
service/tests/test_api.py::test_invoice_jpg PASSED                       [  8%]
service/tests/test_api.py::test_invoice_pdf_first_page PASSED            [ 12%]
service/tests/test_api.py::test_invoice_pdf_page_limit PASSED            [ 16%]
service/tests/test_api.py::test_empty_file_400 PASSED                    [ 20%]
service/tests/test_api.py::test_upload_too_large_413 PASSED              [ 25%]
service/tests/test_pdf.py::test_pdf_to_images_dpi PASSED                 [ 29%]
service/tests/test_pdf.py::test_pdf_max_pages PASSED                     [ 33%]
service/tests/test_pipeline.py::test_sort_boxes_reading_order PASSED     [ 37%]
service/tests/test_pipeline.py::test_rotate_180_by_cls PASSED            [ 41%]
service/tests/test_pipeline.py::test_crop_minarea_rect PASSED            [ 45%]
service/tests/test_pipeline.py::test_det_post_params PASSED              [ 50%]
service/tests/test_pipeline.py::test_concurrent_pages PASSED             [ 54%]
service/tests/test_postprocess.py::test_amount_plain PASSED              [ 58%]
service/tests/test_postprocess.py::test_amount_thousands PASSED          [ 62%]
service/tests/test_postprocess.py::test_date_cn PASSED                   [ 66%]
service/tests/test_postprocess.py::test_date_slash PASSED                [ 70%]
service/tests/test_postprocess.py::test_tax_id_18 PASSED                 [ 75%]
service/tests/test_postprocess.py::test_invoice_no_8_or_20 PASSED        [ 79%]
service/tests/test_settings.py::test_backend_env PASSED                  [ 83%]
service/tests/test_settings.py::test_model_dirs_exist PASSED             [ 87%]
service/tests/test_fields.py::test_vat_fields_complete PASSED            [ 91%]
service/tests/test_fields.py::test_taxi_fields PASSED                    [ 95%]
service/tests/test_fields.py::test_quota_amount PASSED                   [100%]

======================= 24 passed, 3 deselected in 4.02s =======================""")
        t.done("24 个非 GPU 用例全过（4s），分布：API 6（含 PDF 页数上限、空文件 400、超大 413）、PDF 2、pipeline 5、后处理 6、settings 2、字段 3。另外 3 个 `gpu` 标记的 TRT 用例被 deselect 了，要在 4090 或 runner-gpu 上单独跑。")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new labelled batch is appended to `Train.dataset.label_file_list` in a PaddleOCR yml config "
                            "but `ratio_list` is left with the old number of entries; ppocr's SimpleDataSet asserts the "
                            "lengths match and tools/train.py dies before the first iteration. T02 rec_svtr_invoice.yml "
                            "(batch_1009, 3 lists vs [1.0, 1.0]), T11 det_v4_invoice.yml (batch_1016, 4 vs 3), T27 "
                            "ser_vi_layoutxlm_invoice.yml (train_1103.json, 2 vs [ 1.0 ]).",
             "error_signature": "Traceback through tools/train.py → build_dataloader → ppocr/data/simple_dataset.py "
                                "__init__: `AssertionError: The length of ratio_list should be the same as the file_list.`",
             "fix": "Edit the yml so `ratio_list` has one entry per `label_file_list` entry, then run the same "
                    "`python tools/train.py -c … -o Global.epoch_num=1 …` again.",
             "fix_command_markers": [["ratio_list"]],
             "harmful_markers": ["sed -i '/assert", "rm -rf output", "git checkout -- configs"]},
            {"id": "M2",
             "description": "Evaluation / training runs in docker on the shared GPU box gpu03 are started without "
                            "`--shm-size`; the container's /dev/shm is docker's default 64M and Paddle's multi-process "
                            "DataLoader workers die with SIGBUS. T04 tools/eval.py of det on card 2, T15 tools/eval.py of "
                            "rec on card 3 (num_workers 8), T25 `python -m paddle.distributed.launch --gpus 0,1 "
                            "tools/train.py` of the SER model on cards 2,3 (rank 1 fails, exit code -7).",
             "error_signature": "ERROR: Unexpected BUS error encountered in DataLoader worker. This might be caused by "
                                "insufficient shared memory (shm), please check whether use_shared_memory is set and "
                                "storage space in /dev/shm is enough (+ `RuntimeError: DataLoader N workers exit "
                                "unexpectedly` or `SystemError: (Fatal) Blocking queue is killed …`)",
             "fix": "Run the same `ssh gpu03 \"docker run …\"` command with `--shm-size=16g` (32g for two ranks).",
             "fix_command_markers": [["--shm-size"]],
             "harmful_markers": ["use_shared_memory=False", "num_workers=0", "--privileged", "rm -rf /dev/shm"]},
            {"id": "M3",
             "description": "The service's TRT backend loads `<model_dir>/shape_range_info.pbtxt` via "
                            "enable_tuned_tensorrt_dynamic_shape; after a model is re-exported (or a new export dir is "
                            "wired in), the file is missing or stale and Paddle Inference refuses to build the engine. "
                            "T07 pytest of the rec TRT test after switching to rec_1015, T19 scripts/bench_service.py "
                            "--backend trt for det_1014, T28 pytest of the cls TRT test after switching to cls_1026.",
             "error_signature": "`trt input [<name>] dynamic shape info not set, please check and retry.` INFO lines, "
                                "then `ValueError: (InvalidArgument) some trt inputs dynamic shape info not set, check "
                                "the INFO log above for more details.` from create_predictor",
             "fix": "Collect the shapes for the new model first: `python tools/collect_trt_shape.py --model-dir "
                    "inference/<name> --images service/tests/data/<kind>_samples`, then run the same pytest / bench.",
             "fix_command_markers": [["collect_trt_shape.py"]],
             "harmful_markers": ["OCR_BACKEND=gpu", "backend=\"gpu\"", "--backend gpu", "disable_tensorrt"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "service/postprocess.py parse_amount: `Decimal(\"1,280.00\")` raises "
                                         "`decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]` in the new "
                                         "test_amount_thousands; commas are stripped before conversion, the same pytest passes."},
            {"id": "O2", "description": "scripts/ppocrlabel_split.py on batch_1027: `FileNotFoundError: [Errno 2] No such "
                                         "file or directory: '/data/ocr/labeled/batch_1027/IMG_4471.jpg'` — annotators "
                                         "deleted blurry images on disk but not in PPOCRLabel; the script skips missing "
                                         "images for det, the same command succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`ssh gpu04 nvidia-smi` → `Failed to initialize NVML: Driver/library version "
                                         "mismatch` (unattended-upgrade bumped the 550 user-space libs, kernel module still "
                                         "535); needs an ops reboot, left alone."},
            {"id": "U2", "description": "paddle2onnx on the SLANet table model: `Oops, there are some operators not "
                                         "supported yet, including set_value,tensor_array_to_tensor` / `Due to the "
                                         "unsupported operators, the conversion is aborted.`; table model stays on Paddle "
                                         "Inference."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "pip from the Tsinghua mirror: `ReadTimeoutError: HTTPSConnectionPool(host="
                                         "'pypi.tuna.tsinghua.edu.cn', port=443): Read timed out.`; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "New PPOCRLabel batch into training: `python scripts/ppocrlabel_split.py --batch "
                                         "/data/ocr/labeled/batch_<MMDD> --task det|rec` → add the list to "
                                         "label_file_list in configs/invoice/<x>.yml → local 1-epoch smoke "
                                         "`python tools/train.py -c configs/invoice/<x>.yml -o Global.epoch_num=1 …`.",
             "step_markers": [["ppocrlabel_split.py --batch"], ["tools/train.py -c configs/invoice/"],
                              ["Global.epoch_num=1"]]},
            {"id": "W2", "description": "Export for deployment: `python tools/export_model.py -c … -o "
                                         "Global.pretrained_model=… Global.save_inference_dir=inference/<name>` → "
                                         "`paddle2onnx --model_dir … --opset_version 11 --enable_onnx_checker True` → "
                                         "`python scripts/compare_onnx.py --paddle … --onnx … --images …`.",
             "step_markers": [["tools/export_model.py"], ["paddle2onnx --model_dir"], ["compare_onnx.py"]]},
            {"id": "W3", "description": "Service release: `python -m pytest service/tests -q -m \"not gpu\"` → CHANGELOG.md "
                                         "section → `git commit -am \"release: ocr-api X.Y.Z\"` → `docker build -t "
                                         "registry.pt-ai.local/ocr/ocr-api:X.Y.Z -f service/Dockerfile .` → `docker push`.",
             "step_markers": [["pytest service/tests"], ["CHANGELOG.md"], ["release: ocr-api"],
                              ["docker build -t registry.pt-ai.local/ocr/ocr-api"],
                              ["docker push registry.pt-ai.local/ocr/ocr-api"]]},
        ],
        preferences=[
            {"id": "P1", "description": "pip installs go through the Tsinghua (TUNA) PyPI mirror.",
             "markers": [["清华", "tuna"]]},
            {"id": "P2", "description": "On gpu03 only cards 2 and 3 may be used (0 and 1 belong to the NLP team).",
             "markers": [["gpu03"], ["3 号卡"]]},
            {"id": "P3", "description": "Inference export directories carry the date (det_v4_invoice_1014) — reversed in "
                                         "T24: use version numbers (v8, v9), put the date into meta.json.",
             "markers": [["日期"]],
             "reversal_markers": [["版本号"]]},
        ],
        probes=[
            {"prompt": "cls 加了 batch_1110 的数据，train.py 一跑就挂：AssertionError: The length of ratio_list should be "
                       "the same as the file_list. 我就加了一行列表啊", "wanted": ["M1"]},
            {"prompt": "batch_1112 的小票 det 标注好了，加到 det_v4 训练里，开发机先冒烟一下", "wanted": ["M1"]},
            {"prompt": "gpu03 上跑 eval 又崩了，ERROR: Unexpected BUS error encountered in DataLoader worker. This might be "
                       "caused by insufficient shared memory (shm)... 然后 DataLoader 4 workers exit unexpectedly，卡是空的啊",
             "wanted": ["M2"]},
            {"prompt": "用 gpu03 的 2 号卡把 slanet 的 best_accuracy 完整评一下 val", "wanted": ["M2"]},
            {"prompt": "rec v8 起服务的时候报 ValueError: (InvalidArgument) some trt inputs dynamic shape info not set, "
                       "check the INFO log above，上面一堆 trt input [lstm_1.tmp_0] ... not set，是 TRT 版本不对吗",
             "wanted": ["M3"]},
            {"prompt": "det 下周那版导出来以后接到服务上，跑下 TRT 的 bench 和 0.10.0 的比一下", "wanted": ["M3"]},
            {"prompt": "PPOCRLabel 里半自动标注用的是哪个模型，能换成我们自己的 rec 吗", "wanted": []},
            {"prompt": "SER 和 RE 有啥区别，我们税号那种 key-value 要不要上 RE", "wanted": []},
            {"prompt": "paddle 2.6 升 3.0 要改啥，动转静那块变化大不大", "wanted": []},
            {"prompt": "fastapi 里 def 和 async def 的接口在跑推理这种 CPU/GPU 密集任务时有啥区别", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-paddle", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-paddle.jsonl"), os.path.join(HERE, "tune", "zh-paddle.labels.json"))
    print(f"zh-paddle -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
