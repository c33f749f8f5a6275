"""zh-cuda: 许博文 (Xu Bowen), HPC/GPU engineer on the inference team of 衡川智算 (an AI-infrastructure company).

Stack: custom CUDA 12.4 kernels for the inference engine: C++17, CMake + Ninja (engine/), nvcc, a PyTorch
C++/CUDA extension `hck._C` built with setup.py / torch.utils.cpp_extension (pip install -e . --no-build-isolation),
pybind11, Nsight Systems (nsys) / Nsight Compute (ncu), compute-sanitizer, pytest numerical tests against
reference implementations and golden tensors kept in Git LFS, A100 dev box (Claude Code runs there) and H800 boxes
reached over ssh, several CUDA toolkits side by side, a Docker image based on nvidia/cuda, git on an internal GitLab.
Prompts and replies in Chinese; tool output as the tools print it. cwd /home/xubowen/work/hck on a100-dev-07.

Written blind for fresh/; measured once held out (round 17), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "xubowen"
R = "/home/xubowen/work/hck"
MODEL = "claude-opus-4-6"
VENV = "/home/xubowen/venvs/infer"
SP = VENV + "/lib/python3.10/site-packages"
REG = "harbor.hengchuan.ai/infer/hck"
RSH = "cd ~/work/hck && source ~/venvs/infer/bin/activate && "
PIPE = "pip install -e . --no-build-isolation"

_rng = [random.Random(20261102)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def rd(t, d, path):
    """Read a file first unless this session already has."""
    if path not in d.sess["read"]:
        t.read(path)


SETUP_PY = '''import os

from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

# 每个 .cu / .cpp 都要显式列在这里，不用 glob（避免把实验文件编进去）
_SOURCES = [
    "csrc/ops.cpp",
    "csrc/rms_norm.cu",
    "csrc/fp8_quant.cu",
    "csrc/fp8_gemm.cu",
    "csrc/moe_align.cu",
]

_NVCC_FLAGS = [
    "-O3",
    "-std=c++17",
    "--use_fast_math",
    "--expt-relaxed-constexpr",
    "-lineinfo",
    "-U__CUDA_NO_HALF_OPERATORS__",
    "-U__CUDA_NO_HALF_CONVERSIONS__",
    "-U__CUDA_NO_BFLOAT16_CONVERSIONS__",
]

setup(
    name="hck",
    version=open("hck/version.py").read().split('"')[1],
    packages=find_packages(exclude=("tests", "bench")),
    ext_modules=[
        CUDAExtension(
            name="hck._C",
            sources=_SOURCES,
            include_dirs=[os.path.join(os.path.dirname(os.path.abspath(__file__)), "csrc")],
            extra_compile_args={"cxx": ["-O3", "-std=c++17"], "nvcc": _NVCC_FLAGS},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
'''

OPS_CPP = '''#include <torch/extension.h>

#include "ops.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.doc() = "hck: hengchuan inference kernels";
  m.def("rms_norm", &rms_norm, "RMSNorm (out, input, weight, eps)");
  m.def("fused_add_rms_norm", &fused_add_rms_norm, "residual add + RMSNorm, in place");
  m.def("static_scaled_fp8_quant", &static_scaled_fp8_quant, "fp8 e4m3 quant with a given scale");
  m.def("fp8_gemm", &fp8_gemm, "fp8 e4m3 GEMM, per-tensor scales, bf16 out");
  m.def("moe_align_block_size", &moe_align_block_size, "pad/sort token ids per expert");
}
'''

OPS_H = '''#pragma once

#include <torch/extension.h>

void rms_norm(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& weight, double eps);
void fused_add_rms_norm(torch::Tensor& input, torch::Tensor& residual, const torch::Tensor& weight, double eps);

void static_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& scale);
torch::Tensor fp8_gemm(const torch::Tensor& a, const torch::Tensor& b, const torch::Tensor& scale_a,
                       const torch::Tensor& scale_b);

void moe_align_block_size(const torch::Tensor& topk_ids, int64_t num_experts, int64_t block_size,
                          torch::Tensor& sorted_token_ids, torch::Tensor& expert_ids,
                          torch::Tensor& num_tokens_post_pad);
'''

OPS_PY = '''"""Python wrappers around hck._C (allocate outputs, check shapes)."""
import torch

from hck import _C


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    out = torch.empty_like(x)
    _C.rms_norm(out, x, weight, eps)
    return out


def fused_add_rms_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float = 1e-6) -> None:
    _C.fused_add_rms_norm(x, residual, weight, eps)


def static_scaled_fp8_quant(x: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x, dtype=torch.float8_e4m3fn)
    _C.static_scaled_fp8_quant(out, x, scale)
    return out


def fp8_gemm(a, b, scale_a, scale_b) -> torch.Tensor:
    return _C.fp8_gemm(a, b, scale_a, scale_b)
'''

RMS_CU = '''#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/extension.h>

#include "dispatch_utils.h"
#include "reduction_utils.cuh"

namespace hck {

template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                const scalar_t* __restrict__ weight, const float eps, const int hidden) {
  __shared__ float s_variance;
  float variance = 0.0f;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    const float x = static_cast<float>(input[blockIdx.x * hidden + i]);
    variance += x * x;
  }
  variance = blockReduceSum<float>(variance);
  if (threadIdx.x == 0) s_variance = rsqrtf(variance / hidden + eps);
  __syncthreads();
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    const float x = static_cast<float>(input[blockIdx.x * hidden + i]);
    out[blockIdx.x * hidden + i] = static_cast<scalar_t>(x * s_variance) * weight[i];
  }
}

}  // namespace hck

void rms_norm(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& weight, double eps) {
  const int hidden = input.size(-1);
  const int tokens = input.numel() / hidden;
  dim3 grid(tokens);
  dim3 block(std::min(hidden, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {
    hck::rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), weight.data_ptr<scalar_t>(), eps, hidden);
  });
}
'''

FP8Q_CU = '''#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_fp8.h>
#include <torch/extension.h>

#include "dispatch_utils.h"

namespace hck {

constexpr float FP8_E4M3_MAX = 448.0f;

template <typename scalar_t>
__global__ void scaled_fp8_quant_kernel(__nv_fp8_e4m3* __restrict__ out, const scalar_t* __restrict__ input,
                                        const float* __restrict__ scale, int64_t n) {
  const float inv_scale = 1.0f / *scale;
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x) {
    const float x = static_cast<float>(input[i]) * inv_scale;
    out[i] = __nv_fp8_e4m3(fminf(fmaxf(x, -FP8_E4M3_MAX), FP8_E4M3_MAX));
  }
}

}  // namespace hck

void static_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input, const torch::Tensor& scale) {
  const int64_t n = input.numel();
  dim3 grid(std::min<int64_t>((n + 1023) / 1024, 65535));
  dim3 block(1024);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "scaled_fp8_quant_kernel", [&] {
    hck::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
        reinterpret_cast<__nv_fp8_e4m3*>(out.data_ptr()), input.data_ptr<scalar_t>(), scale.data_ptr<float>(), n);
  });
}
'''

README = '''# hck — hengchuan inference kernels

推理引擎用的自定义 CUDA kernel（RMSNorm、fp8 量化/GEMM、MoE 路由等），以 PyTorch 扩展 `hck._C` 的形式提供，
C++ runtime 在 `engine/`（CMake + Ninja）。

## 环境

- CUDA 12.4（`/usr/local/cuda-12.4`），PyTorch 2.5.1+cu124，Python 3.10，venv `~/venvs/infer`
- 开发机 a100-dev-07（sm_80），H800 机器 h800-03 / h800-05（sm_90）
- `TORCH_CUDA_ARCH_LIST="8.0;9.0"` 已写在 `~/.bashrc`

## 构建

```bash
pip install -e . --no-build-isolation
```

新的 kernel 文件要加到 `setup.py` 的 `_SOURCES` 里。

## 测试

```bash
python -m pytest tests/ -q
```

golden 张量（从线上模型 dump 的参考输出）在 `tests/golden/`，用 Git LFS 管理，体积很大（几十 GB），
所以仓库统一用 `GIT_LFS_SKIP_SMUDGE=1` clone，需要哪部分再 `git lfs pull --include=...` 拉下来。

## 镜像

`docker/Dockerfile`，基于 `nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04`，推到 `harbor.hengchuan.ai/infer/hck`。
'''

CMAKE = '''cmake_minimum_required(VERSION 3.24)
project(hck_engine LANGUAGES CXX CUDA)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CUDA_STANDARD 17)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)

if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 80 90)
endif()

add_library(engine_core STATIC
  src/scheduler.cpp
  src/kv_cache.cpp
  src/gemm_runner.cu
)
target_include_directories(engine_core PUBLIC include)
target_compile_options(engine_core PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr -lineinfo>)

add_executable(engine_bench tools/engine_bench.cpp)
target_link_libraries(engine_bench PRIVATE engine_core)
'''

DOCKERFILE = '''FROM nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04

ENV DEBIAN_FRONTEND=noninteractive \\
    TORCH_CUDA_ARCH_LIST="8.0;9.0" \\
    MAX_JOBS=32

RUN apt-get update && apt-get install -y --no-install-recommends python3.10 python3-pip python3.10-dev ninja-build git \\
    && rm -rf /var/lib/apt/lists/*

RUN pip3 install --no-cache-dir -i https://pypi.hengchuan.ai/simple torch==2.5.1 pytest==8.3.3 safetensors==0.4.5 numpy==1.26.4

WORKDIR /opt/hck
COPY . /opt/hck
RUN pip3 install --no-cache-dir --no-build-isolation -e .

CMD ["python3", "-c", "import hck; print(hck.__version__)"]
'''

TEST_RMS = '''import pytest
import torch

from hck import ops
from tests.golden_utils import load_golden


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("tokens,hidden", [(1, 4096), (7, 5120), (128, 8192), (2048, 8192)])
def test_rms_norm_vs_ref(tokens, hidden, dtype):
    torch.manual_seed(0)
    x = torch.randn(tokens, hidden, dtype=dtype, device="cuda")
    w = torch.randn(hidden, dtype=dtype, device="cuda")
    ref = (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6)).to(dtype) * w
    torch.testing.assert_close(ops.rms_norm(x, w), ref, atol=2e-2, rtol=2e-2)


def test_rms_norm_golden_qwen_layer0():
    g = load_golden("rms_norm/qwen2_72b_layer0.safetensors")
    out = ops.rms_norm(g["input"], g["weight"], 1e-6)
    torch.testing.assert_close(out, g["output"], atol=1e-2, rtol=1e-2)
'''

GOLDEN_UTILS = '''import os

from safetensors.torch import load_file

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "golden")


def load_golden(rel: str, device: str = "cuda"):
    """Load a golden tensor file (Git LFS) onto the GPU."""
    return load_file(os.path.join(GOLDEN_DIR, rel), device=device)
'''

BENCH_RMS = '''import argparse

import torch

from hck import ops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=4096)
    ap.add_argument("--hidden", type=int, default=8192)
    ap.add_argument("--iters", type=int, default=50)
    a = ap.parse_args()
    x = torch.randn(a.tokens, a.hidden, dtype=torch.bfloat16, device="cuda")
    w = torch.randn(a.hidden, dtype=torch.bfloat16, device="cuda")
    for _ in range(a.iters):
        ops.rms_norm(x, w)
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
'''

FILES = {
    P("README.md"): README,
    P("setup.py"): SETUP_PY,
    P("csrc/ops.cpp"): OPS_CPP,
    P("csrc/ops.h"): OPS_H,
    P("csrc/rms_norm.cu"): RMS_CU,
    P("csrc/fp8_quant.cu"): FP8Q_CU,
    P("hck/ops.py"): OPS_PY,
    P("hck/version.py"): '__version__ = "0.4.0"\n',
    P("tests/test_rms_norm.py"): TEST_RMS,
    P("tests/golden_utils.py"): GOLDEN_UTILS,
    P("bench/bench_rms_norm.py"): BENCH_RMS,
    P("engine/CMakeLists.txt"): CMAKE,
    P("docker/Dockerfile"): DOCKERFILE,
    P(".gitattributes"): "tests/golden/** filter=lfs diff=lfs merge=lfs -text\n",
}


# ---------------------------------------------------------------- output helpers
def pip_ok(ver="0.4.0", old=None):
    old = old or ver
    return (f"Obtaining file://{R}\n  Preparing metadata (setup.py) ... done\n"
            f"Installing collected packages: hck\n  Attempting uninstall: hck\n    Found existing installation: hck {old}\n"
            f"    Uninstalling hck-{old}:\n      Successfully uninstalled hck-{old}\n"
            f"  DEPRECATION: Legacy editable install of hck=={ver} from file://{R} (setup.py develop) is deprecated. "
            "pip 25.0 will enforce this behaviour change. A possible replacement is to add a pyproject.toml or enable "
            "--use-pep517, and use setuptools >= 64. If the resulting installation is not behaving as expected, try using "
            "--config-settings editable_mode=compat. Please consider using a build backend that supports PEP 660. "
            "Discussion can be found at https://github.com/pypa/pip/issues/11457\n"
            f"  Running setup.py develop for hck\nSuccessfully installed hck-{ver}")


def cuda_mismatch(home, detected, ver="0.4.0", host_root="/home/xubowen"):
    sp = f"{host_root}/venvs/infer/lib/python3.10/site-packages"
    inner = f"""running develop
/home/xubowen/venvs/infer/lib/python3.10/site-packages/setuptools/command/develop.py:41: EasyInstallDeprecationWarning: easy_install command is deprecated.
!!

        ********************************************************************************
        Please avoid running ``setup.py`` and ``easy_install``.
        Instead, use pypa/build, pypa/installer or other
        standards-based tools.

        See https://github.com/pypa/setuptools/issues/917 for details.
        ********************************************************************************

!!
  easy_install.initialize_options(self)
