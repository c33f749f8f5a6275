"""Time `skills-ref lint` against the reference validator on the same corpus, in one run.

    python3 bench/lint/bench_lint.py [--corpus ../shared/corpus/skills] [--repeat 5]

The reference (PyPI `skills-ref==0.1.1`, command `agentskills`) goes into a throwaway
venv under the system temp dir, never into the project: its import name `skills_ref`
and console script would clash with ours. Two comparisons are printed:

- cli:     ours, one `skills-ref lint CORPUS` process; the reference, one
           `agentskills validate DIR` process per skill (it takes a single path).
- library: in-process, imports excluded: ours `lint_paths([corpus])` with every check
           (reads and scans all ~1,200 files), and with `spec_only=True` (SKILL.md
           only, the reference's scope), against the reference's `validate(dir)` per skill.

Both report the best of `--repeat` runs; the ratio is reference time / our time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REFERENCE = "skills-ref==0.1.1"
VENV = Path(tempfile.gettempdir()) / "cairn-bench-skills-ref-0.1.1"

# Runs inside the reference venv: time validate() over the given skill dirs.
REFERENCE_LIBRARY_TIMER = """
import json, sys, time
from pathlib import Path
from skills_ref.validator import validate
dirs = [Path(p) for p in json.load(sys.stdin)]
best, verdicts = None, {}
for _ in range(int(sys.argv[1])):
    start = time.perf_counter()
    verdicts = {str(d): not validate(d) for d in dirs}
    took = time.perf_counter() - start
    best = took if best is None else min(best, took)
print(json.dumps({"seconds": best, "passed": verdicts}))
"""

OUR_LIBRARY_TIMER = """
import json, sys, time
from skillslint import lint_paths
def best_of(spec_only):
    best, report = None, None
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter()
        report = lint_paths([sys.argv[1]], spec_only=spec_only)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, report
spec_seconds, _ = best_of(True)
best, report = best_of(False)
print(json.dumps({"seconds": best, "spec_seconds": spec_seconds, "skills": [str(s.path) for s in report.skills],
                  "errors": report.errors, "warnings": report.warnings, "info": report.infos,
                  "failed": sum(1 for s in report.skills if s.errors)}))
"""


def ensure_reference() -> Path:
    """The reference's venv python, created once and reused across runs."""
    python = VENV / "bin" / "python"
    if not (VENV / "bin" / "agentskills").exists():
        uv = [sys.executable, "-m", "uv"] if shutil.which("uv") is None else ["uv"]
        subprocess.run([*uv, "venv", "--quiet", str(VENV)], check=True)
        subprocess.run([*uv, "pip", "install", "--quiet", "--python", str(python), REFERENCE], check=True)
    return python


def best_of(repeat: int, fn: Callable[[], None]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "skills")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    corpus = args.corpus.resolve()
    if not corpus.is_dir():
        print(f"corpus not found: {corpus}", file=sys.stderr)
        return 2
    our_python = REPO / ".venv" / "bin" / "python"
    ours_cli = REPO / ".venv" / "bin" / "skills-ref"
    ref_python = ensure_reference()
    ref_cli = VENV / "bin" / "agentskills"

    ours = json.loads(
        subprocess.run(
            [str(our_python), "-c", OUR_LIBRARY_TIMER, str(corpus), str(args.repeat)],
            capture_output=True, text=True, check=True, cwd=REPO,
        ).stdout
    )  # fmt: skip
    dirs = ours["skills"]
    ref = json.loads(
        subprocess.run(
            [str(ref_python), "-c", REFERENCE_LIBRARY_TIMER, str(args.repeat)],
            input=json.dumps(dirs), capture_output=True, text=True, check=True,
        ).stdout
    )  # fmt: skip

    def run_ours() -> None:
        subprocess.run([str(ours_cli), "lint", "--quiet", str(corpus)], capture_output=True, check=False)

    def run_reference() -> None:
        for d in dirs:
            subprocess.run([str(ref_cli), "validate", d], capture_output=True, check=False)

    cli_ours = best_of(args.repeat, run_ours)
    cli_ref = best_of(max(1, args.repeat // 2), run_reference)

    by_collection: dict[str, Counter[str]] = {}
    for d, ok in ref["passed"].items():
        name = Path(d).relative_to(corpus).parts[0]
        by_collection.setdefault(name, Counter())["pass" if ok else "fail"] += 1

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"corpus:  {corpus} ({len(dirs)} skills)")
    print(f"ours:    {ours['failed']} skills with errors; {ours['errors']} errors, "
          f"{ours['warnings']} warnings, {ours['info']} info")  # fmt: skip
    print(f"reference verdicts: {sum(not ok for ok in ref['passed'].values())} skills fail")
    for name, counts in sorted(by_collection.items()):
        print(f"  {name:40} {counts['pass']:3} pass / {counts['fail']:3} fail")
    print()
    print(f"{'':9}{'skills-ref lint':>18}{'agentskills 0.1.1':>20}{'ratio':>8}")
    rows = [
        ("spec", ours["spec_seconds"], ref["seconds"]),
        ("library", ours["seconds"], ref["seconds"]),
        ("cli", cli_ours, cli_ref),
    ]
    for label, mine, theirs in rows:
        print(f"{label:9}{mine:>17.3f}s{theirs:>19.3f}s{theirs / mine:>7.1f}x")
    print(f"\nbest of {args.repeat} runs (reference cli: best of {max(1, args.repeat // 2)}, 153 processes each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
