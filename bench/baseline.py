"""Before/after in one run: a benchmark module run alternately from this checkout and from another one.

Each bench that takes ``--baseline DIR`` hands its own command line (minus ``--baseline``) to
:func:`alternate`, which runs ``python -m <module> … --json <file>`` once per arm and round: this checkout
with this interpreter, and DIR (an earlier commit, e.g. ``git archive <commit> | tar -x -C DIR`` followed by
``uv sync --locked`` there) with DIR's own ``.venv``, from DIR, so each side imports only its own code. The
order of the arms is rotated every round, so a busy moment on a shared machine falls on each in turn; a
figure is then compared through the ratio of the two arms within each round, not across runs.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Arm:
    label: str
    python: Path
    cwd: Path
    env: Mapping[str, str] = field(default_factory=dict)


def arms(baseline: Path, extra: Mapping[str, Mapping[str, str]] | None = None) -> list[Arm]:
    """``after`` (this checkout), ``before`` (the other one) and any extra arms of this checkout with more env."""
    baseline = baseline.resolve()
    python = baseline / ".venv" / "bin" / "python"
    if not python.is_file():
        raise SystemExit(f"{baseline} has no .venv/bin/python: run `uv sync --locked` there first")
    out = [Arm("after", Path(sys.executable), ROOT), Arm("before", python, baseline)]
    out += [Arm(label, Path(sys.executable), ROOT, env) for label, env in (extra or {}).items()]
    return out


def strip_baseline(argv: list[str]) -> list[str]:
    """The bench's own arguments without ``--baseline DIR``, ``--baseline-rounds N`` and ``--json FILE``."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in ("--baseline", "--baseline-rounds", "--json"):
            skip = "=" not in arg
            continue
        out.append(arg)
    return out


def alternate(module: str, argv: list[str], all_arms: list[Arm], rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Every arm's JSON report, per round, the arms' order rotated each round."""
    results: dict[str, list[dict[str, Any]]] = {arm.label: [] for arm in all_arms}
    with tempfile.TemporaryDirectory(prefix="cairn-bench-baseline-") as tmp:
        for r in range(rounds):
            shift = r % len(all_arms)
            for arm in all_arms[shift:] + all_arms[:shift]:
                out = Path(tmp) / f"{arm.label}-{r}.json"
                env = {**os.environ, **arm.env}
                print(f"-- round {r + 1}/{rounds}: {arm.label} (load average {os.getloadavg()[0]:.2f})", flush=True)
                subprocess.run(
                    [str(arm.python), "-m", module, *argv, "--json", str(out)],
                    cwd=arm.cwd,
                    env=env,
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                report = json.loads(out.read_text(encoding="utf-8"))
                report["_load_average"] = list(os.getloadavg())
                results[arm.label].append(report)
    return results


def compare(
    results: dict[str, list[dict[str, Any]]], figures: Mapping[str, Callable[[dict[str, Any]], float]]
) -> dict[str, Any]:
    """Per figure: each arm's median over rounds and the median of the per-round ratios arm / before."""
    table: dict[str, Any] = {}
    for name, read in figures.items():
        row: dict[str, Any] = {}
        before = [read(report) for report in results["before"]]
        row["before"] = round(statistics.median(before), 3)
        for label, reports in results.items():
            if label == "before":
                continue
            values = [read(report) for report in reports]
            row[label] = round(statistics.median(values), 3)
            ratios = [a / b for a, b in zip(values, before, strict=True) if b]
            row[f"{label}/before"] = round(statistics.median(ratios), 3) if ratios else None
            row[f"{label}/before per round"] = [round(x, 3) for x in ratios]
        table[name] = row
    loads = [report["_load_average"][0] for reports in results.values() for report in reports]
    table["load average (1 min) after each run"] = {"min": round(min(loads), 2), "max": round(max(loads), 2)}
    return table


def report(table: dict[str, Any], path: Path | None) -> None:
    text = json.dumps(table, indent=1, ensure_ascii=False)
    print(text)
    if path:
        path.write_text(text + "\n", encoding="utf-8")