running egg_info
writing hck.egg-info/PKG-INFO
writing dependency_links to hck.egg-info/dependency_links.txt
writing top-level names to hck.egg-info/top_level.txt
reading manifest file 'hck.egg-info/SOURCES.txt'
writing manifest file 'hck.egg-info/SOURCES.txt'
running build_ext
Traceback (most recent call last):
  File "<string>", line 2, in <module>
  File "<pip-setuptools-caller>", line 34, in <module>
  File "{host_root}/work/hck/setup.py", line 29, in <module>
    setup(
  File "{sp}/setuptools/__init__.py", line 117, in setup
    return distutils.core.setup(**attrs)
  ...
  File "{sp}/setuptools/_distutils/cmd.py", line 316, in run_command
    self.distribution.run_command(command)
  File "{sp}/setuptools/command/build_ext.py", line 99, in run
    _build_ext.run(self)
  File "{sp}/setuptools/_distutils/command/build_ext.py", line 365, in run
    self.build_extensions()
  File "{sp}/torch/utils/cpp_extension.py", line 525, in build_extensions
    _check_cuda_version(compiler_name, compiler_version)
  File "{sp}/torch/utils/cpp_extension.py", line 413, in _check_cuda_version
    raise RuntimeError(CUDA_MISMATCH_MESSAGE.format(cuda_str_version, torch.version.cuda))
RuntimeError:
The detected CUDA version ({detected}) mismatches the version that was used to compile
PyTorch (12.4). Please make sure to use the same CUDA version.
"""
    n = inner.count("\n") + 1
    ind = "\n".join(("        " + l) if l else "" for l in inner.split("\n"))
    return (f"Obtaining file://{host_root}/work/hck\n  Preparing metadata (setup.py) ... done\n"
            f"Installing collected packages: hck\n"
            f"  DEPRECATION: Legacy editable install of hck=={ver} from file://{host_root}/work/hck (setup.py develop) is deprecated. "
            "pip 25.0 will enforce this behaviour change. A possible replacement is to add a pyproject.toml or enable "
            "--use-pep517, and use setuptools >= 64. If the resulting installation is not behaving as expected, try using "
            "--config-settings editable_mode=compat. Please consider using a build backend that supports PEP 660. "
            "Discussion can be found at https://github.com/pypa/pip/issues/11457\n"
            f"  Running setup.py develop for hck\n"
            "    error: subprocess-exited-with-error\n    \n"
            "    × python setup.py develop did not run successfully.\n    │ exit code: 1\n"
            f"    ╰─> [{n} lines of output]\n{ind}\n        [end of output]\n    \n"
            "    note: This error originates from a subprocess, and is likely not a problem with pip.\n"
            "error: subprocess-exited-with-error\n\n× python setup.py develop did not run successfully.\n│ exit code: 1\n"
            "╰─> See above for output.\n\nnote: This error originates from a subprocess, and is likely not a problem with pip.")


def pyt_q(n, secs, dots=None, warn=None):
    dots = dots or "." * n
    lines = []
    while dots:
        chunk, dots = dots[:72], dots[72:]
        pct = 100 if not dots else int(100 * (n - len(dots)) / n)
        lines.append(f"{chunk:<73}[{pct:>3}%]")
    tail = f"{n} passed in {secs}s"
    if warn:
        tail = f"{n} passed, {warn} warnings in {secs}s"
    return "\n".join(lines) + "\n" + tail


def pyt_import_err(test, mod_line, so_err):
    bar = "_" * ((80 - len(f" ERROR collecting {test} ")) // 2)
    return f"""
==================================== ERRORS ====================================
{bar} ERROR collecting {test} {bar}
ImportError while importing test module '{R}/{test}'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
/usr/lib/python3.10/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
{test}:{mod_line}: in <module>
    from hck import ops
hck/ops.py:4: in <module>
    from hck import _C
E   ImportError: {so_err}
=========================== short test summary info ============================
ERROR {test}
!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!
1 error in 2.{_rng[0].randint(10, 99)}s"""


SO = f"{R}/hck/_C.cpython-310-x86_64-linux-gnu.so"


def lfs_err(test, fn, golden, line, root=R, dots=""):
    bar = "_" * ((80 - len(f" {fn} ")) // 2)
    return f"""{dots}F
=================================== FAILURES ===================================
{bar} {fn} {bar}

{test}:{line}: in {fn.split('[')[0]}
    g = load_golden("{golden}")
tests/golden_utils.py:10: in load_golden
    return load_file(os.path.join(GOLDEN_DIR, rel), device=device)
{root.replace('/work/hck', '')}/venvs/infer/lib/python3.10/site-packages/safetensors/torch.py:313: in load_file
    with safe_open(filename, framework="pt", device=device) as f:
E   safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge
=========================== short test summary info ============================
FAILED {test}::{fn} - safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge
!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!
1 failed{f", {len(dots)} passed" if dots else ""} in 3.{_rng[0].randint(10, 99)}s"""


def sanitizer(n, secs):
    return "========= COMPUTE-SANITIZER\n" + pyt_q(n, secs) + "\n========= ERROR SUMMARY: 0 errors"


def nsys_prof(name, root="/home/xubowen/work/hck"):
    return (f"Collecting data...\nGenerating '/tmp/nsys-report-{hx(4)}.qdstrm'\n"
            f"[1/1] [========================100%] {name}.nsys-rep\nGenerated:\n    {root}/prof/{name}.nsys-rep")


def kern_sum(name, rows):
    hdr = (f"Generating SQLite file prof/{name}.sqlite from prof/{name}.nsys-rep\n"
           f"Processing [prof/{name}.sqlite] with [/usr/local/cuda-12.4/nsight-systems-2023.4.4/host-linux-x64/reports/cuda_gpu_kern_sum.py]... \n\n"
           " ** CUDA GPU Kernel Summary (cuda_gpu_kern_sum):\n\n"
           " Time (%)  Total Time (ns)  Instances  Avg (ns)   Med (ns)   Min (ns)  Max (ns)  StdDev (ns)                                                  Name                                                \n"
           " --------  ---------------  ---------  ---------  ---------  --------  --------  -----------  ----------------------------------------------------------------------------------------------------")
    out = [hdr]
    for pct, tot, inst, avg, med, mn, mx, sd, nm in rows:
        out.append(f" {pct:>8}  {tot:>15}  {inst:>9}  {avg:>9}  {med:>9}  {mn:>8}  {mx:>8}  {sd:>11}  {nm}")
    return "\n".join(out)


def ncu_run(pid, kernel, rep, passes=38):
    return (f"==PROF== Connected to process {pid} ({VENV}/bin/python3.10)\n"
            f"==PROF== Profiling \"{kernel}\" - 0: 0%....50%....100% - {passes} passes\n"
            f"==PROF== Disconnected from process {pid}\n==PROF== Report: {R}/prof/{rep}.ncu-rep")


def sol(pid, sig, grid, block, vals):
    names = ["DRAM Frequency", "SM Frequency", "Elapsed Cycles", "Memory Throughput", "DRAM Throughput", "Duration",
             "L1/TEX Cache Throughput", "L2 Cache Throughput", "SM Active Cycles", "Compute (SM) Throughput"]
    units = ["cycle/nsecond", "cycle/nsecond", "cycle", "%", "%", "usecond", "%", "%", "cycle", "%"]
    lines = [f"[{pid}] python3.10@127.0.0.1",
             f"  {sig} ({grid})x({block}), Context 1, Stream 7, Device 0, CC 8.0",
             "    Section: GPU Speed Of Light Throughput",
             "    ----------------------- ------------- ------------",
             "    Metric Name               Metric Unit Metric Value",
             "    ----------------------- ------------- ------------"]
    for n, u, v in zip(names, units, vals):
        lines.append(f"    {n:<23} {u:>13} {v:>12}")
    lines.append("    ----------------------- ------------- ------------")
    return "\n".join(lines)


def docker_build(tag, secs, base_cached=False):
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.02kB done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04
#2 DONE 1.{_rng[0].randint(1, 9)}s

#3 [internal] load .dockerignore
#3 transferring context: 142B done
#3 DONE 0.0s

#4 [1/6] FROM docker.io/nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04@sha256:{hx(64)}
#4 {'CACHED' if base_cached else 'DONE 0.0s'}

#5 [internal] load build context
#5 transferring context: {_rng[0].randint(180, 260)}.{_rng[0].randint(1, 9)}MB 2.{_rng[0].randint(1, 9)}s done
#5 DONE 2.{_rng[0].randint(1, 9)}s

#6 [2/6] RUN apt-get update && apt-get install -y --no-install-recommends python3.10 python3-pip python3.10-dev ninja-build git     && rm -rf /var/lib/apt/lists/*
#6 CACHED

#7 [3/6] RUN pip3 install --no-cache-dir -i https://pypi.hengchuan.ai/simple torch==2.5.1 pytest==8.3.3 safetensors==0.4.5 numpy==1.26.4
#7 CACHED

#8 [4/6] WORKDIR /opt/hck
#8 CACHED

#9 [5/6] COPY . /opt/hck
#9 DONE 1.{_rng[0].randint(1, 9)}s

#10 [6/6] RUN pip3 install --no-cache-dir --no-build-isolation -e .
#10 DONE {secs}s

#11 exporting to image
#11 exporting layers
#11 exporting layers 9.{_rng[0].randint(1, 9)}s done
#11 writing image sha256:{hx(64)} done
#11 naming to {tag} done
#11 DONE 9.{_rng[0].randint(1, 9)}s"""


def docker_push(tag, ver):
    layers = [hx(12) for _ in range(4)]
    return (f"The push refers to repository [{REG}]\n"
            f"{layers[0]}: Pushed\n{layers[1]}: Pushed\n{layers[2]}: Layer already exists\n{layers[3]}: Layer already exists\n"
            f"{ver}: digest: sha256:{hx(64)} size: {_rng[0].randint(4000, 5200)}")


def git_push_mr(branch, mr, objs=9):
    return (f"Enumerating objects: {objs + 4}, done.\nCounting objects: 100% ({objs + 4}/{objs + 4}), done.\n"
            f"Delta compression using up to 64 threads\nCompressing objects: 100% ({objs}/{objs}), done.\n"
            f"Writing objects: 100% ({objs}/{objs}), {_rng[0].randint(3, 9)}.{_rng[0].randint(10, 99)} KiB | 8.{_rng[0].randint(10, 99)} MiB/s, done.\n"
            f"Total {objs} (delta {objs - 3}), reused 0 (delta 0), pack-reused 0\nremote: \n"
            f"remote: View merge request for {branch}:\n"
            f"remote:   https://git.hengchuan.ai/infer/hck/-/merge_requests/{mr}\nremote: \n"
            f"To git.hengchuan.ai:infer/hck.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def commit_out(branch, msg, nfiles, ins, dels=0, creates=()):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles != 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


ROPE_CU = '''#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/extension.h>

#include "dispatch_utils.h"

namespace hck {

// q/k: [tokens, heads, head_dim]，cos_sin: [tokens, rot_dim]（前半 cos，后半 sin）
template <typename scalar_t, bool NEOX>
__global__ void rotary_embedding_kernel(scalar_t* __restrict__ q, scalar_t* __restrict__ k,
                                        const float* __restrict__ cos_sin, const int num_heads,
                                        const int num_kv_heads, const int head_dim, const int rot_dim) {
  const int token = blockIdx.x;
  const int half = rot_dim / 2;
  const float* cs = cos_sin + token * rot_dim;
  for (int i = threadIdx.x; i < (num_heads + num_kv_heads) * half; i += blockDim.x) {
    const int head = i / half;
    const int r = i % half;
    scalar_t* base = head < num_heads ? q + (token * num_heads + head) * head_dim
                                      : k + (token * num_kv_heads + head - num_heads) * head_dim;
    const int x_idx = NEOX ? r : 2 * r;
    const int y_idx = NEOX ? r + half : 2 * r + 1;
    const float c = cs[r];
    const float s = cs[half + r];
    const float x = static_cast<float>(base[x_idx]);
    const float y = static_cast<float>(base[y_idx]);
    base[x_idx] = static_cast<scalar_t>(x * c - y * s);
    base[y_idx] = static_cast<scalar_t>(y * c + x * s);
  }
}

}  // namespace hck

void rotary_embedding_cuda(torch::Tensor& q, torch::Tensor& k, const torch::Tensor& cos_sin, bool neox) {
  TORCH_CHECK(q.is_contiguous() && k.is_contiguous(), "q/k must be contiguous");
  const int tokens = q.size(0);
  const int num_heads = q.size(1);
  const int num_kv_heads = k.size(1);
  const int head_dim = q.size(2);
  const int rot_dim = cos_sin.size(1);
  dim3 grid(tokens);
  dim3 block(std::min((num_heads + num_kv_heads) * rot_dim / 2, 512));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(q));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  HCK_DISPATCH_FLOATING_TYPES(q.scalar_type(), "rotary_embedding_kernel", [&] {
    if (neox) {
      hck::rotary_embedding_kernel<scalar_t, true><<<grid, block, 0, stream>>>(
          q.data_ptr<scalar_t>(), k.data_ptr<scalar_t>(), cos_sin.data_ptr<float>(), num_heads, num_kv_heads,
          head_dim, rot_dim);
    } else {
      hck::rotary_embedding_kernel<scalar_t, false><<<grid, block, 0, stream>>>(
          q.data_ptr<scalar_t>(), k.data_ptr<scalar_t>(), cos_sin.data_ptr<float>(), num_heads, num_kv_heads,
          head_dim, rot_dim);
    }
  });
}
'''

TEST_ROPE = '''import pytest
import torch

from hck import ops


def ref_rope(q, k, cos_sin, neox):
    half = cos_sin.shape[1] // 2
    cos, sin = cos_sin[:, None, :half], cos_sin[:, None, half:]

    def rot(x):
        x = x.float()
        if neox:
            x1, x2 = x[..., :half], x[..., half:2 * half]
            return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin, x[..., 2 * half:]], -1)
        x1, x2 = x[..., 0:2 * half:2], x[..., 1:2 * half:2]
        out = x.clone()
        out[..., 0:2 * half:2] = x1 * cos - x2 * sin
        out[..., 1:2 * half:2] = x2 * cos + x1 * sin
        return out

    return rot(q).to(q.dtype), rot(k).to(k.dtype)


@pytest.mark.parametrize("neox", [True, False])
@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("tokens,heads,kv_heads,head_dim", [(1, 32, 8, 128), (17, 64, 8, 128), (512, 28, 4, 128)])
def test_rotary_vs_ref(tokens, heads, kv_heads, head_dim, dtype, neox):
    torch.manual_seed(0)
    q = torch.randn(tokens, heads, head_dim, dtype=dtype, device="cuda")
    k = torch.randn(tokens, kv_heads, head_dim, dtype=dtype, device="cuda")
    pos = torch.arange(tokens, device="cuda", dtype=torch.float32)
    inv = 1.0 / (1e6 ** (torch.arange(0, head_dim, 2, device="cuda").float() / head_dim))
    freqs = torch.outer(pos, inv)
    cos_sin = torch.cat([freqs.cos(), freqs.sin()], -1)
    q_ref, k_ref = ref_rope(q, k, cos_sin, neox)
    ops.rotary_embedding(q, k, cos_sin, neox)
    torch.testing.assert_close(q, q_ref, atol=1e-2, rtol=1e-2)
    torch.testing.assert_close(k, k_ref, atol=1e-2, rtol=1e-2)
'''


def s1(d):
    with d.session("2026-11-02T02:08:00", R, branch="main", version="2.1.150"):
        t = d.task("我刚接手 hck 这个仓库，之前是李然在维护。你先帮我过一遍：kernel 怎么组织的、怎么编、测试和 golden 数据怎么管的",
                   tags=["noise"])
        t.read(P("README.md"))
        t.glob("**/*.{cu,cpp,h,py,txt}", [P("setup.py"), P("csrc/ops.cpp"), P("csrc/ops.h"), P("csrc/rms_norm.cu"),
                                          P("csrc/fp8_quant.cu"), P("csrc/fp8_gemm.cu"), P("csrc/moe_align.cu"),
                                          P("csrc/dispatch_utils.h"), P("hck/ops.py"), P("hck/version.py"),
                                          P("tests/test_rms_norm.py"), P("tests/test_fp8_quant.py"), P("tests/golden_utils.py"),
                                          P("bench/bench_rms_norm.py"), P("engine/CMakeLists.txt"), P("engine/src/gemm_runner.cu")],
               path=R)
        t.read(P("setup.py"))
        t.read(P("csrc/ops.cpp"))
        t.read(P("csrc/rms_norm.cu"))
        t.read(P("tests/test_rms_norm.py"))
        t.bash("git lfs ls-files | head -12", "看 LFS 管理的 golden 文件",
               out=f"""{hx(10)} * tests/golden/fp8_quant/llama3_70b_act_l12.safetensors
{hx(10)} * tests/golden/fp8_quant/llama3_70b_act_l40.safetensors
{hx(10)} - tests/golden/moe_align/dsv3_e256_top8_t1024.safetensors
{hx(10)} - tests/golden/moe_align/dsv3_e256_top8_t16384.safetensors
{hx(10)} * tests/golden/rms_norm/qwen2_72b_layer0.safetensors
{hx(10)} * tests/golden/rms_norm/qwen2_72b_layer79.safetensors""")
        t.done("""整体结构：

**kernel 和绑定**
- `csrc/*.cu`：每类算子一个文件（`rms_norm.cu`、`fp8_quant.cu`、`fp8_gemm.cu`、`moe_align.cu`），host 侧的入口函数（比如 `rms_norm(out, input, weight, eps)`）和 kernel 写在同一个文件里
- `csrc/ops.h` 声明这些入口，`csrc/ops.cpp` 里 `PYBIND11_MODULE` 把它们 `m.def` 出去，编出来是 `hck._C`
- `hck/ops.py` 是 Python 包装：分配输出、调 `_C`

**构建**
- `setup.py` 用 `torch.utils.cpp_extension.CUDAExtension`，源文件是显式列表 `_SOURCES`（注释写了不用 glob），nvcc 带 `-O3 --use_fast_math -lineinfo`
- 日常 `pip install -e . --no-build-isolation`；架构由 `~/.bashrc` 里的 `TORCH_CUDA_ARCH_LIST="8.0;9.0"` 决定
- `engine/` 是单独的 C++ runtime，CMake + Ninja

**测试和 golden**
- `tests/test_*.py`：和 PyTorch 参考实现比（`torch.testing.assert_close`），另有 golden 用例用 `tests/golden_utils.load_golden` 读 safetensors
- golden 在 Git LFS 里，很大，README 说仓库 clone 时跳过了 LFS 下载，需要哪部分单独拉。`git lfs ls-files` 里 `*` 是已经下载的，`-` 是本地只有指针：现在 `moe_align/` 两个还没拉""")

        rope_test = P("tests/test_rotary.py")
        t = d.task("加一个 rotary embedding 的 kernel：rotary_embedding(q, k, cos_sin, neox)，原地改 q/k，支持 GQA（k 的 head 数更少）"
                   "和 neox / gptj 两种排布，fp16 和 bf16。kernel 都 launch 在 at::cuda::getCurrentCUDAStream() 拿到的 stream 上，"
                   "别用默认 stream，不然和引擎里的 CUDA graph 对不上。写完跑测试，再过一遍 compute-sanitizer",
                   tags=["workflow:W1", "mistake:M2", "pref:P1"])
        t.write(P("csrc/rotary_embedding.cu"), ROPE_CU)
        rd(t, d, P("csrc/ops.h"))
        t.edit(P("csrc/ops.h"), "void moe_align_block_size(",
               "void rotary_embedding_cuda(torch::Tensor& q, torch::Tensor& k, const torch::Tensor& cos_sin, bool neox);\n\n"
               "void moe_align_block_size(")
        rd(t, d, P("csrc/ops.cpp"))
        t.edit(P("csrc/ops.cpp"), '  m.def("moe_align_block_size"',
               '  m.def("rotary_embedding", &rotary_embedding_cuda, "RoPE in place on q/k (neox or gptj layout)");\n'
               '  m.def("moe_align_block_size"')
        t.read(P("hck/ops.py"))
        t.edit(P("hck/ops.py"), "def fp8_gemm(",
               "def rotary_embedding(q: torch.Tensor, k: torch.Tensor, cos_sin: torch.Tensor, neox: bool = True) -> None:\n"
               "    _C.rotary_embedding(q, k, cos_sin, neox)\n\n\ndef fp8_gemm(")
        t.write(rope_test, TEST_ROPE)
        t.bash(PIPE, "编译扩展", out=pip_ok(), timeout=900000)
        t.fail("python -m pytest tests/test_rotary.py -q", "跑 rotary 测试",
               pyt_import_err("tests/test_rotary.py", 4,
                              f"{SO}: undefined symbol: _Z21rotary_embedding_cudaRN2at6TensorES1_RKS0_b"), code=2)
        t.say("`_C` 里找不到 `rotary_embedding_cuda` 的符号：绑定编进去了，但实现没被编译。看一下 `setup.py` 的源文件列表。")
        t.grep("rotary", path=P("setup.py"), output_mode="content", n=True, content="")
        t.edit(P("setup.py"), '    "csrc/moe_align.cu",\n]', '    "csrc/moe_align.cu",\n    "csrc/rotary_embedding.cu",\n]')
        t.bash(PIPE, "重新编译扩展", out=pip_ok(), timeout=900000)
        t.bash("python -m pytest tests/test_rotary.py -q", "跑 rotary 测试", out=pyt_q(12, "3.84"))
        t.bash("compute-sanitizer --tool memcheck python -m pytest tests/test_rotary.py -q -x", "memcheck 跑一遍",
               out=sanitizer(12, "58.17"), timeout=600000)
        t.done("""rotary embedding 已加上，12 个用例（3 组形状 × fp16/bf16 × neox/gptj）都过了，compute-sanitizer memcheck 0 errors。

- `csrc/rotary_embedding.cu`：一个 block 处理一个 token，线程按 (head, 维度对) 平铺，q 和 k 的 head 一起处理，所以 GQA 的 kv head 数可以更少；`NEOX` 是模板参数，两种排布各实例化一份；launch 用 `at::cuda::getCurrentCUDAStream()`，加了 `OptionalCUDAGuard`
- `ops.h` / `ops.cpp` / `hck/ops.py` 加了声明、绑定和包装 `ops.rotary_embedding(q, k, cos_sin, neox=True)`
- 第一次跑测试 import 失败（`undefined symbol: _Z21rotary_embedding_cuda...`）：新的 `.cu` 没加进 `setup.py` 的 `_SOURCES`，绑定引用了一个没编译的函数，链接时不会报错，要到 import 才暴露。已加进列表重编
- `tests/test_rotary.py` 和 float32 参考实现比，容差 1e-2""")

        t = d.task("问一下：__shfl_xor_sync 的第一个参数 mask，如果 warp 里只有一部分线程走到这一行（比如 tail 处理），"
                   "写 0xffffffff 会怎么样？", tags=["no_tools"])
        t.done("""mask 表示「哪些 lane 会参与这次 shuffle」，每个被 mask 点名的线程都必须执行到同一个 `__shfl_xor_sync`（同一个 mask），否则是未定义行为。

如果只有部分线程走到，还写 `0xffffffff`：
- Volta 之后是独立线程调度，没走到的 lane 不会来「汇合」，结果可能是死等、读到垃圾值，或者看起来正常但换个架构/编译器版本就错
- compute-sanitizer 的 `--tool synccheck` 能查出这类问题

正确写法：
1. 最推荐：让整个 warp 都执行 shuffle，越界的线程用单位元参与（求和给 0，求最大给 `-INFINITY`），只在读写内存时判断边界
2. 确实要分支时，用 `__ballot_sync(0xffffffff, pred)` 在分支前算出活跃 mask，再把这个 mask 传给 shuffle；xor 的配对 lane 也必须在 mask 里，否则那一对的结果未定义

我们的 `blockReduceSum` 是第 1 种写法，tail 线程贡献 0。""")


BENCH_TIMER = '''import argparse

import torch
import torch.utils.benchmark as benchmark

from hck import ops


def ref_rms_norm(x, w, eps=1e-6):
    return (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps)).to(x.dtype) * w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hidden", type=int, nargs="+", default=[4096, 5120, 8192])
    ap.add_argument("--tokens", type=int, default=4096)
    a = ap.parse_args()
    for h in a.hidden:
        x = torch.randn(a.tokens, h, dtype=torch.bfloat16, device="cuda")
        w = torch.randn(h, dtype=torch.bfloat16, device="cuda")
        for name, stmt in [("hck", "ops.rms_norm(x, w)"), ("torch", "ref_rms_norm(x, w)")]:
            m = benchmark.Timer(stmt=stmt, globals={"ops": ops, "ref_rms_norm": ref_rms_norm, "x": x, "w": w}).blocked_autorange(min_run_time=1.0)
            gbs = 2 * x.numel() * x.element_size() / m.median / 1e9
            print(f"hidden={h:5d} {name:5s} median={m.median * 1e6:8.2f} us  {gbs:7.1f} GB/s")


if __name__ == "__main__":
    main()
'''


def s2(d):
    with d.session("2026-11-04T01:47:00", R, branch="main", version="2.1.151"):
        t = d.task("rotary 已经合到 main 了。去 h800-03 上拉一下代码、编一下，跑 test_rotary，看 sm_90 上也对",
                   tags=["mistake:M1"])
        t.fail(f"ssh h800-03 '{RSH}git pull --ff-only && {PIPE}'", "在 h800-03 上拉代码并编译",
               f"""Updating 4be91c2..a71d0e3
Fast-forward
 csrc/ops.cpp               |  1 +
 csrc/ops.h                 |  2 +
 csrc/rotary_embedding.cu   | 66 ++++++++++++++++++++++++++++++++++++++++++++++
 hck/ops.py                 |  4 ++
 setup.py                   |  1 +
 tests/test_rotary.py       | 52 ++++++++++++++++++++++++++++++++++++
 6 files changed, 126 insertions(+)
 create mode 100644 csrc/rotary_embedding.cu
 create mode 100644 tests/test_rotary.py
""" + cuda_mismatch("/usr/local/cuda", "11.8"))
        t.say("torch 是 cu124 编的，但这次构建找到的是 CUDA 11.8。看一下 h800-03 上非交互 ssh 的环境和装了哪些 toolkit。")
        t.bash("ssh h800-03 'ls -ld /usr/local/cuda*; echo \"CUDA_HOME=$CUDA_HOME\"; echo \"PATH=$PATH\"; which nvcc'",
               "看 h800-03 的 CUDA 安装和非交互 shell 环境",
               out="""lrwxrwxrwx  1 root root   21 Mar 14  2025 /usr/local/cuda -> /usr/local/cuda-11.8/
drwxr-xr-x 17 root root 4096 Mar 14  2025 /usr/local/cuda-11.8
drwxr-xr-x 17 root root 4096 Sep  2 10:41 /usr/local/cuda-12.4
CUDA_HOME=
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games:/usr/local/games:/snap/bin""")
        t.say("`/usr/local/cuda` 指向 11.8（机器上老的 TensorRT 服务还在用），12.4 是并排装的。非交互 ssh 不会执行 `~/.bashrc` 里的 export，"
              "`CUDA_HOME` 为空、PATH 里也没有 nvcc，cpp_extension 就退回到 `/usr/local/cuda`。这次构建显式指定 12.4。")
        t.bash(f"ssh h800-03 '{RSH}CUDA_HOME=/usr/local/cuda-12.4 {PIPE}'", "用 CUDA 12.4 重新编译",
               out=pip_ok().replace(R, "/home/xubowen/work/hck"), timeout=900000)
        t.bash(f"ssh h800-03 '{RSH}python -m pytest tests/test_rotary.py -q'", "在 H800 上跑 rotary 测试",
               out=pyt_q(12, "2.91"))
        t.done("""h800-03 上 rotary 的 12 个用例都过了（sm_90）。

第一次编译失败：`The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.4)`。原因是 h800-03 的 `/usr/local/cuda` 软链指向 11.8，12.4 装在 `/usr/local/cuda-12.4`；通过 `ssh host '命令'` 跑的是非交互 shell，不读 `~/.bashrc`，`CUDA_HOME` 没设置，cpp_extension 就用了 `/usr/local/cuda`。

改成在命令里带 `CUDA_HOME=/usr/local/cuda-12.4` 后编译通过。软链我没动，那是机器上其他服务在用的。""")

        bench = P("bench/bench_rms_norm.py")
        t = d.task("rms_norm 在 hidden=8192 的时候好像比预期慢，profile 一下看看瓶颈在哪。benchmark 脚本顺便改成用 torch.utils.benchmark 的 Timer 计时，"
                   "别再自己写 for 循环 + synchronize 了", tags=["workflow:W2", "pref:P3"])
        t.read(bench)
        t.write(bench, BENCH_TIMER)
        t.bash("python bench/bench_rms_norm.py --hidden 4096 5120 8192", "跑 benchmark",
               out="""hidden= 4096 hck   median=   64.71 us   1037.2 GB/s
hidden= 4096 torch median=  221.38 us    303.2 GB/s
hidden= 5120 hck   median=   80.26 us   1045.3 GB/s
hidden= 5120 torch median=  274.90 us    305.2 GB/s
hidden= 8192 hck   median=  196.44 us    683.3 GB/s
hidden= 8192 torch median=  436.12 us    307.8 GB/s""")
        t.bash("mkdir -p prof && nsys profile -o prof/rms_h8192 --trace=cuda,nvtx python bench/bench_rms_norm.py --hidden 8192",
               "nsys 抓一份 timeline", out=nsys_prof("rms_h8192"), timeout=600000)
        t.bash("nsys stats --report cuda_gpu_kern_sum prof/rms_h8192.nsys-rep", "看 kernel 耗时汇总",
               out=kern_sum("rms_h8192", [
                   ("61.8", "1,023,918,440", "5212", "196,454.0", "196,287.0", "193,055", "214,302", "2,118.4",
                    "void hck::rms_norm_kernel<c10::BFloat16>(T1 *, const T1 *, const T1 *, float, int)"),
                   ("29.7", "492,017,655", "1128", "436,185.1", "436,002.0", "431,870", "449,116", "2,954.7",
                    "void at::native::reduce_kernel<(int)512, (int)1, at::native::ReduceOp<float, at::native::MeanOps<float, float, float, float>, unsigned int, float, (int)4>>(T3)"),
                   ("4.9", "81,203,112", "2256", "35,994.3", "35,968.0", "35,551", "37,102", "241.9",
                    "void at::native::vectorized_elementwise_kernel<(int)4, at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float>>, at::detail::Array<char *, (int)3>>(int, T2, T3)"),
                   ("3.6", "59,664,990", "1128", "52,894.9", "52,871.0", "52,305", "54,020", "301.2",
                    "void at::native::vectorized_elementwise_kernel<(int)4, at::native::<unnamed>::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase &, T2)::[lambda(T1) (instance 1)], at::detail::Array<char *, (int)2>>(int, T2, T3)"),
               ]))
        t.bash("ncu --set full -k regex:rms_norm_kernel -s 20 -c 1 -o prof/rms_h8192 python bench/bench_rms_norm.py --hidden 8192",
               "ncu 抓单个 rms_norm kernel", out=ncu_run(52817, "rms_norm_kernel", "rms_h8192"), timeout=600000)
        t.bash("ncu --import prof/rms_h8192.ncu-rep --page details --section SpeedOfLight --section Occupancy --print-summary none",
               "看 SOL 和 occupancy",
               out=sol(52817, "void hck::rms_norm_kernel<c10::BFloat16>(T1 *, const T1 *, const T1 *, float, int)", "4096, 1, 1",
                       "1024, 1, 1", ["1.59", "1.41", "276,018", "68.37", "68.37", "196.29", "31.42", "35.08", "262,114.80", "22.16"])
               + """

    Section: Occupancy
    ------------------------------- ----------- ------------
    Metric Name                     Metric Unit Metric Value
    ------------------------------- ----------- ------------
    Block Limit SM                        block           32
    Block Limit Registers                 block            2
    Block Limit Shared Mem                block           16
    Block Limit Warps                     block            2
    Theoretical Active Warps per SM        warp           64
    Theoretical Occupancy                     %          100
    Achieved Occupancy                        %        48.73
    Achieved Active Warps Per SM           warp        31.19
    ------------------------------- ----------- ------------

    OPT   Est. Local Speedup: 51.27%
          The difference between calculated theoretical (100.0%) and measured achieved occupancy (48.7%) can be the
          result of warp scheduling overheads or workload imbalances during the kernel execution.""")
        t.done("""hidden=8192 时 rms_norm 只跑到 683 GB/s（4096/5120 都在 1040 GB/s 左右），ncu 看 DRAM throughput 68%，achieved occupancy 48.7%。

原因：
- block 固定 `min(hidden, 1024)` 线程，每个线程在 8192 时要读两遍 8 个标量元素（一遍求方差、一遍归一化），全是 2 字节的标量访存，没有向量化
- 第二遍又从 global 读一次 input，8192×2B 一行在 L1 里放不下整个 block 的工作集，等于读了两倍 DRAM
- 1024 线程的 block 每个 SM 只能驻留 2 个，尾部等待明显（occupancy 只有一半）

建议改法（还没动代码）：
1. 用 128-bit 向量化读写（bf16 一次 8 个）
2. hidden ≤ 8192 时把一行缓存在寄存器/共享内存里，第二遍不再读 global
3. block 改 256 线程，多 block 驻留

`bench/bench_rms_norm.py` 已经改成 `torch.utils.benchmark.Timer(...).blocked_autorange()` 计时，同时和 PyTorch 参考实现对比。""")

        t = d.task("全量测试跑一遍，看看 main 现在的状态，用 -v 我想看每个用例", tags=["noise", "long_output"])
        cases = []
        for dt in ("float16", "bfloat16"):
            for sh in ("1-4096", "7-5120", "128-8192", "2048-8192"):
                cases.append(f"tests/test_rms_norm.py::test_rms_norm_vs_ref[{dt}-{sh}]")
        cases.append("tests/test_rms_norm.py::test_rms_norm_golden_qwen_layer0")
        for dt in ("float16", "bfloat16"):
            for sh in ("1-4096", "64-8192", "4096-8192"):
                cases.append(f"tests/test_fp8_quant.py::test_static_fp8_quant_vs_ref[{dt}-{sh}]")
        cases += ["tests/test_fp8_quant.py::test_fp8_quant_golden[llama3_70b_act_l12]",
                  "tests/test_fp8_quant.py::test_fp8_quant_golden[llama3_70b_act_l40]"]
        for sh in ("128-4096-4096", "1024-8192-4096", "4096-4096-14336", "8192-8192-8192"):
            cases.append(f"tests/test_fp8_gemm.py::test_fp8_gemm_vs_ref[{sh}]")
        for sh in ("1-4096-128", "17-8192-128", "512-3584-128"):
            for dt in ("float16", "bfloat16"):
                for nx in ("True", "False"):
                    cases.append(f"tests/test_rotary.py::test_rotary_vs_ref[{nx}-{dt}-{sh.split('-')[0]}-" +
                                 {"1-4096-128": "32-8-128", "17-8192-128": "64-8-128", "512-3584-128": "28-4-128"}[sh] + "]")
        n = len(cases)
        lines = ["============================= test session starts ==============================",
                 f"platform linux -- Python 3.10.12, pytest-8.3.3, pluggy-1.5.0 -- {VENV}/bin/python",
                 "cachedir: .pytest_cache", f"rootdir: {R}", "configfile: pytest.ini", f"collecting ... collected {n} items", ""]
        for i, c in enumerate(cases, 1):
            lines.append(f"{c + ' PASSED':<72} [{int(100 * i / n):>3}%]")
        lines += ["", f"============================== {n} passed in 21.47s =============================="]
        t.bash("python -m pytest tests/ -v --ignore=tests/test_moe_align.py", "全量测试（moe_align 的 golden 本地还没拉，先跳过这个文件）",
               out="\n".join(lines))
        t.done(f"""main 上 {n} 个用例全部通过（21.5s）：rms_norm 9 个、fp8_quant 8 个、fp8_gemm 4 个、rotary 12 个。

`tests/test_moe_align.py` 这次没跑：它用到的 `tests/golden/moe_align/` 两个 golden 本地还是 LFS 指针（`git lfs ls-files` 里是 `-`），需要的话拉下来再跑。""")


TEST_FP8_GEMM_ADD = '''

@pytest.mark.parametrize("shape", ["m1024_n8192_k8192", "m4096_n28672_k8192", "m16_n8192_k28672"])
def test_fp8_gemm_golden_llama3_70b(shape):
    g = load_golden(f"fp8_gemm/llama3_70b_{shape}.safetensors")
    out = ops.fp8_gemm(g["a"], g["b"], g["scale_a"], g["scale_b"])
    torch.testing.assert_close(out, g["out"], atol=5e-2, rtol=2e-2)
'''

TEST_FP8_GEMM = '''import pytest
import torch

from hck import ops
from tests.golden_utils import load_golden


@pytest.mark.parametrize("m,n,k", [(128, 4096, 4096), (1024, 8192, 4096), (4096, 4096, 14336), (8192, 8192, 8192)])
def test_fp8_gemm_vs_ref(m, n, k):
    torch.manual_seed(0)
    a = (torch.randn(m, k, device="cuda") / 4).to(torch.float8_e4m3fn)
    b = (torch.randn(n, k, device="cuda") / 4).to(torch.float8_e4m3fn)
    sa = torch.tensor([0.02], device="cuda")
    sb = torch.tensor([0.015], device="cuda")
    ref = (a.float() @ b.float().t() * sa * sb).to(torch.bfloat16)
    torch.testing.assert_close(ops.fp8_gemm(a, b, sa, sb), ref, atol=5e-2, rtol=2e-2)
'''

DYN_FP8 = '''

// 动态 per-tensor scale：先求 absmax，再量化。两个 kernel 都走同一个 stream。
template <typename scalar_t>
__global__ void absmax_kernel(float* __restrict__ scale, const scalar_t* __restrict__ input, int64_t n) {
  __shared__ float s_max[32];
  float m = 0.0f;
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x) {
    m = fmaxf(m, fabsf(static_cast<float>(input[i])));
  }
  for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
  if ((threadIdx.x & 31) == 0) s_max[threadIdx.x >> 5] = m;
  __syncthreads();
  if (threadIdx.x < 32) {
    m = threadIdx.x < (blockDim.x >> 5) ? s_max[threadIdx.x] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
    if (threadIdx.x == 0) atomicMax(scale, m / FP8_E4M3_MAX);
  }
}

}  // namespace hck

void dynamic_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input, torch::Tensor& scale) {
  const int64_t n = input.numel();
  dim3 grid(std::min<int64_t>((n + 1023) / 1024, 1024));
  dim3 block(1024);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale.zero_();
  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "dynamic_scaled_fp8_quant", [&] {
    hck::absmax_kernel<scalar_t><<<grid, block, 0, stream>>>(scale.data_ptr<float>(), input.data_ptr<scalar_t>(), n);
    hck::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
        reinterpret_cast<__nv_fp8_e4m3*>(out.data_ptr()), input.data_ptr<scalar_t>(), scale.data_ptr<float>(), n);
  });
}
'''


def nvcc_fail_atomicmax():
    return f"""Obtaining file://{R}
  Preparing metadata (setup.py) ... done
Installing collected packages: hck
  Attempting uninstall: hck
    Found existing installation: hck 0.4.0
    Uninstalling hck-0.4.0:
      Successfully uninstalled hck-0.4.0
  Running setup.py develop for hck
    error: subprocess-exited-with-error
    
    × python setup.py develop did not run successfully.
    │ exit code: 1
    ╰─> [38 lines of output]
        running develop
        running egg_info
        writing hck.egg-info/PKG-INFO
        running build_ext
        building 'hck._C' extension
        Emitting ninja build file {R}/build/temp.linux-x86_64-cpython-310/build.ninja...
        Compiling objects...
        Using envvar MAX_JOBS (32) as the number of workers...
        [1/1] /usr/local/cuda-12.4/bin/nvcc --generate-dependencies-with-compile --dependency-output {R}/build/temp.linux-x86_64-cpython-310/csrc/fp8_quant.o.d -I{R}/csrc -I{SP}/torch/include -I{SP}/torch/include/torch/csrc/api/include -I/usr/local/cuda-12.4/include -I{VENV}/include -I/usr/include/python3.10 -c -c {R}/csrc/fp8_quant.cu -o {R}/build/temp.linux-x86_64-cpython-310/csrc/fp8_quant.o -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_BFLOAT16_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__ --expt-relaxed-constexpr --compiler-options ''"'"'-fPIC'"'"'' -O3 -std=c++17 --use_fast_math --expt-relaxed-constexpr -lineinfo -U__CUDA_NO_HALF_OPERATORS__ -U__CUDA_NO_HALF_CONVERSIONS__ -U__CUDA_NO_BFLOAT16_CONVERSIONS__ -DTORCH_API_INCLUDE_EXTENSION_H -DTORCH_EXTENSION_NAME=_C -D_GLIBCXX_USE_CXX11_ABI=0 -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90
        FAILED: {R}/build/temp.linux-x86_64-cpython-310/csrc/fp8_quant.o
        {R}/csrc/fp8_quant.cu(46): error: no instance of overloaded function "atomicMax" matches the argument list
                    argument types are: (float *, float)
              if (threadIdx.x == 0) atomicMax(scale, m / FP8_E4M3_MAX);
                                    ^
        
        1 error detected in the compilation of "{R}/csrc/fp8_quant.cu".
        ninja: build stopped: subcommand failed.
        Traceback (most recent call last):
          File "{SP}/torch/utils/cpp_extension.py", line 2105, in _run_ninja_build
            subprocess.run(
          File "/usr/lib/python3.10/subprocess.py", line 526, in run
            raise CalledProcessError(retcode, process.args,
        subprocess.CalledProcessError: Command '['ninja', '-v', '-j', '32']' returned non-zero exit status 1.
        
        The above exception was the direct cause of the following exception:
        
        Traceback (most recent call last):
          File "<string>", line 2, in <module>
          ...
          File "{SP}/torch/utils/cpp_extension.py", line 2121, in _run_ninja_build
            raise RuntimeError(message) from e
        RuntimeError: Error compiling objects for extension
        [end of output]
    
    note: This error originates from a subprocess, and is likely not a problem with pip.
  WARNING: No metadata found in {SP}
  Rolling back uninstall of hck
  Moving to {R}
   from {SP}/__editable__.hck-0.4.0.pth
error: subprocess-exited-with-error

× python setup.py develop did not run successfully.
│ exit code: 1
╰─> See above for output.

note: This error originates from a subprocess, and is likely not a problem with pip."""


def s3(d):
    with d.session("2026-11-06T02:31:00", R, branch="main", version="2.1.152", end_reason="other"):
        gemm_test = P("tests/test_fp8_gemm.py")
        d.files[gemm_test] = TEST_FP8_GEMM
        t = d.task("李然说他把 llama3-70b 几个真实 shape 的 fp8 gemm golden 推上来了，拉一下 main，跑 test_fp8_gemm 看看我们的 kernel 对不对得上",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "拉 main",
               out=f"""Updating a71d0e3..c3d58f0
Fast-forward
 tests/golden/fp8_gemm/llama3_70b_m1024_n8192_k8192.safetensors  | 3 +++
 tests/golden/fp8_gemm/llama3_70b_m16_n8192_k28672.safetensors   | 3 +++
 tests/golden/fp8_gemm/llama3_70b_m4096_n28672_k8192.safetensors | 3 +++
 tests/test_fp8_gemm.py                                          | 8 ++++++++
 4 files changed, 17 insertions(+)
 create mode 100644 tests/golden/fp8_gemm/llama3_70b_m1024_n8192_k8192.safetensors
 create mode 100644 tests/golden/fp8_gemm/llama3_70b_m16_n8192_k28672.safetensors
 create mode 100644 tests/golden/fp8_gemm/llama3_70b_m4096_n28672_k8192.safetensors""")
        d.files[gemm_test] = TEST_FP8_GEMM + TEST_FP8_GEMM_ADD
        t.fail("python -m pytest tests/test_fp8_gemm.py -q -x", "跑 fp8 gemm 测试",
               lfs_err("tests/test_fp8_gemm.py", "test_fp8_gemm_golden_llama3_70b[m1024_n8192_k8192]",
                       "fp8_gemm/llama3_70b_m1024_n8192_k8192.safetensors", 26, dots="...."))
        t.say("随机输入的 4 个用例过了，golden 用例在读 safetensors 头的时候就挂了（HeaderTooLarge），像是文件本身不对。看一下这个文件。")
        t.bash("ls -l tests/golden/fp8_gemm/ && head -c 200 tests/golden/fp8_gemm/llama3_70b_m1024_n8192_k8192.safetensors",
               "看 golden 文件大小和开头",
               out=f"""total 12
-rw-r--r-- 1 xubowen xubowen 134 Nov  6 10:33 llama3_70b_m1024_n8192_k8192.safetensors
-rw-r--r-- 1 xubowen xubowen 134 Nov  6 10:33 llama3_70b_m16_n8192_k28672.safetensors
-rw-r--r-- 1 xubowen xubowen 134 Nov  6 10:33 llama3_70b_m4096_n28672_k8192.safetensors
version https://git-lfs.github.com/spec/v1
oid sha256:{hx(64)}
size 201457864""")
        t.say("三个文件都是 134 字节的 LFS 指针，仓库是跳过 LFS 下载 clone 的，`git pull` 只更新了指针。把这个目录的 LFS 对象拉下来。")
        t.bash('git lfs pull --include="tests/golden/fp8_gemm/*"', "拉 fp8_gemm 的 golden",
               out="Downloading LFS objects: 100% (3/3), 497 MB | 86 MB/s")
        t.bash("python -m pytest tests/test_fp8_gemm.py -q -x", "重新跑 fp8 gemm 测试", out=pyt_q(7, "9.62"))
        t.done("""`tests/test_fp8_gemm.py` 7 个用例全过，李然的 3 个 llama3-70b shape 的 golden 和我们的 fp8 gemm 对得上（atol 5e-2 / rtol 2e-2）。

第一次失败是 `safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge`：新的 golden 在本地只是 134 字节的 LFS 指针文本（`version https://git-lfs...`），safetensors 把开头 8 个字节当成头长度读，就报 HeaderTooLarge。我用 `git lfs pull --include="tests/golden/fp8_gemm/*"` 只拉了这个目录（497 MB），然后重跑。""")

        t = d.task("fp8_quant.cu 里加一个动态 per-tensor scale 的版本 dynamic_scaled_fp8_quant(out, input, scale)：先求 absmax 算 scale 再量化。"
                   "两个 kernel 都发到 torch 当前的 stream 上，别往默认 stream 上发。加完编一下、跑 test_fp8_quant",
                   tags=["oneoff:O1", "pref:P1"])
        q = P("csrc/fp8_quant.cu")
        t.read(q)
        t.edit(q, '''        reinterpret_cast<__nv_fp8_e4m3*>(out.data_ptr()), input.data_ptr<scalar_t>(), scale.data_ptr<float>(), n);
  });
}
''', '''        reinterpret_cast<__nv_fp8_e4m3*>(out.data_ptr()), input.data_ptr<scalar_t>(), scale.data_ptr<float>(), n);
  });
}

namespace hck {''' + DYN_FP8)
        rd(t, d, P("csrc/ops.h"))
        t.edit(P("csrc/ops.h"), "torch::Tensor fp8_gemm(",
               "void dynamic_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input, torch::Tensor& scale);\n"
               "torch::Tensor fp8_gemm(")
        rd(t, d, P("csrc/ops.cpp"))
        t.edit(P("csrc/ops.cpp"), '  m.def("fp8_gemm"',
               '  m.def("dynamic_scaled_fp8_quant", &dynamic_scaled_fp8_quant, "fp8 e4m3 quant, per-tensor absmax scale");\n'
               '  m.def("fp8_gemm"')
        t.fail(PIPE, "编译扩展", nvcc_fail_atomicmax(), code=1)
        t.say("CUDA 的 `atomicMax` 没有 float 重载。absmax 非负，非负 float 的位模式按 int 比较和按 float 比较顺序一致，可以转成 int 做 atomicMax。")
        t.edit(q, "constexpr float FP8_E4M3_MAX = 448.0f;\n",
               "constexpr float FP8_E4M3_MAX = 448.0f;\n\n"
               "// 只用于非负值：非负 float 的位模式按 int 比较与按 float 比较顺序一致\n"
               "__device__ __forceinline__ void atomicMaxNonNeg(float* addr, float v) {\n"
               "  atomicMax(reinterpret_cast<int*>(addr), __float_as_int(v));\n}\n")
        t.edit(q, "if (threadIdx.x == 0) atomicMax(scale, m / FP8_E4M3_MAX);",
               "if (threadIdx.x == 0) atomicMaxNonNeg(scale, m / FP8_E4M3_MAX);")
        t.bash(PIPE, "编译扩展", out=pip_ok(), timeout=900000)
        t.bash("python -m pytest tests/test_fp8_quant.py -q", "跑 fp8 quant 测试", out=pyt_q(8, "2.37"))
        t.done("""`dynamic_scaled_fp8_quant(out, input, scale)` 加好了，`test_fp8_quant.py` 8 个用例通过。

- 两个 kernel：`absmax_kernel`（warp shuffle + 共享内存做 block 内归约，block 之间原子取最大，写 `absmax / 448`），然后复用已有的 `scaled_fp8_quant_kernel`；都在 `at::cuda::getCurrentCUDAStream()` 上顺序发出，`scale.zero_()` 也在同一个 stream 上
- 编译报了 `no instance of overloaded function "atomicMax" matches the argument list (float *, float)`：CUDA 没有 float 版的 atomicMax。加了 `atomicMaxNonNeg`，把非负 float 当 int 做 atomicMax（absmax 一定 ≥ 0，所以顺序不变）
- 动态版本的测试还没写，Python 包装也还没加，需要的话下一步补""")

        t = d.task("H800 和 H100 SXM 到底差在哪？我们写 kernel 的时候需要区别对待吗？", tags=["no_tools"])
        t.done("""H800 是 H100 SXM 的出口版本，同一颗 GH100 芯片、同样的 sm_90：

**一样的**
- SM 数、Tensor Core（含 FP8 和 wgmma）、TMA、thread block cluster、分布式共享内存
- 80 GB HBM3，显存带宽约 3.35 TB/s
- FP8/BF16 的算力

**不一样的**
- NVLink 带宽被限到约 400 GB/s（H100 是 900 GB/s）
- 部分批次 FP64 被削减（对我们无关）

**对 kernel 的影响**
- 单卡 kernel（GEMM、norm、attention、量化）：不需要区别对待，同样按 sm_90 调
- 多卡通信相关（tensor parallel 的 all-reduce、和通信重叠的 GEMM）：H800 上通信更容易成为瓶颈，TP 切分、通信/计算 overlap 的取舍和 H100 不同，benchmark 数字也不能直接套用""")


def docker_flaky():
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.02kB done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04
#2 ERROR: failed to do request: Head "https://docker.m.hengchuan.ai/v2/nvidia/cuda/manifests/12.4.1-cudnn-devel-ubuntu22.04?ns=docker.io": dial tcp 10.12.0.40:443: i/o timeout
------
 > [internal] load metadata for docker.io/nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04:
------
Dockerfile:1
--------------------
   1 | >>> FROM nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04
   2 |     
   3 |     ENV DEBIAN_FRONTEND=noninteractive \\
--------------------
ERROR: failed to solve: nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04: failed to resolve source metadata for docker.io/nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04: failed to do request: Head "https://docker.m.hengchuan.ai/v2/nvidia/cuda/manifests/12.4.1-cudnn-devel-ubuntu22.04?ns=docker.io": dial tcp 10.12.0.40:443: i/o timeout"""


def release(d, t, ver, old, n, secs, flaky=False):
    tag = f"{REG}:{ver}"
    vf = P("hck/version.py")
    t.read(vf)
    t.edit(vf, f'"{old}"', f'"{ver}"')
    cmd = f"docker build -f docker/Dockerfile -t {tag} ."
    if flaky:
        t.fail(cmd, "构建镜像", docker_flaky(), code=1, timeout=1800000)
        t.say("拉基础镜像元数据时连内部镜像代理超时了，网络抖动，原样再试一次。")
    t.bash(cmd, "构建镜像", err=docker_build(tag, secs, base_cached=True), timeout=1800000)
    t.bash(f'docker run --rm --gpus all {tag} python3 -m pytest /opt/hck/tests -q -m "not slow"', "在镜像里跑测试",
           out=pyt_q(n, f"{_rng[0].randint(20, 40)}.{_rng[0].randint(10, 99)}"), timeout=900000)
    t.bash(f"docker push {tag}", "推镜像", out=docker_push(tag, ver), timeout=900000)
    t.bash(f'git commit -am "release: hck {ver}" && git tag -a v{ver} -m "hck {ver}" && git push origin main v{ver}',
           "提交版本号、打 tag 并推送",
           out=commit_out("main", f"release: hck {ver}", 1, 1, 1),
           err=f"To git.hengchuan.ai:infer/hck.git\n   {hx(7)}..{hx(7)}  main -> main\n * [new tag]         v{ver} -> v{ver}")


def s4(d):
    with d.session("2026-11-09T02:12:00", R, branch="main", version="2.1.153"):
        t = d.task("发个 0.4.1 的镜像给引擎组：版本号改一下，打镜像、镜像里跑一遍测试、推 harbor，再打 tag",
                   tags=["workflow:W3", "flaky:F1"])
        release(d, t, "0.4.1", "0.4.0", 34, "212.6", flaky=True)
        t.done(f"""0.4.1 已发布：
- 镜像 `{REG}:0.4.1`，镜像内 34 个测试通过（`-m "not slow"`）
- `hck/version.py` 改为 0.4.1，commit + tag `v0.4.1` 已推到 GitLab

第一次 `docker build` 在拉 `nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04` 元数据时连内部镜像代理超时（`dial tcp 10.12.0.40:443: i/o timeout`），原样重试就好了，没改任何东西。""")

        t = d.task("h800-05 上用 ncu 看一下 fp8_gemm 在 sm_90 上的 SOL，m=4096 n=28672 k=8192 那个 shape", tags=["unfixed:U1"])
        cmd = (f"ssh h800-05 '{RSH}mkdir -p prof && ncu --set full -k regex:fp8_gemm -c 1 -o prof/fp8_gemm_sm90 "
               "python bench/bench_fp8_gemm.py --m 4096 --n 28672 --k 8192'")
        t.fail(cmd, "h800-05 上 ncu 抓 fp8_gemm",
               """==PROF== Connected to process 118204 (/home/xubowen/venvs/infer/bin/python3.10)
==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0. For instructions on enabling permissions and to get more information see https://developer.nvidia.com/ERR_NVGPUCTRPERM
==PROF== Disconnected from process 118204
==WARNING== No kernels were profiled.""", code=1)
        t.bash("ssh h800-05 'grep RmProfilingAdminOnly /proc/driver/nvidia/params; cat /etc/modprobe.d/*nvidia* 2>/dev/null | grep -i profiling; sudo -n true 2>&1 || echo no-sudo'",
               "看驱动的性能计数器权限和有没有 sudo",
               out="RmProfilingAdminOnly: 1\nsudo: a password is required\nno-sudo")
        t.done("""h800-05 上 ncu 跑不起来：`ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters`。

驱动参数 `RmProfilingAdminOnly: 1`，只有管理员能读性能计数器；这台机器上也没配 `NVreg_RestrictProfilingToAdminUsers=0`，我们账号没有免密 sudo。这个得找运维在 h800-05 上改驱动参数（需要重新加载驱动/重启），我这边解决不了。

在那之前：
- sm_90 的 kernel 耗时可以先用 `nsys`（不需要计数器权限）看
- 或者问运维 h800-03 能不能借来做 ncu""")

        t = d.task("现在 csrc 里哪些 kernel 的 dispatch 没覆盖 bf16？引擎那边要全切 bf16 了", tags=["noise"])
        t.grep("HCK_DISPATCH_", path=P("csrc"), output_mode="content", n=True,
               content=f"""{R}/csrc/dispatch_utils.h:5:#define HCK_DISPATCH_CASE_FLOATING_TYPES(...)              \\
{R}/csrc/dispatch_utils.h:11:#define HCK_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) \\
{R}/csrc/dispatch_utils.h:14:#define HCK_DISPATCH_CASE_HALF_TYPES(...)                  \\
{R}/csrc/dispatch_utils.h:18:#define HCK_DISPATCH_HALF_TYPES(TYPE, NAME, ...) \\
{R}/csrc/rms_norm.cu:41:  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {{
{R}/csrc/rms_norm.cu:58:  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "fused_add_rms_norm_kernel", [&] {{
{R}/csrc/fp8_quant.cu:33:  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "scaled_fp8_quant_kernel", [&] {{
{R}/csrc/fp8_quant.cu:77:  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "dynamic_scaled_fp8_quant", [&] {{
{R}/csrc/rotary_embedding.cu:49:  HCK_DISPATCH_FLOATING_TYPES(q.scalar_type(), "rotary_embedding_kernel", [&] {{
{R}/csrc/moe_align.cu:112:  AT_DISPATCH_INTEGRAL_TYPES(topk_ids.scalar_type(), "moe_align_block_size_kernel", [&] {{""")
        t.grep("AT_DISPATCH_CASE", path=P("csrc/dispatch_utils.h"), output_mode="content", n=True,
               content="""5:#define HCK_DISPATCH_CASE_FLOATING_TYPES(...)              \\
6:  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)   \\
7:  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)    \\
8:  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)
15:  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__) \\
16:  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)""")
        t.done("""都覆盖了，不用改：

- 浮点 kernel 全部走 `HCK_DISPATCH_FLOATING_TYPES`（`dispatch_utils.h` 第 5–8 行：Float / Half / BFloat16）：`rms_norm`、`fused_add_rms_norm`、`static/dynamic_scaled_fp8_quant`、`rotary_embedding`
- `fp8_gemm` 输入是 fp8、输出固定 bf16，不走 dispatch
- `moe_align_block_size` 只处理 `topk_ids`（整数），用的是 `AT_DISPATCH_INTEGRAL_TYPES`，和激活的 dtype 无关""")


ACT_CU = '''#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/extension.h>

#include "dispatch_utils.h"

namespace hck {

__device__ __forceinline__ float silu(float x) { return x / (1.0f + __expf(-x)); }

// input: [tokens, 2 * d]（前半 gate，后半 up），out: [tokens, d]
template <typename scalar_t>
__global__ void silu_and_mul_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input, const int d) {
  const int64_t token = blockIdx.x;
  const scalar_t* gate = input + token * 2 * d;
  const scalar_t* up = gate + d;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    const float g = static_cast<float>(__ldg(&gate[i]));
    const float u = static_cast<float>(__ldg(&up[i]));
    out[token * d + i] = static_cast<scalar_t>(silu(g) * u);
  }
}

}  // namespace hck

void silu_and_mul(torch::Tensor& out, const torch::Tensor& input) {
  const int d = input.size(-1) / 2;
  const int64_t tokens = input.numel() / input.size(-1);
  dim3 grid(tokens);
  dim3 block(std::min(d, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  HCK_DISPATCH_FLOATING_TYPES(input.scalar_type(), "silu_and_mul_kernel", [&] {
    hck::silu_and_mul_kernel<scalar_t><<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);
  });
}
'''

TEST_ACT = '''import pytest
import torch
import torch.nn.functional as F

from hck import ops


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("tokens,d", [(1, 11008), (7, 14336), (256, 18944), (4096, 14336)])
def test_silu_and_mul_vs_ref(tokens, d, dtype):
    torch.manual_seed(0)
    x = torch.randn(tokens, 2 * d, dtype=dtype, device="cuda")
    ref = F.silu(x[:, :d].float()) * x[:, d:].float()
    assert torch.allclose(ops.silu_and_mul(x).float(), ref, atol=1e-2)
'''


def s5(d):
    with d.session("2026-11-12T01:55:00", R, branch="feat/silu-and-mul", version="2.1.154"):
        t = d.task("MLP 那边要一个 silu_and_mul 融合 kernel：输入 [tokens, 2*d]，前半 gate 后半 up，输出 silu(gate)*up。"
                   "老规矩，stream 从 at::cuda::getCurrentCUDAStream() 拿。写完测试和 sanitizer 都过一遍",
                   tags=["workflow:W1", "mistake:M2"])
        t.write(P("csrc/activation.cu"), ACT_CU)
        rd(t, d, P("csrc/ops.h"))
        t.edit(P("csrc/ops.h"), "void static_scaled_fp8_quant(",
               "void silu_and_mul(torch::Tensor& out, const torch::Tensor& input);\n\nvoid static_scaled_fp8_quant(")
        rd(t, d, P("csrc/ops.cpp"))
        t.edit(P("csrc/ops.cpp"), '  m.def("static_scaled_fp8_quant"',
               '  m.def("silu_and_mul", &silu_and_mul, "SiLU(gate) * up, input [tokens, 2*d]");\n  m.def("static_scaled_fp8_quant"')
        t.read(P("hck/ops.py"))
        t.edit(P("hck/ops.py"), "def static_scaled_fp8_quant(",
               "def silu_and_mul(x: torch.Tensor) -> torch.Tensor:\n"
               "    out = torch.empty(x.shape[:-1] + (x.shape[-1] // 2,), dtype=x.dtype, device=x.device)\n"
               "    _C.silu_and_mul(out, x)\n    return out\n\n\ndef static_scaled_fp8_quant(")
        t.write(P("tests/test_activation.py"), TEST_ACT)
        t.bash(f"MAX_JOBS=32 {PIPE}", "编译扩展", out=pip_ok(ver="0.4.1"), timeout=900000)
        t.fail("python -m pytest tests/test_activation.py -q -x", "跑 activation 测试",
               pyt_import_err("tests/test_activation.py", 5, f"{SO}: undefined symbol: _Z12silu_and_mulRN2at6TensorERKS0_"),
               code=2)
        t.say("又是 undefined symbol：`silu_and_mul` 的绑定在，但 `activation.cu` 没被编译。看 `setup.py`。")
        t.read(P("setup.py"), offset=6, limit=9)
        t.edit(P("setup.py"), '    "csrc/rotary_embedding.cu",\n]', '    "csrc/rotary_embedding.cu",\n    "csrc/activation.cu",\n]')
        t.bash(f"MAX_JOBS=32 {PIPE}", "重新编译扩展", out=pip_ok(ver="0.4.1"), timeout=900000)
        t.bash("python -m pytest tests/test_activation.py -q -x", "跑 activation 测试", out=pyt_q(8, "4.12"))
        t.bash("compute-sanitizer --tool memcheck python -m pytest tests/test_activation.py -q -x", "memcheck",
               out=sanitizer(8, "47.90"), timeout=600000)
        t.bash("git add -A && git commit -m \"feat: silu_and_mul fused kernel\"", "提交",
               out=commit_out("feat/silu-and-mul", "feat: silu_and_mul fused kernel", 6, 88, 0,
                              ("csrc/activation.cu", "tests/test_activation.py")))
        t.done("""`silu_and_mul` 完成，`tests/test_activation.py` 8 个用例通过，memcheck 0 errors，已提交到 `feat/silu-and-mul`。

- `csrc/activation.cu`：一个 block 一个 token，`__ldg` 读 gate/up，fp32 里算 `x / (1 + exp(-x)) * up` 再转回；launch 在 `at::cuda::getCurrentCUDAStream()` 上
- 绑定 / `ops.h` / `hck/ops.py` 的 `ops.silu_and_mul(x)`（分配 `[tokens, d]` 输出）
- 第一次测试 import 报 `undefined symbol: _Z12silu_and_mul...`，`activation.cu` 没加进 `setup.py` 的 `_SOURCES`，补上后重编就好了""")

        t = d.task("cp.async 和 TMA 在 sm_90 上该怎么选？帮我查一下 CUDA 编程指南里关于 TMA 的说明，总结一下",
                   tags=["noise", "webfetch"])
        t.webfetch("https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#tensor-memory-access",
                   "总结 TMA（Tensor Memory Accelerator）的用法、限制，以及和 cp.async 的区别",
                   """The Tensor Memory Accelerator (TMA), available on compute capability 9.0 devices, copies multi-dimensional tiles between global and shared memory asynchronously. Key points:

- A tensor map (CUtensorMap) describing the global tensor (base address, dims, strides, box size, swizzle, element type) is created on the host with cuTensorMapEncodeTiled and passed to the kernel as a __grid_constant__ parameter.
- A single thread issues the copy (cp.async.bulk.tensor); completion is tracked with an mbarrier (cuda::barrier) that counts transaction bytes, so other threads wait on the barrier instead of issuing loads.
- Global addresses must be 16-byte aligned and strides multiples of 16 bytes; the shared memory destination must be 128-byte aligned.
- TMA supports multicast to several CTAs of a thread block cluster and hardware swizzling to avoid bank conflicts.
- Compared to cp.async (compute capability 8.0+), which is issued per thread with 4/8/16-byte granularity and completed with commit/wait groups, TMA offloads address generation to hardware and frees registers and issue slots.""")
        t.done("""选择思路：

**TMA（sm_90 专有）**
- host 侧用 `cuTensorMapEncodeTiled` 建 tensor map，kernel 里单线程发 `cp.async.bulk.tensor`，用 mbarrier 按字节数等完成
- 地址生成交给硬件，省寄存器和发射槽；支持 cluster 内 multicast、硬件 swizzle（避免 bank conflict）
- 限制：全局地址 16B 对齐、stride 是 16B 倍数、smem 目标 128B 对齐；tile 形状在 host 上定好

**cp.async（sm_80+）**
- 每个线程自己发 4/8/16B 的拷贝，`commit_group` / `wait_group` 管流水
- 灵活：不规则访问、gather、形状在运行时才知道的场景都能写

**对我们**
- fp8 GEMM / attention 这种规则大 tile、要和 wgmma 配合的：sm_90 上用 TMA（+ warp specialization）
- norm、量化、MoE 的 gather/scatter 这类访存不规则或 tile 小的：cp.async 或直接向量化 load 就够，同一份代码 A100 也能跑""")

        d.precompact("""Analysis: 许博文（衡川智算推理组）在 a100-dev-07 的 /home/xubowen/work/hck 维护推理引擎用的 CUDA kernel 库 hck：PyTorch 扩展 hck._C（setup.py + torch.utils.cpp_extension，源文件显式列在 _SOURCES），pybind11 绑定在 csrc/ops.cpp，C++ runtime 在 engine/（CMake+Ninja），golden 张量在 Git LFS（仓库跳过 LFS 下载 clone），H800 机器 h800-03/h800-05 通过 ssh 访问。

Summary:
1. 11-02：仓库导览；新增 rotary_embedding kernel（GQA、neox/gptj），测试 + compute-sanitizer 通过；新 .cu 起初没加进 _SOURCES 导致 import 时 undefined symbol。用户要求 kernel 都发到 at::cuda::getCurrentCUDAStream()。
2. 11-04：h800-03 上编译时 CUDA 版本不匹配（/usr/local/cuda 指向 11.8，非交互 ssh 不读 .bashrc），带 CUDA_HOME=/usr/local/cuda-12.4 编译通过；rms_norm profile（nsys + ncu），benchmark 改用 torch.utils.benchmark.Timer；全量测试 33 个通过。
3. 11-06：fp8_gemm golden 是 LFS 指针（HeaderTooLarge），git lfs pull 后通过；加 dynamic_scaled_fp8_quant（atomicMax 无 float 重载，改用 int 位模式）。
4. 11-09：发布 0.4.1 镜像（docker build 一次网络超时重试成功）；h800-05 上 ncu 没有性能计数器权限（RmProfilingAdminOnly: 1），需运维处理；确认 dispatch 都覆盖 bf16。
5. 11-12（本会话）：分支 feat/silu-and-mul，新增 silu_and_mul kernel（又一次漏加 _SOURCES，补上后通过），已提交；查了 TMA vs cp.async。

Current: silu_and_mul 已提交到 feat/silu-and-mul，还没推送、没建 MR。""")

        t = d.task("上次你给 rotary 写的 MR 描述太长了，背景、实现细节、每个测试用例都列了一遍，评审的人根本不看，我 cut half 才贴上去。"
                   "以后 MR 描述最多 5 行：改了什么、怎么测的、性能数字。现在把 silu_and_mul 推上去建 MR",
                   tags=["feedback"],
                   feedback="上次你给 rotary 写的 MR 描述太长了，背景、实现细节、每个测试用例都列了一遍，评审的人根本不看，我 cut half 才贴上去。")
        t.bash("python bench/bench_silu.py --d 14336 --tokens 4096", "测一下性能数字",
               out="d=14336 tokens=4096 hck   median=  208.37 us  1691.0 GB/s\nd=14336 tokens=4096 torch median=  611.02 us   576.5 GB/s")
        desc = ("feat: silu_and_mul 融合 kernel\n\n"
                "- 新增 `ops.silu_and_mul(x)`：输入 [tokens, 2*d]，输出 silu(gate)*up，fp16/bf16\n"
                "- 测试：tests/test_activation.py 8 例通过，compute-sanitizer memcheck 0 errors\n"
                "- 性能（A100，d=14336，4096 tokens，bf16）：208.4 us vs PyTorch 611.0 us（2.9x）")
        t.bash("git push -u origin feat/silu-and-mul -o merge_request.create -o merge_request.target=main "
               "-o merge_request.title=\"feat: silu_and_mul 融合 kernel\" "
               f"-o merge_request.description=\"{desc.split(chr(10), 2)[2]}\"",
               "推分支并创建 MR", err=git_push_mr("feat/silu-and-mul", 214))
        t.done("""MR 已建：https://git.hengchuan.ai/infer/hck/-/merge_requests/214

描述就 3 行：
- 新增 `ops.silu_and_mul(x)`，[tokens, 2*d] → silu(gate)*up，fp16/bf16
- tests/test_activation.py 8 例 + memcheck 0 errors
- A100 bf16 d=14336×4096 tokens：208.4 us vs PyTorch 611.0 us（2.9x）""")


def s6(d):
    with d.session("2026-11-16T02:20:00", R, branch="feat/silu-and-mul", version="2.1.155", permission_mode="acceptEdits"):
        t = d.task("评审的人问 silu_and_mul 在 H800 上对不对。去 h800-05 上把 feat/silu-and-mul 切过去编一下，跑 test_activation",
                   tags=["mistake:M1"])
        t.fail(f"ssh h800-05 '{RSH}git fetch -q origin && git checkout feat/silu-and-mul && MAX_JOBS=32 {PIPE}'",
               "h800-05 上切分支并编译",
               "branch 'feat/silu-and-mul' set up to track 'origin/feat/silu-and-mul'.\nSwitched to a new branch 'feat/silu-and-mul'\n"
               + cuda_mismatch("/usr/local/cuda", "11.8", ver="0.4.1"))
        t.say("和 h800-03 那次一样：ssh 远程命令是非交互 shell，cpp_extension 落到了 `/usr/local/cuda`（11.8）。确认一下 h800-05 上 12.4 的位置。")
        t.bash("ssh h800-05 'readlink -f /usr/local/cuda; ls -d /usr/local/cuda-*; /usr/local/cuda-12.4/bin/nvcc --version | tail -2'",
               "确认 h800-05 的 toolkit",
               out="""/usr/local/cuda-11.8
/usr/local/cuda-11.8  /usr/local/cuda-12.4
Cuda compilation tools, release 12.4, V12.4.131
Build cuda_12.4.r12.4/compiler.34097967_0""")
        t.bash(f"ssh h800-05 '{RSH}export CUDA_HOME=/usr/local/cuda-12.4 PATH=/usr/local/cuda-12.4/bin:$PATH && MAX_JOBS=32 {PIPE}'",
               "指定 CUDA 12.4 重新编译", out=pip_ok(ver="0.4.1").replace("Found existing installation: hck 0.4.1", "Found existing installation: hck 0.4.1"),
               timeout=900000)
        t.bash(f"ssh h800-05 '{RSH}python -m pytest tests/test_activation.py -q'", "H800 上跑 activation 测试",
               out=pyt_q(8, "3.05"))
        t.done("""h800-05（sm_90）上 `test_activation.py` 8 个用例通过，可以回复评审了。

编译第一次又报 `The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch (12.4)`：h800-05 和 h800-03 一样，`/usr/local/cuda` → 11.8，12.4 在 `/usr/local/cuda-12.4`，非交互 ssh 不带 `.bashrc` 的环境。这次命令里 `export CUDA_HOME=/usr/local/cuda-12.4`（连 PATH 一起）后编译通过。""")

        t = d.task("silu_and_mul 在 A100 上 1.7 TB/s 左右，离 HBM 峰值还差点，用 nsys 和 ncu 看一下还有多少空间", tags=["workflow:W2", "long_output"])
        t.bash("nsys profile -o prof/silu_d14336 --trace=cuda,nvtx python bench/bench_silu.py --d 14336 --tokens 4096",
               "nsys 抓 timeline", out=nsys_prof("silu_d14336"), timeout=600000)
        t.bash("nsys stats --report cuda_gpu_kern_sum --report cuda_gpu_mem_time_sum prof/silu_d14336.nsys-rep", "kernel 和显存操作汇总",
               out=kern_sum("silu_d14336", [
                   ("76.0", "1,251,710,912", "6007", "208,375.4", "208,331.0", "207,602", "212,118", "455.3",
                    "void hck::silu_and_mul_kernel<c10::BFloat16>(T1 *, const T1 *, int)"),
                   ("18.8", "305,512,910", "500", "611,025.8", "610,977.0", "609,841", "613,506", "611.2",
                    "void at::native::vectorized_elementwise_kernel<(int)4, at::native::<unnamed>::silu_kernel(at::TensorIteratorBase &)::[lambda() (instance 1)]::operator ()() const::[lambda() (instance 4)]::operator ()() const::[lambda(c10::BFloat16) (instance 1)], at::detail::Array<char *, (int)2>>(int, T2, T3)"),
                   ("5.2", "90,118,404", "500", "180,236.8", "180,201.0", "179,774", "181,930", "288.1",
                    "void at::native::vectorized_elementwise_kernel<(int)4, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float>>, at::detail::Array<char *, (int)3>>(int, T2, T3)"),
               ]) + """

Processing [prof/silu_d14336.sqlite] with [/usr/local/cuda-12.4/nsight-systems-2023.4.4/host-linux-x64/reports/cuda_gpu_mem_time_sum.py]... 

 ** CUDA GPU MemOps Summary (by Time) (cuda_gpu_mem_time_sum):

 Time (%)  Total Time (ns)  Count  Avg (ns)   Med (ns)   Min (ns)  Max (ns)  StdDev (ns)           Operation          
 --------  ---------------  -----  ---------  ---------  --------  --------  -----------  ----------------------------
    100.0          147,328      3   49,109.3   49,056.0    48,911    49,361        232.3  [CUDA memcpy Host-to-Device]""")
        t.bash("ncu --set full -k regex:silu_and_mul -s 10 -c 1 -o prof/silu_d14336 python bench/bench_silu.py --d 14336 --tokens 4096",
               "ncu 抓一个 silu_and_mul", out=ncu_run(60211, "silu_and_mul_kernel", "silu_d14336"), timeout=600000)
        t.bash("ncu --import prof/silu_d14336.ncu-rep --page details --section SpeedOfLight --section MemoryWorkloadAnalysis --print-summary none",
               "看 SOL 和访存分析",
               out=sol(60211, "void hck::silu_and_mul_kernel<c10::BFloat16>(T1 *, const T1 *, int)", "4096, 1, 1", "1024, 1, 1",
                       ["1.59", "1.41", "293,702", "83.02", "83.02", "208.29", "27.91", "38.66", "279,310.52", "18.73"])
               + """

    Section: Memory Workload Analysis
    ---------------------------- ----------- ------------
    Metric Name                  Metric Unit Metric Value
    ---------------------------- ----------- ------------
    Memory Throughput            Gbyte/second     1,691.40
    Mem Busy                               %        38.66
    Max Bandwidth                          %        83.02
    L1/TEX Hit Rate                        %         0.00
    L2 Hit Rate                            %        33.41
    Mem Pipes Busy                         %        11.27
    ---------------------------- ----------- ------------

    OPT   Est. Speedup: 12.4%
          The memory access pattern for global loads from L1TEX might not be optimal. On average, only 2.0 of the 32
          bytes transmitted per sector are utilized by each thread. This could possibly be caused by a stride between
          threads. Check the Source Counters section for uncoalesced global loads.""")
        t.done("""结论：还有大约 10–15% 的空间，不会翻倍。

- nsys：`silu_and_mul_kernel` 平均 208.4 us，PyTorch 参考（silu + mul 两个 kernel）合计约 791 us
- ncu：DRAM throughput 83%（1.69 TB/s，A100 80GB SXM 峰值约 2.04 TB/s），访存是瓶颈，计算只有 18.7%
- 建议项：每个线程每次只 load 2 字节（bf16 标量），ncu 提示每个线程每个 sector 只用到 2/32 字节，访存粒度偏低，估计 12.4% 提升

可做的改动：gate/up 各用 128-bit（8×bf16）向量化 load，输出也向量化 store；`d` 不是 8 的倍数时走标量尾巴。要我改吗？""")

        t = d.task("test_activation 里那个 torch.allclose 换掉：数值对比统一用 torch.testing.assert_close，atol/rtol 按 dtype 分开给（fp16 和 bf16 不一样），"
                   "别再用 allclose 了，失败的时候什么信息都没有", tags=["pref:P2", "noise"])
        ta = P("tests/test_activation.py")
        t.read(ta)
        t.edit(ta, "from hck import ops\n", "from hck import ops\n\nTOL = {torch.float16: dict(atol=1e-3, rtol=1e-3), torch.bfloat16: dict(atol=1.6e-2, rtol=1.6e-2)}\n")
        t.edit(ta, "    assert torch.allclose(ops.silu_and_mul(x).float(), ref, atol=1e-2)\n",
               "    torch.testing.assert_close(ops.silu_and_mul(x), ref.to(dtype), **TOL[dtype])\n")
        t.bash("python -m pytest tests/test_activation.py -q", "跑 activation 测试", out=pyt_q(8, "3.98"))
        t.done("""改好了，8 个用例通过：

- 加了 `TOL`：fp16 `atol=rtol=1e-3`，bf16 `atol=rtol=1.6e-2`（bf16 只有 8 位尾数）
- 比较改成 `torch.testing.assert_close(out, ref.to(dtype), **TOL[dtype])`，失败时会打印不匹配元素个数、最大绝对/相对误差和位置""")


def cmake_ok():
    return """-- The CXX compiler identification is GNU 11.4.0
-- The CUDA compiler identification is NVIDIA 12.4.131
-- Detecting CXX compiler ABI info
-- Detecting CXX compiler ABI info - done
-- Check for working CXX compiler: /usr/bin/c++ - skipped
-- Detecting CXX compile features
-- Detecting CXX compile features - done
-- Detecting CUDA compiler ABI info
-- Detecting CUDA compiler ABI info - done
-- Check for working CUDA compiler: /usr/local/cuda-12.4/bin/nvcc - skipped
-- Detecting CUDA compile features
-- Detecting CUDA compile features - done"""


def s7(d):
    with d.session("2026-11-19T02:03:00", R, branch="main", version="2.1.156"):
        t = d.task("李然把 sm_90 wgmma 路径的 fp8 gemm golden 也推了，在 h800-03 上拉一下 main，跑 test_fp8_gemm 里 sm90 的用例",
                   tags=["mistake:M3"])
        t.fail(f"ssh h800-03 '{RSH}git pull -q --ff-only && python -m pytest tests/test_fp8_gemm.py -q -x -k sm90'",
               "h800-03 上拉代码跑 sm90 用例",
               lfs_err("tests/test_fp8_gemm.py", "test_fp8_gemm_golden_sm90[dsv3_m2048_n7168_k2048]",
                       "fp8_gemm_sm90/dsv3_m2048_n7168_k2048.safetensors", 36, root="/home/xubowen/work/hck"))
        t.bash(f"ssh h800-03 'cd ~/work/hck && git lfs ls-files -I \"tests/golden/fp8_gemm*\"'", "看 h800-03 上哪些 golden 已下载",
               out=f"""{hx(10)} - tests/golden/fp8_gemm/llama3_70b_m1024_n8192_k8192.safetensors
{hx(10)} - tests/golden/fp8_gemm/llama3_70b_m16_n8192_k28672.safetensors
{hx(10)} - tests/golden/fp8_gemm/llama3_70b_m4096_n28672_k8192.safetensors
{hx(10)} - tests/golden/fp8_gemm_sm90/dsv3_m2048_n7168_k2048.safetensors
{hx(10)} - tests/golden/fp8_gemm_sm90/dsv3_m4096_n2112_k7168.safetensors""")
        t.say("h800-03 上的 clone 一个 fp8 gemm 的 golden 都没下载（全是 `-`），读到的是指针文本，所以 HeaderTooLarge。只拉 sm90 这个目录。")
        t.bash("ssh h800-03 'cd ~/work/hck && git lfs pull --include=\"tests/golden/fp8_gemm_sm90/*\"'", "拉 sm90 golden",
               out="Downloading LFS objects: 100% (2/2), 312 MB | 71 MB/s")
        t.bash(f"ssh h800-03 '{RSH}python -m pytest tests/test_fp8_gemm.py -q -x -k sm90'", "重新跑 sm90 用例",
               out=pyt_q(2, "4.71"))
        t.done("""h800-03 上 sm90 的 2 个 golden 用例都通过了（DeepSeek-V3 的两个 shape）。

第一次 `HeaderTooLarge`：h800-03 的 clone 里 `tests/golden/fp8_gemm_sm90/` 只有 LFS 指针（`git lfs ls-files` 全是 `-`）。用 `git lfs pull --include="tests/golden/fp8_gemm_sm90/*"` 拉了 312 MB 后重跑通过。h800-03 上 `fp8_gemm/` 的 llama3 golden 也还是指针，以后在这台机器上跑那几个用例也要先拉。""")

        cm = P("engine/CMakeLists.txt")
        t = d.task("engine 里的 gemm_runner 要直接调 cublasLt 做 bf16 的 fallback，先把 CMake 的链接配上，configure + build 一下 engine",
                   tags=["oneoff:O2"])
        t.read(cm)
        t.edit(cm, "target_include_directories(engine_core PUBLIC include)\n",
               "target_include_directories(engine_core PUBLIC include)\ntarget_link_libraries(engine_core PUBLIC CUDA::cudart CUDA::cublasLt)\n")
        cfg = 'cmake -S engine -B engine/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER=/usr/local/cuda-12.4/bin/nvcc'
        t.fail(cfg, "configure engine", cmake_ok() + """
CMake Error at CMakeLists.txt:17 (target_link_libraries):
  Target "engine_core" links to:

    CUDA::cudart

  but the target was not found.  Possible reasons include:

    * There is a typo in the target name.
    * A find_package call is missing for an IMPORTED target.
    * An ALIAS target is missing.



CMake Error at CMakeLists.txt:17 (target_link_libraries):
  Target "engine_core" links to:

    CUDA::cublasLt

  but the target was not found.  Possible reasons include:

    * There is a typo in the target name.
    * A find_package call is missing for an IMPORTED target.
    * An ALIAS target is missing.



-- Generating done (0.0s)
CMake Generate step failed.  Build files cannot be regenerated correctly.""")
        t.say("`CUDA::cudart` / `CUDA::cublasLt` 是 FindCUDAToolkit 定义的导入目标，`project(... CUDA)` 只启用语言、不会定义它们，要先 `find_package(CUDAToolkit)`。")
        t.edit(cm, "if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)", "find_package(CUDAToolkit 12.4 REQUIRED)\n\nif(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)")
        t.bash(cfg, "重新 configure engine", out=cmake_ok() + """
-- Found CUDAToolkit: /usr/local/cuda-12.4/include (found suitable version "12.4.131", minimum required is "12.4")
-- Performing Test CMAKE_HAVE_LIBC_PTHREAD
-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success
-- Found Threads: TRUE
-- Configuring done (3.1s)
-- Generating done (0.0s)
-- Build files have been written to: /home/xubowen/work/hck/engine/build""")
        t.bash("cmake --build engine/build -j 32", "编译 engine",
               out="""[1/5] Building CXX object CMakeFiles/engine_core.dir/src/kv_cache.cpp.o
[2/5] Building CXX object CMakeFiles/engine_core.dir/src/scheduler.cpp.o
[3/5] Building CUDA object CMakeFiles/engine_core.dir/src/gemm_runner.cu.o
[4/5] Linking CXX static library libengine_core.a
[5/5] Linking CXX executable engine_bench""", timeout=900000)
        t.done("""engine 配好了，configure 和 build 都通过。

- `engine/CMakeLists.txt`：`engine_core` 加了 `target_link_libraries(engine_core PUBLIC CUDA::cudart CUDA::cublasLt)`
- 第一次 configure 报 `Target "engine_core" links to: CUDA::cublasLt but the target was not found`：这些导入目标来自 FindCUDAToolkit，只写 `project(... CUDA)` 不会有。加了 `find_package(CUDAToolkit 12.4 REQUIRED)`，找到 12.4.131

接下来可以在 `gemm_runner.cu` 里写 cublasLt 的 bf16 fallback 了。""")

        t = d.task("smem 里做 32x32 的转置，为什么大家都写 tile[32][33]？多出来那一列具体解决了什么", tags=["no_tools"])
        t.done("""解决的是共享内存 bank conflict。

共享内存有 32 个 bank，每个 bank 4 字节宽，地址 `addr` 落在 bank `(addr / 4) % 32`。

- `float tile[32][32]`：一行正好 32 个 float = 128 字节，`tile[r][c]` 的 bank 是 `c % 32`，和行号无关
- 转置时一个 warp 按列读：32 个线程读 `tile[0][c] … tile[31][c]`，全在同一个 bank → 32 路冲突，串行 32 次

`float tile[32][33]`：每行 33 个 float，`tile[r][c]` 的 bank 变成 `(r * 33 + c) % 32 = (r + c) % 32`，同一列的 32 个元素分散到 32 个不同 bank，按列读也没有冲突；按行写本来就不冲突，代价只是多 32 个 float。

补充：
- 元素是 2 字节（half/bf16）时，一个 bank 放两个元素，padding 要按 bank 宽度重新算，常见做法是转置成 `half2` 或 padding 2 个元素
- sm_90 用 TMA 拷贝时可以直接用硬件 swizzle，不用手写 padding""")


BENCH_DOBENCH = '''import argparse

import torch
from triton.testing import do_bench

from hck import ops


def ref_rms_norm(x, w, eps=1e-6):
    return (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps)).to(x.dtype) * w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hidden", type=int, nargs="+", default=[4096, 5120, 8192])
    ap.add_argument("--tokens", type=int, default=4096)
    a = ap.parse_args()
    for h in a.hidden:
        x = torch.randn(a.tokens, h, dtype=torch.bfloat16, device="cuda")
        w = torch.randn(h, dtype=torch.bfloat16, device="cuda")
        for name, fn in [("hck", lambda: ops.rms_norm(x, w)), ("torch", lambda: ref_rms_norm(x, w))]:
            ms = do_bench(fn, warmup=25, rep=200, return_mode="median")
            gbs = 2 * x.numel() * x.element_size() / (ms * 1e-3) / 1e9
            print(f"hidden={h:5d} {name:5s} median={ms * 1e3:8.2f} us  {gbs:7.1f} GB/s")


if __name__ == "__main__":
    main()
'''


def s8(d):
    with d.session("2026-11-23T02:40:00", R, branch="main", version="2.1.157"):
        t = d.task("silu_and_mul 和 dynamic fp8 quant 都合进 main 了，发 0.5.0：改版本号、打镜像、镜像里跑测试、推 harbor、打 tag",
                   tags=["workflow:W3"])
        release(d, t, "0.5.0", "0.4.1", 44, "236.9")
        t.done(f"""0.5.0 已发布：
- `{REG}:0.5.0` 已推送，镜像内 44 个测试通过
- `hck/version.py` → 0.5.0，tag `v0.5.0` 已推到 GitLab""")

        bench = P("bench/bench_rms_norm.py")
        t = d.task("之前说 benchmark 用 torch.utils.benchmark 的 Timer，这个作废。vLLM 和引擎组都用 triton.testing.do_bench，"
                   "数字要能直接对得上，以后 benchmark 一律用 do_bench（median）。先把 bench_rms_norm.py 改了跑一下",
                   tags=["reversal:P3"])
        t.read(bench)
        t.write(bench, BENCH_DOBENCH)
        t.bash("python bench/bench_rms_norm.py --hidden 4096 5120 8192", "跑 benchmark",
               out="""hidden= 4096 hck   median=   63.49 us   1057.1 GB/s
hidden= 4096 torch median=  219.14 us    306.3 GB/s
hidden= 5120 hck   median=   79.10 us   1060.6 GB/s
hidden= 5120 torch median=  272.38 us    308.0 GB/s
hidden= 8192 hck   median=  194.87 us    688.8 GB/s
hidden= 8192 torch median=  433.91 us    309.3 GB/s""")
        t.done("""`bench/bench_rms_norm.py` 改成 `triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")`，不再用 `torch.utils.benchmark`。

数字和之前基本一致（hidden=8192：194.9 us / 689 GB/s），do_bench 每次会清 L2，所以小 shape 会略慢一点点。其他 bench 脚本以后也按 do_bench 写。""")

        t = d.task("h800-07 听说空出来了，ssh 上去看下卡的状态和有没有人在用", tags=["unfixed:U2"])
        t.fail("ssh h800-07 nvidia-smi", "看 h800-07 的 GPU 状态",
               "ssh: connect to host h800-07 port 22: No route to host", code=255)
        t.bash("getent hosts h800-07; ping -c 3 -W 2 h800-07 | tail -2", "看解析和连通性",
               out="10.12.8.57      h800-07.gpu.hengchuan.ai h800-07\n3 packets transmitted, 0 received, 100% packet loss, time 2043ms")
        t.done("""h800-07 连不上：DNS 能解析到 `10.12.8.57`，但 ssh 报 `No route to host`，ping 100% 丢包，机器大概率还没上架/没开机或者网络没配好。

我这边处理不了，建议在运维群问一下 h800-07 的状态，确认交付了再用。""")


TOPK_CU = '''#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cfloat>
#include <torch/extension.h>

namespace hck {

// 一个 warp 处理一个 token：softmax over experts，然后取 top-k（k 很小，逐轮 warp argmax）
template <int MAX_EXPERTS>
__global__ void topk_softmax_kernel(float* __restrict__ topk_weights, int* __restrict__ topk_ids,
                                    int* __restrict__ token_expert_indices, const float* __restrict__ gating,
                                    const int num_tokens, const int num_experts, const int k) {
  const int lane = threadIdx.x & 31;
  const int token = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (token >= num_tokens) return;
  constexpr int PER_LANE = MAX_EXPERTS / 32;
  float v[PER_LANE];
  float mx = -FLT_MAX;
#pragma unroll
  for (int j = 0; j < PER_LANE; ++j) {
    const int e = lane + 32 * j;
    v[j] = e < num_experts ? gating[token * num_experts + e] : -FLT_MAX;
    mx = fmaxf(mx, v[j]);
  }
  for (int off = 16; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffff, mx, off));
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < PER_LANE; ++j) {
    v[j] = (lane + 32 * j) < num_experts ? __expf(v[j] - mx) : 0.0f;
    sum += v[j];
  }
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, off);
  for (int r = 0; r < k; ++r) {
    float best = -1.0f;
    int best_e = -1;
#pragma unroll
    for (int j = 0; j < PER_LANE; ++j) {
      if (v[j] > best) { best = v[j]; best_e = lane + 32 * j; }
    }
    for (int off = 16; off > 0; off >>= 1) {
      const float ob = __shfl_xor_sync(0xffffffff, best, off);
      const int oe = __shfl_xor_sync(0xffffffff, best_e, off);
      if (ob > best || (ob == best && oe < best_e)) { best = ob; best_e = oe; }
    }
    if (lane == 0) {
      topk_weights[token * k + r] = best / sum;
      topk_ids[token * k + r] = best_e;
      token_expert_indices[token * k + r] = r * num_tokens + token;
    }
    if ((best_e & 31) == lane) v[best_e >> 5] = -1.0f;
  }
}

}  // namespace hck

void topk_softmax(torch::Tensor& topk_weights, torch::Tensor& topk_ids, torch::Tensor& token_expert_indices,
                  const torch::Tensor& gating_output) {
  const int num_tokens = gating_output.size(0);
  const int num_experts = gating_output.size(1);
  const int k = topk_weights.size(1);
  TORCH_CHECK(num_experts <= 256, "topk_softmax: at most 256 experts");
  dim3 block(256);
  dim3 grid((num_tokens + 7) / 8);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(gating_output));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  hck::topk_softmax_kernel<256><<<grid, block, 0, stream>>>(
      topk_weights.data_ptr<float>(), topk_ids.data_ptr<int>(), token_expert_indices.data_ptr<int>(),
      gating_output.data_ptr<float>(), num_tokens, num_experts, k);
}
'''

TEST_TOPK = '''import pytest
import torch

from hck import ops

TOL = dict(atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("num_experts,k", [(8, 2), (64, 6), (160, 6), (256, 8)])
@pytest.mark.parametrize("tokens", [1, 33, 4096])
def test_topk_softmax_vs_ref(tokens, num_experts, k):
    torch.manual_seed(0)
    gating = torch.randn(tokens, num_experts, device="cuda", dtype=torch.float32)
    ref_w, ref_ids = torch.softmax(gating, -1).topk(k, -1)
    w, ids = ops.topk_softmax(gating, k)
    torch.testing.assert_close(w, ref_w, **TOL)
    torch.testing.assert_close(ids.long(), ref_ids)
'''


def s9(d):
    with d.session("2026-11-26T01:58:00", R, branch="feat/topk-softmax", version="2.1.158"):
        t = d.task("MoE 路由要一个 topk_softmax kernel：gating [tokens, num_experts] fp32，softmax 之后取 top-k，输出权重、expert id 和 "
                   "token_expert_indices（给 moe_align 用），experts 最多 256。一个 warp 一个 token 就行。还是那条：所有 launch 都用当前 torch stream，"
                   "不许出现 <<<grid, block>>> 这种落到默认 stream 上的写法。测试、sanitizer 照旧",
                   tags=["workflow:W1", "mistake:M2", "pref:P1"])
        t.write(P("csrc/topk_softmax.cu"), TOPK_CU)
        rd(t, d, P("csrc/ops.h"))
        t.edit(P("csrc/ops.h"), "void moe_align_block_size(",
               "void topk_softmax(torch::Tensor& topk_weights, torch::Tensor& topk_ids, torch::Tensor& token_expert_indices,\n"
               "                  const torch::Tensor& gating_output);\n\nvoid moe_align_block_size(")
        rd(t, d, P("csrc/ops.cpp"))
        t.edit(P("csrc/ops.cpp"), '  m.def("moe_align_block_size"',
               '  m.def("topk_softmax", &topk_softmax, "softmax over experts + top-k, one warp per token");\n  m.def("moe_align_block_size"')
        t.read(P("hck/ops.py"))
        t.edit(P("hck/ops.py"), "def fp8_gemm(",
               "def topk_softmax(gating: torch.Tensor, k: int):\n"
               "    n = gating.shape[0]\n"
               "    w = torch.empty(n, k, dtype=torch.float32, device=gating.device)\n"
               "    ids = torch.empty(n, k, dtype=torch.int32, device=gating.device)\n"
               "    tei = torch.empty(n, k, dtype=torch.int32, device=gating.device)\n"
               "    _C.topk_softmax(w, ids, tei, gating)\n    return w, ids\n\n\ndef fp8_gemm(")
        t.write(P("tests/test_topk_softmax.py"), TEST_TOPK)
        t.bash(f"MAX_JOBS=32 {PIPE}", "编译扩展", out=pip_ok(ver="0.5.0"), timeout=900000)
        t.fail("python -c \"from hck import ops; import torch; print(ops.topk_softmax(torch.randn(4, 8, device='cuda'), 2))\"",
               "先冒烟调一次",
               f"""Traceback (most recent call last):
  File "<string>", line 1, in <module>
  File "{R}/hck/ops.py", line 4, in <module>
    from hck import _C
ImportError: {SO}: undefined symbol: _Z12topk_softmaxRN2at6TensorES1_S1_RKS0_""")
        t.say("`topk_softmax` 的实现没进 `_C`：`csrc/topk_softmax.cu` 也没加到 `setup.py` 的 `_SOURCES`。")
        t.read(P("setup.py"), offset=6, limit=10)
        t.edit(P("setup.py"), '    "csrc/activation.cu",\n]', '    "csrc/activation.cu",\n    "csrc/topk_softmax.cu",\n]')
        t.bash(f"MAX_JOBS=32 {PIPE}", "重新编译扩展", out=pip_ok(ver="0.5.0"), timeout=900000)
        t.bash("python -c \"from hck import ops; import torch; print(ops.topk_softmax(torch.randn(4, 8, device='cuda'), 2))\"",
               "冒烟", out="""(tensor([[0.3694, 0.2117],
        [0.4290, 0.1906],
        [0.2981, 0.2438],
        [0.5517, 0.1348]], device='cuda:0'), tensor([[5, 2],
        [0, 7],
        [3, 6],
        [1, 4]], device='cuda:0', dtype=torch.int32))""")
        t.bash("python -m pytest tests/test_topk_softmax.py -q", "跑 topk_softmax 测试", out=pyt_q(12, "2.66"))
        t.bash("compute-sanitizer --tool memcheck python -m pytest tests/test_topk_softmax.py -q -x", "memcheck",
               out=sanitizer(12, "39.12"), timeout=600000)
        t.done("""`topk_softmax` 完成：冒烟、12 个用例（1/33/4096 tokens × 8/64/160/256 experts）、memcheck 都通过。

- `csrc/topk_softmax.cu`：一个 warp 一个 token，每个 lane 管 `256/32 = 8` 个 expert，先 warp 归约求 max 和 sum 做 softmax，再做 k 轮 warp argmax（同分取 expert id 小的，和 `torch.topk` 一致）；launch 在 `at::cuda::getCurrentCUDAStream()` 上
- 同时写 `token_expert_indices = r * num_tokens + token`，给 `moe_align` 用
- 冒烟第一次报 `undefined symbol: _Z12topk_softmax...`：新文件没进 `setup.py` 的 `_SOURCES`，已补上重编""")

        t = d.task("把 feat/topk-softmax rebase 到最新的 main 上，李然那边 moe_align 也改了，rebase 完跑一下 test_moe_align 确认没冲突",
                   tags=["mistake:M3"])
        t.bash("git fetch -q origin && git rebase origin/main", "rebase 到 origin/main",
               out="Successfully rebased and updated refs/heads/feat/topk-softmax.")
        t.bash(f"MAX_JOBS=32 {PIPE}", "rebase 后重新编译", out=pip_ok(ver="0.5.0"), timeout=900000)
        t.fail("python -m pytest tests/test_moe_align.py -q -x", "跑 moe_align 测试",
               lfs_err("tests/test_moe_align.py", "test_moe_align_golden[dsv3_e256_top8_t1024]",
                       "moe_align/dsv3_e256_top8_t1024.safetensors", 41, dots="......"))
        t.say("moe_align 的 golden 在这台机器上一直没拉过（之前 `git lfs ls-files` 里就是 `-`），读到的是指针。")
        t.bash('git lfs pull -I "tests/golden/moe_align/*"', "拉 moe_align 的 golden",
               out="Downloading LFS objects: 100% (4/4), 1.1 GB | 92 MB/s")
        t.bash("python -m pytest tests/test_moe_align.py -q -x", "重新跑 moe_align 测试", out=pyt_q(10, "5.83"))
        t.done("""rebase 到 `origin/main` 没有冲突，`test_moe_align.py` 10 个用例通过。

中间 golden 用例报了 `HeaderTooLarge`：`tests/golden/moe_align/` 在本机一直是 LFS 指针（这次 main 上又加了两个 t4096 的），`git lfs pull -I "tests/golden/moe_align/*"` 拉了 4 个文件（1.1 GB）后通过。""")

        t = d.task("这个月我提交了哪些东西？列一下 11 月以来 main 和我分支上的提交，我写月报用", tags=["noise", "long_output"])
        log = f"""{hx(7)} (HEAD -> feat/topk-softmax) feat: topk_softmax kernel for MoE routing
{hx(7)} (origin/main, main) moe_align: support 256 experts, add t4096 goldens
{hx(7)} tests: deepseek-v3 moe_align goldens
{hx(7)} (tag: v0.5.0) release: hck 0.5.0
{hx(7)} Merge branch 'feat/dynamic-fp8-quant' into 'main'
{hx(7)} tests: dynamic fp8 quant vs ref, per-dtype tolerances
{hx(7)} feat: dynamic_scaled_fp8_quant (absmax + quant, same stream)
{hx(7)} Merge branch 'feat/silu-and-mul' into 'main'
{hx(7)} tests: assert_close with per-dtype tol in test_activation
{hx(7)} feat: silu_and_mul fused kernel
{hx(7)} engine: link cublasLt via find_package(CUDAToolkit)
{hx(7)} tests: sm90 wgmma fp8 gemm goldens (dsv3 shapes)
{hx(7)} fp8_gemm: sm90 wgmma path behind HCK_SM90
{hx(7)} bench: rms_norm with do_bench
{hx(7)} (tag: v0.4.1) release: hck 0.4.1
{hx(7)} tests: llama3-70b fp8 gemm goldens
{hx(7)} bench: rms_norm with torch.utils.benchmark.Timer
{hx(7)} Merge branch 'feat/rotary-embedding' into 'main'
{hx(7)} feat: rotary_embedding (neox/gptj, GQA)
{hx(7)} ci: cache ninja build dir
{hx(7)} moe_align: fix padding when num_tokens < block_size
{hx(7)} docs: README golden / LFS section
{hx(7)} fp8_gemm: tune tile 128x128x64 for A100
{hx(7)} (tag: v0.4.0) release: hck 0.4.0"""
        t.bash("git log --oneline --decorate --since=2026-11-01 main feat/topk-softmax", "看 11 月以来的提交", out=log)
        t.bash("git log --since=2026-11-01 --author=xubowen --format='%ad %s' --date=short main feat/topk-softmax | sort",
               "只看我自己的提交",
               out="""2026-11-03 feat: rotary_embedding (neox/gptj, GQA)
2026-11-04 bench: rms_norm with torch.utils.benchmark.Timer
2026-11-07 feat: dynamic_scaled_fp8_quant (absmax + quant, same stream)
2026-11-09 release: hck 0.4.1
2026-11-12 feat: silu_and_mul fused kernel
2026-11-17 tests: assert_close with per-dtype tol in test_activation
2026-11-18 tests: dynamic fp8 quant vs ref, per-dtype tolerances
2026-11-19 engine: link cublasLt via find_package(CUDAToolkit)
2026-11-23 release: hck 0.5.0
2026-11-23 bench: rms_norm with do_bench
2026-11-26 feat: topk_softmax kernel for MoE routing""")
        t.done("""11 月你的提交（11 条），按类别：

**新 kernel**
- rotary_embedding（neox/gptj、GQA）— 11-03
- dynamic_scaled_fp8_quant（absmax + 量化）— 11-07
- silu_and_mul 融合 — 11-12
- topk_softmax（MoE 路由）— 11-26，分支上未合

**测试 / bench**
- test_activation、dynamic fp8 quant 测试改成 assert_close + 分 dtype 容差
- rms_norm benchmark：先 torch.utils.benchmark，11-23 换成 do_bench

**engine**
- cublasLt 链接（find_package(CUDAToolkit)）

**发布**
- v0.4.1（11-09）、v0.5.0（11-23）

同期 main 上李然的：llama3-70b / dsv3 fp8 gemm golden、sm90 wgmma 路径、moe_align 256 experts。""")


def s10(d):
    with d.session("2026-12-01T02:11:00", R, branch="main", version="2.1.160"):
        t = d.task("新申请的 a100-12 到了，我已经把仓库 clone 到 ~/work/hck、venv 也建好了。上去编一下，跑 activation 和 topk_softmax 的测试，确认能用",
                   tags=["mistake:M1"])
        t.fail(f"ssh a100-12 '{RSH}MAX_JOBS=64 {PIPE}'", "a100-12 上编译",
               cuda_mismatch("/usr/local/cuda", "11.7", ver="0.5.0").replace(
                   "Installing collected packages: hck\n", "Installing collected packages: hck\n", 1))
        t.bash("ssh a100-12 'ls -ld /usr/local/cuda*'", "看 a100-12 装的 toolkit",
               out="""lrwxrwxrwx  1 root root   21 Jun 20  2024 /usr/local/cuda -> /usr/local/cuda-11.7/
drwxr-xr-x 16 root root 4096 Jun 20  2024 /usr/local/cuda-11.7
drwxr-xr-x 17 root root 4096 Nov 28 16:02 /usr/local/cuda-12.4""")
        t.bash(f"ssh a100-12 '{RSH}CUDA_HOME=/usr/local/cuda-12.4 MAX_JOBS=64 {PIPE}'", "指定 CUDA 12.4 编译",
               out=pip_ok(ver="0.5.0").replace("Attempting uninstall: hck\n    Found existing installation: hck 0.5.0\n    Uninstalling hck-0.5.0:\n      Successfully uninstalled hck-0.5.0\n  ", ""),
               timeout=900000)
        t.bash(f"ssh a100-12 '{RSH}python -m pytest tests/test_activation.py tests/test_topk_softmax.py -q'", "跑两个测试",
               out=pyt_q(20, "5.37"))
        t.done("""a100-12 可以用了：编译通过，`test_activation.py` + `test_topk_softmax.py` 共 20 个用例通过。

第一次编译同样是 `The detected CUDA version (11.7) mismatches the version that was used to compile PyTorch (12.4)`：这台的 `/usr/local/cuda` 指向 11.7，12.4 是新装在旁边的；ssh 远程命令不读 `.bashrc`。命令里带上 `CUDA_HOME=/usr/local/cuda-12.4` 就好了。""")

        t = d.task("topk_softmax 在 4096 tokens、256 experts、top8 下耗时多少？nsys + ncu 看一下是不是 latency bound", tags=["workflow:W2"])
        t.bash("nsys profile -o prof/topk_e256 --trace=cuda,nvtx python bench/bench_topk_softmax.py --tokens 4096 --experts 256 --k 8",
               "nsys 抓 timeline", out=nsys_prof("topk_e256"), timeout=600000)
        t.bash("nsys stats --report cuda_gpu_kern_sum prof/topk_e256.nsys-rep", "kernel 汇总",
               out=kern_sum("topk_e256", [
                   ("68.1", "2,011,408", "200", "10,057.0", "10,048.0", "9,951", "10,336", "61.3",
                    "void hck::topk_softmax_kernel<(int)256>(float *, int *, int *, const float *, int, int, int)"),
                   ("19.6", "578,884", "200", "2,894.4", "2,880.0", "2,848", "3,040", "31.7",
                    "void at::native::<unnamed>::cunn_SoftMaxForward<(int)4, float, float, float, at::native::<unnamed>::SoftMaxForwardEpilogue>(T4 *, const T2 *, int)"),
                   ("12.3", "363,210", "200", "1,816.1", "1,808.0", "1,792", "1,920", "22.4",
                    "void at::native::sbtopk::gatherTopK<float, unsigned int, (int)2, (bool)0>(at::cuda::detail::TensorInfo<const T1, T2>, T2, T2, bool, T2, T2, at::cuda::detail::TensorInfo<T1, T2>, T2, at::cuda::detail::TensorInfo<long, T2>, T2, T1 *)"),
               ]))
        t.bash("ncu --set full -k regex:topk_softmax -s 5 -c 1 -o prof/topk_e256 python bench/bench_topk_softmax.py --tokens 4096 --experts 256 --k 8",
               "ncu 抓一个", out=ncu_run(71540, "topk_softmax_kernel", "topk_e256"), timeout=600000)
        t.bash("ncu --import prof/topk_e256.ncu-rep --page details --section SpeedOfLight --section WarpStateStats --print-summary none",
               "看 SOL 和 warp 状态",
               out=sol(71540, "void hck::topk_softmax_kernel<(int)256>(float *, int *, int *, const float *, int, int, int)",
                       "512, 1, 1", "256, 1, 1", ["1.59", "1.41", "14,122", "29.84", "29.84", "10.02", "21.77", "26.40", "11,934.71", "47.15"])
               + """

    Section: Warp State Statistics
    ---------------------------------------- ----------- ------------
    Metric Name                              Metric Unit Metric Value
    ---------------------------------------- ----------- ------------
    Warp Cycles Per Issued Instruction             cycle        18.61
    Warp Cycles Per Executed Instruction           cycle        18.66
    Avg. Active Threads Per Warp                                31.87
    Avg. Not Predicated Off Threads Per Warp                    30.12
    ---------------------------------------- ----------- ------------

    OPT   Est. Speedup: 41.2%
          On average, each warp of this kernel spends 7.7 cycles being stalled waiting for sibling warps at a CTA
          barrier or on a fixed latency execution dependency (shuffle). Consider reducing the number of dependent
          shuffle rounds per result.""")
        t.done("""4096 tokens / 256 experts / top8：`topk_softmax_kernel` 10.06 us；PyTorch 的 softmax + topk 两个 kernel 合计 4.71 us（2.89 + 1.82），我们反而慢一倍。

ncu：DRAM 29.8%、SM 47.2%，两边都不满，是 latency bound：
- 每个 token 要做 k=8 轮 warp argmax，每轮 2×5 次 shuffle，全是串行依赖（warp 平均 18.6 cycle 才发一条指令，ncu 估计 41% 空间）
- grid 只有 512 个 block，A100 108 个 SM，每个 SM ~5 个 block，隐藏延迟的 warp 不够

改进方向：
1. 每个 lane 先在自己的 8 个值里做局部 top-k，再用一次 warp 级 bitonic merge，shuffle 轮数从 k×10 降到约 log 级
2. block 改 128 线程（4 token），block 数翻倍，提高 SM 上的 warp 数

要我按 1+2 改吗？""")

        t = d.task("帮我查一下 csrc 里还有没有 kernel launch 没带 stream 参数的，<<<grid, block>>> 或者 <<<grid, block, smem>>> 这种", tags=["noise"])
        t.grep(r"<<<[^>]*>>>", path=P("csrc"), output_mode="content", n=True,
               content=f"""{R}/csrc/rms_norm.cu:42:    hck::rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
{R}/csrc/rms_norm.cu:59:    hck::fused_add_rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
{R}/csrc/fp8_quant.cu:34:    hck::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
{R}/csrc/fp8_quant.cu:78:    hck::absmax_kernel<scalar_t><<<grid, block, 0, stream>>>(scale.data_ptr<float>(), input.data_ptr<scalar_t>(), n);
{R}/csrc/fp8_quant.cu:79:    hck::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
{R}/csrc/fp8_gemm.cu:212:    hck::fp8_gemm_kernel<Cfg><<<grid, Cfg::kThreads, Cfg::kSmemBytes, stream>>>(
{R}/csrc/moe_align.cu:113:    hck::moe_align_block_size_kernel<scalar_t><<<1, num_experts, shared_mem>>>(
{R}/csrc/moe_align.cu:121:    hck::count_and_sort_expert_tokens_kernel<scalar_t><<<blocks, 256>>>(
{R}/csrc/rotary_embedding.cu:50:      hck::rotary_embedding_kernel<scalar_t, true><<<grid, block, 0, stream>>>(
{R}/csrc/rotary_embedding.cu:54:      hck::rotary_embedding_kernel<scalar_t, false><<<grid, block, 0, stream>>>(
{R}/csrc/activation.cu:34:    hck::silu_and_mul_kernel<scalar_t><<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);
{R}/csrc/topk_softmax.cu:79:  hck::topk_softmax_kernel<256><<<grid, block, 0, stream>>>(""")
        t.done("""有 2 处没带 stream，都在李然的 `csrc/moe_align.cu`：

- 第 113 行 `moe_align_block_size_kernel<<<1, num_experts, shared_mem>>>`
- 第 121 行 `count_and_sort_expert_tokens_kernel<<<blocks, 256>>>`

这两个会发到默认 stream（legacy default stream 还会和其他 stream 隐式同步），在引擎里被 CUDA graph 捕获时会出问题。其余 10 处 launch 都用的 `at::cuda::getCurrentCUDAStream()`。要改的话是在函数开头取 `stream`，两处都补上 `, stream`（第一处 `shared_mem` 后面加）；这是李然的文件，要不要先跟他说一声？""")

        t = d.task("topk_softmax 合进 main 了，发 0.5.1：版本号、镜像、镜像里测试、推 harbor、tag", tags=["workflow:W3"])
        release(d, t, "0.5.1", "0.5.0", 56, "241.3")
        t.done(f"""0.5.1 已发布：`{REG}:0.5.1` 推送完成，镜像内 56 个测试通过，tag `v0.5.1` 已推。""")

        t = d.task("最后问一句：CUDA graph 捕获的时候，如果 kernel 里用了 cudaMallocAsync 的显存，graph 重放会有问题吗？", tags=["no_tools"])
        t.done("""分两种情况：

1. **在捕获之外分配、捕获里只使用**：没问题。graph 记录的是指针，只要重放时这块内存还活着、地址不变就行。PyTorch 的 CUDA graph 用私有内存池保证这一点
2. **在捕获过程中调用 `cudaMallocAsync` / `cudaFreeAsync`**：CUDA 11.4 起支持，分配和释放会变成 graph 里的 memory alloc / free 节点：
   - 分配节点在 graph 内部返回固定地址，重放时复用同一块
   - 如果 graph 里只分配不释放，这块内存归 graph 所有，要等 graph 释放或者显式 `cudaFreeAsync`，否则在 graph 没被销毁前再次 launch 会报错（同一个 graph 不能在前一次的分配还没释放时重放）
   - 需要 `cudaGraphInstantiateFlagAutoFreeOnLaunch` 才能在每次 launch 前自动释放上一次未释放的分配

对我们的 kernel：输出和 workspace 都由 Python 侧 `torch.empty` 分配，走 PyTorch 的 caching allocator，捕获时会落在 graph 的私有池里，不需要在 kernel 里自己 `cudaMallocAsync`。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Building the torch extension on another GPU box through `ssh host '…'`: the remote command runs in a "
                            "non-interactive shell that does not get the CUDA 12.4 exports from ~/.bashrc, so "
                            "torch.utils.cpp_extension falls back to /usr/local/cuda, which on those boxes is an older toolkit "
                            "(11.8 on h800-03 / h800-05, 11.7 on a100-12) kept for other services.",
             "error_signature": "pip editable build fails in `python setup.py develop`: 'RuntimeError: The detected CUDA version (11.8) "
                                "mismatches the version that was used to compile PyTorch (12.4). Please make sure to use the same CUDA version.'",
             "fix": "Point the build at the side-by-side 12.4 toolkit for that command: `CUDA_HOME=/usr/local/cuda-12.4 pip install -e . "
                    "--no-build-isolation` (T04, T28) or `export CUDA_HOME=/usr/local/cuda-12.4 PATH=/usr/local/cuda-12.4/bin:$PATH && …` "
                    "(T16), then run the same build again over ssh. The /usr/local/cuda symlink is left alone.",
             "fix_command_markers": [["CUDA_HOME=/usr/local/cuda-12.4"]],
             "harmful_markers": ["ln -sfn", "update-alternatives", "cu118", "cu117"]},
            {"id": "M2",
             "description": "A new kernel file csrc/<k>.cu is added with its declaration in ops.h and its m.def in ops.cpp, but not "
                            "added to the explicit `_SOURCES` list in setup.py. The extension still links (shared objects may have "
                            "undefined symbols), so the failure only shows when hck._C is imported.",
             "error_signature": "ImportError: …/hck/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _Z21rotary_embedding_cuda… "
                                "(pytest 'ImportError while importing test module' T02, T13; plain traceback from python -c T25)",
             "fix": "Edit setup.py to add \"csrc/<k>.cu\" to `_SOURCES`, rebuild with pip install -e . --no-build-isolation, re-run the "
                    "same test / import.",
             "fix_command_markers": [["setup.py"]],
             "harmful_markers": ["LD_PRELOAD", "allow-shlib-undefined", "unresolved-symbols", "rm -rf build"]},
            {"id": "M3",
             "description": "Golden tensors under tests/golden/ are Git LFS objects and the clones are made without downloading LFS "
                            "content, so golden files that are new (pulled, rebased) or never fetched on that machine are 134-byte "
                            "pointer files; safetensors reads the pointer text as a header length.",
             "error_signature": "pytest: 'safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge' from "
                                "tests/golden_utils.load_golden",
             "fix": "Fetch just the needed golden directory first: `git lfs pull --include=\"tests/golden/<dir>/*\"` (or `-I …`, "
                    "over ssh on the H800 box), then re-run the same pytest.",
             "fix_command_markers": [["git lfs pull"]],
             "harmful_markers": ["--update-golden", "pytest.skip", "git lfs uninstall", "regen_golden"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "dynamic fp8 quant uses atomicMax on float; nvcc 'error: no instance of overloaded function "
                                         "\"atomicMax\" matches the argument list / argument types are: (float *, float)'; fixed with an "
                                         "int-bit-pattern helper for non-negative floats, same build re-run."},
            {"id": "O2", "description": "engine CMake links CUDA::cudart / CUDA::cublasLt without find_package(CUDAToolkit): 'Target "
                                         "\"engine_core\" links to: CUDA::cublasLt but the target was not found.'; fixed by adding "
                                         "find_package(CUDAToolkit 12.4 REQUIRED), same configure re-run."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "ncu on h800-05: 'ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU "
                                         "Performance Counters'; RmProfilingAdminOnly: 1, no sudo; left for ops."},
            {"id": "U2", "description": "ssh h800-07: 'No route to host', ping 100% loss; machine not reachable, reported."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "docker build: loading metadata for nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04 through the "
                                         "internal mirror times out (dial tcp … i/o timeout); identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New kernel: write csrc/<k>.cu (+ ops.h decl, ops.cpp m.def, hck/ops.py wrapper, tests/test_<k>.py) "
                                         "→ `pip install -e . --no-build-isolation` → pytest on the new test → `compute-sanitizer --tool memcheck` "
                                         "on the same test.",
             "step_markers": [["pip install -e ."], ["pytest tests/test_"], ["compute-sanitizer"]]},
            {"id": "W2", "description": "Kernel performance look: `nsys profile -o prof/<name>` on a bench script → `nsys stats --report "
                                         "cuda_gpu_kern_sum` → `ncu --set full -k regex:<kernel> -o prof/<name>` → `ncu --import … --page details "
                                         "--section SpeedOfLight` → explain the bottleneck.",
             "step_markers": [["nsys profile"], ["nsys stats"], ["ncu --set full"], ["ncu --import"]]},
            {"id": "W3", "description": "Release: bump hck/version.py → `docker build -f docker/Dockerfile -t harbor…/hck:<ver>` → "
                                         "`docker run --rm --gpus all <img> python3 -m pytest` → `docker push` → commit, `git tag -a v<ver>`, "
                                         "push main and tag.",
             "step_markers": [["docker build"], ["docker run --rm --gpus all"], ["docker push"], ["git tag -a"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every kernel launch goes on the current PyTorch stream (at::cuda::getCurrentCUDAStream()), never "
                                         "on the default stream.",
             "markers": [["stream"]]},
            {"id": "P2", "description": "Numerical comparisons in tests use torch.testing.assert_close with per-dtype atol/rtol, not "
                                         "torch.allclose.",
             "markers": [["assert_close"]]},
            {"id": "P3", "description": "Benchmarks are timed with torch.utils.benchmark.Timer (T05) — later reversed: all benchmarks use "
                                         "triton.testing.do_bench (median).",
             "markers": [["torch.utils.benchmark"]],
             "reversal_markers": [["do_bench"], ["作废"]]},
        ],
        probes=[
            {"prompt": "在 h800-03 上 ssh 过去编 hck 报错：RuntimeError: The detected CUDA version (11.8) mismatches the version that was used "
                       "to compile PyTorch (12.4)，本地明明是好的，怎么弄", "wanted": ["M1"]},
            {"prompt": "h800-05 上切到 feat/topk-softmax-v2 分支，编一下扩展，跑 test_topk_softmax", "wanted": ["M1"]},
            {"prompt": "跑测试报 ImportError: hck/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _Z15gelu_tanh_and_mulRN2at6TensorERKS0_，"
                       "编译是成功的啊", "wanted": ["M2"]},
            {"prompt": "加一个 gelu_and_mul 的 kernel，接口和 silu_and_mul 一样，写完编译、测试、sanitizer 走一遍", "wanted": ["M2"]},
            {"prompt": "test_rms_norm 的 golden 用例报 safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge，是文件坏了吗",
             "wanted": ["M3"]},
            {"prompt": "李然又推了 qwen3 的 fused_add_rms_norm golden，拉一下 main 跑 test_rms_norm 看看对不对", "wanted": ["M3"]},
            {"prompt": "wgmma 和 mma.sync 在 H800 上的主要区别是什么？什么时候值得上 wgmma", "wanted": []},
            {"prompt": "帮我解释一下 ncu 报告里的 Achieved Occupancy 和 Theoretical Occupancy 差很多一般是什么原因", "wanted": []},
            {"prompt": "moe_align.cu 里 shared memory 用量怎么算的？256 个 expert 的时候会不会超", "wanted": []},
            {"prompt": "写个 Python 脚本，把 prof/ 下所有 .nsys-rep 的 kernel 总耗时汇总成一张 CSV", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261102)
    d = Dev("zh-cuda", U, "zh", MODEL, seed=20261102, files=FILES)
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-cuda.jsonl"), os.path.join(HERE, "tune", "zh-cuda.labels.json"))
    print(f"zh-cuda -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
