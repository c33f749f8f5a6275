"""Skills benchmark: match_skills quality and latency, load time, progressive-disclosure saving.

    .venv/bin/python -m bench.skills.run                 # everything (about a minute on 2 cores)
    .venv/bin/python -m bench.skills.run --misses        # also list every evaluation miss
    .venv/bin/python -m bench.skills.run --json out.json
    .venv/bin/python -m bench.skills.run --rounds 3 --baseline /tmp/before --baseline-rounds 3

With ``--baseline DIR`` the same command runs alternately from this checkout and from DIR (its own venv),
``--baseline-rounds`` times each, and prints each figure's per-round ratio to DIR's (bench/baseline.py).

Every run uses a fresh temporary CAIRN_HOME and never touches ~/.cairn. The corpus is read in place.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from servers.core.events import EventBus
from servers.skills.catalog import system_skills_dir
from servers.skills.service import SkillsService
from servers.skills.text import estimate_tokens
from servers.suite.settings import CairnSettings
from tests.conftest import CORPUS

HERE = Path(__file__).resolve().parent
TOPICS = """invoice ledger kubernetes terraform billing onboarding payroll sitemap webhook graphql
    accessibility localization telemetry backup firmware calendar newsletter podcast recipe warehouse
    shipment compliance gdpr audit dashboard forecast churn cohort latency profiling caching sharding""".split()
VERBS = "reconcile migrate validate summarise generate audit optimise monitor schedule export".split()


def service(home: Path, extra: list[Path]) -> SkillsService:
    settings = CairnSettings(
        home=home,
        embedder="none",
        skills={"system_path": system_skills_dir(), "paths": [CORPUS, *extra], "reload_check_s": 3600},
    )
    return SkillsService(settings, bus=EventBus())


def synthetic(root: Path, count: int, seed: int = 7) -> None:
    """``count`` lint-clean skills: half with triggers, half matched on their description only."""
    rng = random.Random(seed)
    for i in range(count):
        topic, other, verb = rng.choice(TOPICS), rng.choice(TOPICS), rng.choice(VERBS)
        name = f"{verb}-{topic}-{i}"
        fm: dict[str, Any] = {
            "name": name,
            "description": f"{verb.capitalize()} {topic} records and {other} reports for team {i}. "
            f"Use when asked to {verb} {topic} data.",
        }
        if i % 2:
            fm["triggers"] = {
                "intent_patterns": [rf"\b{verb}\b.*\b{topic}\b.*\bteam {i}\b"],
                "tool_signals": [f"{topic}_tool"],
                "context_signals": {"keywords": [topic, other]},
            }
        folder = root / name
        folder.mkdir(parents=True)
        body = f"# {name}\n\n" + "\n".join(f"{n}. Step {n} for {topic}." for n in range(1, 30))
        text = "---\n" + yaml.safe_dump(fm, sort_keys=False) + "---\n\n" + body + "\n"
        (folder / "SKILL.md").write_text(text, encoding="utf-8")


def quality(svc: SkillsService, misses: bool) -> dict[str, Any]:
    items = [json.loads(line) for line in (HERE / "eval.jsonl").read_text(encoding="utf-8").splitlines() if line]
    tp = fp = fn = tn = top3 = 0
    by_kind: dict[str, list[int]] = {}
    missed = []
    for item in items:
        got = [m.name for m in svc.match(item["task"]).matches]
        want = set(item["expected"])
        top = got[0] if got else None
        ok = (top in want) if want else (top is None)
        if want:
            tp += top in want
            fp += top is not None and top not in want
            fn += top is None
            top3 += bool(want & set(got))
        else:
            fp += top is not None
            tn += top is None
        by_kind.setdefault(item["kind"], []).append(int(ok))
        if not ok:
            missed.append({"task": item["task"], "expected": item["expected"], "got": got})
    positives = sum(1 for i in items if i["expected"])
    out = {
        "queries": len(items),
        "positives": positives,
        "negatives": len(items) - positives,
        "precision": round(tp / (tp + fp), 3) if tp + fp else 0.0,
        "recall": round(tp / positives, 3),
        "recall_top3": round(top3 / positives, 3),
        "true_negative_rate": round(tn / (len(items) - positives), 3),
        "accuracy_by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in by_kind.items()},
    }
    if misses:
        out["misses"] = missed
    return out


def latency(svc: SkillsService, tasks: list[str], rounds: int) -> dict[str, float]:
    for t in tasks[:5]:
        svc.match(t)  # warm the indexes
    return timed_matches(svc, tasks, rounds)


def timed_matches(svc: SkillsService, tasks: list[str], rounds: int) -> dict[str, float]:
    """``rounds`` passes of match over ``tasks``: call count, p50, p95 and max in milliseconds."""
    times = []
    for _ in range(rounds):
        for t in tasks:
            start = time.perf_counter()
            svc.match(t)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "calls": len(times),
        "p50_ms": round(statistics.median(times), 3),
        "p95_ms": round(times[int(len(times) * 0.95) - 1], 3),
        "max_ms": round(times[-1], 3),
    }


def disclosure(svc: SkillsService) -> dict[str, int]:
    lib = svc.library()
    listing = json.dumps(svc.list_skills().model_dump()["skills"], ensure_ascii=False)
    bodies = sum(estimate_tokens(s.skill_md.read_text(encoding="utf-8")) for s in lib.skills.values())
    return {"skills": len(lib.skills), "list_skills_tokens": estimate_tokens(listing), "all_skill_md_tokens": bodies}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--total", type=int, default=1000, help="skills loaded for the latency run")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--baseline", type=Path, help="another checkout to run alternately with this one")
    parser.add_argument("--baseline-rounds", type=int, default=3)
    args = parser.parse_args()
    if args.baseline is not None:
        compare_with(args)
        return
    tasks = [json.loads(line)["task"] for line in (HERE / "eval.jsonl").read_text(encoding="utf-8").splitlines()]
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = service(Path(tmp) / "home-a", [])
        start = time.perf_counter()
        base.library()
        results["load_corpus_s"] = round(time.perf_counter() - start, 2)
        results["quality"] = quality(base, args.misses)
        results["disclosure"] = disclosure(base)
        results["latency_corpus"] = latency(base, tasks, args.rounds)
        loaded = len(base.library().skills)
        base.close()
        extra = Path(tmp) / "synthetic"
        synthetic(extra, max(0, args.total - loaded))
        big = service(Path(tmp) / "home-b", [extra])
        start = time.perf_counter()
        big.library()
        results["load_1000_s"] = round(time.perf_counter() - start, 2)
        results["skills_loaded"] = len(big.library().skills)
        start = time.perf_counter()
        big.catalog.invalidate()
        big.library()
        results["reload_unchanged_1000_s"] = round(time.perf_counter() - start, 3)
        results["latency_1000"] = latency(big, tasks, args.rounds)
        big.close()
    print(json.dumps(results, ensure_ascii=False, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=2), encoding="utf-8")


def compare_with(args: argparse.Namespace) -> None:
    """Before/after: this command from both checkouts, alternating (see bench/baseline.py)."""
    import sys

    from bench import baseline

    runs = baseline.alternate(
        "bench.skills.run", baseline.strip_baseline(sys.argv[1:]), baseline.arms(args.baseline), args.baseline_rounds
    )
    table = baseline.compare(
        runs,
        {
            "load corpus s": lambda r: r["load_corpus_s"],
            "load 1,000 skills s": lambda r: r["load_1000_s"],
            "reload unchanged 1,000 s": lambda r: r["reload_unchanged_1000_s"],
            "match p50 ms (corpus)": lambda r: r["latency_corpus"]["p50_ms"],
            "match p95 ms (corpus)": lambda r: r["latency_corpus"]["p95_ms"],
            "match p50 ms (1,000 skills)": lambda r: r["latency_1000"]["p50_ms"],
            "match p95 ms (1,000 skills)": lambda r: r["latency_1000"]["p95_ms"],
        },
    )
    baseline.report(table, args.json)


if __name__ == "__main__":
    main()
