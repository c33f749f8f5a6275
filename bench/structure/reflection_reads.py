"""What typed rows cost on reflection's read paths: the same store read by this checkout and an earlier one.

    nice -n 10 .venv/bin/python -m bench.structure.reflection_reads --baseline DIR [--rounds 5]

One SQLite store is filled once (by this checkout) with a user's reflections, rules, beliefs, strategies
waiting for promotion and traces; then each round runs, in a fresh process per checkout and alternating,
the reads a prompt's hooks and the tools make: the earlier requests an initiative is compared with (300
reflections), the user model (40 beliefs), the rules (30 and those promoted), the traces mined for
patterns, the audit log and the newest reflections. Medians of the per-call wall times per checkout are
printed, and all the times as JSON with ``--json PATH``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLS = 30  # per read and process, after one warm-up call

# Run inside the measured checkout: only public service calls both versions have.
_MEASURE = """
import json, sys, time
from servers.core.events import EventBus
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings

home, calls = sys.argv[1], int(sys.argv[2])
svc = ReflectionService(CairnSettings(home=home, embedder="none"), bus=EventBus(), llm=None)
reads = {
    "earlier requests (300 reflections)": lambda: svc.proactive.earlier("u"),
    "user model": lambda: svc.users.get("u", include_all=True),
    "rules": lambda: svc.rules.all("u"),
    "traces": lambda: svc.traces("u", since="2000"),
    "audit log (200)": lambda: svc.store.audit_entries("u", None, 200),
    "reflections (50)": lambda: svc.reflections("u", 50),
}
out = {}
for name, read in reads.items():
    read()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        read()
        times.append((time.perf_counter() - start) * 1000)
    out[name] = times
svc.close()
print(json.dumps(out))
"""


def fill(home: Path) -> None:
    from servers.core.events import EventBus
    from servers.reflection.models import ProposedStrategy, Strategy, TaskReport, TraceStep
    from servers.reflection.service import ReflectionService
    from servers.suite.settings import CairnSettings

    svc = ReflectionService(CairnSettings(home=home, embedder="none"), bus=EventBus(), llm=None)
    try:
        for i in range(300):
            steps = [TraceStep(tool=t, ok=True) for t in ("fetch_rates", "convert", f"save_{i % 7}")]
            advice = [ProposedStrategy(strategy=f"Check the currency table before converting batch {i % 40}.")]
            report = TaskReport(
                task=f"convert invoice batch {i} to EUR",
                outcome="success",
                trace=steps,
                task_id=f"t{i}",
                strategies=advice,
            )
            svc.reflect(report, "u")
        for i in range(30):
            svc.rules.create("u", Strategy(strategy=f"Pin tool version {i} in the lock file.", key=f"k{i}"), [f"r{i}"])
        for i in range(40):
            svc.users.signal("u", f"style {i}", "short answers", "explicit", f"s{i}")
            svc.users.signal("u", f"style {i}", "short answers", "follow_up", f"s{i}b")
    finally:
        svc.close()


def run(checkout: Path, home: Path) -> dict[str, list[float]]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "FASTMCP_CHECK_FOR_UPDATES": "off"}
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(home), str(CALLS)],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="an earlier checkout (git worktree)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    times: dict[str, dict[str, list[float]]] = {"baseline": {}, "this": {}}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        fill(home)
        for _ in range(args.rounds):
            for label, checkout in (("baseline", args.baseline.resolve()), ("this", ROOT)):
                for name, values in run(checkout, home).items():
                    times[label].setdefault(name, []).extend(values)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print(f"{'read':<38} {'baseline p50 ms':>16} {'this p50 ms':>12}")
    for name in times["this"]:
        base, this = statistics.median(times["baseline"][name]), statistics.median(times["this"][name])
        print(f"{name:<38} {base:>16.2f} {this:>12.2f}")
    if args.json:
        args.json.write_text(json.dumps(times), encoding="utf-8")


if __name__ == "__main__":
    main()
