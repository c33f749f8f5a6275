"""CPU per start: what building the servers costs in CPU time, beside the floor, whatever the machine's load.

    .venv/bin/python -m bench.start.cpu --rounds 7 --baseline DIR

On a shared machine the wall clock of a start mostly measures the other jobs; the CPU a start uses does not
move much with them. Each round runs, in an order rotated every round, a child process per target that does
what a stdio start does before it can answer ``tools/list`` (minus the protocol): the floor imports
``bench/start/floor_server.py`` and lists its tool; ``all`` and ``memory`` import the ``cairn`` command line
(which installs the bytecode cache where it applies), read the settings, build the server(s) on a new, empty
CAIRN_HOME, with kept tool schemas where the code has them, and list the tools. ``NAME@DIR`` runs the same from
another checkout (an earlier commit). CPU = user + system time of the child, from ``getrusage``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import asyncio, sys
name = sys.argv[1]
if name == "floor":
    from bench.start.floor_server import mcp as server
else:
    import servers.suite.cli.main  # noqa: F401  (what the command loads first)
    from servers.suite.serving import build_server
    from servers.suite.settings import CairnSettings
    settings = CairnSettings()
    try:
        from servers.suite.tool_cache import schemas_kept
    except ImportError:  # a checkout from before kept schemas
        server = build_server(name, settings)
    else:
        with schemas_kept(settings):
            server = build_server(name, settings)
asyncio.run(server.list_tools())
"""


def cpu_of(target: str, where: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k.startswith(("PYTHON", "FASTMCP_")) or k in ("PATH", "HOME")}
    env.update(FASTMCP_CHECK_FOR_UPDATES="off", PYTHONPATH=str(where))
    with tempfile.TemporaryDirectory(prefix="cairn-cpu-") as tmp:
        env["CAIRN_HOME"] = str(Path(tmp) / "home")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-c", _CHILD, target], cwd=where, env=env, check=True, stderr=subprocess.DEVNULL
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout, run alternating")
    args = parser.parse_args()
    targets = [("floor", ROOT), ("all", ROOT), ("memory", ROOT)]
    if args.baseline:
        targets += [("all", args.baseline), ("memory", args.baseline)]
    samples: dict[str, list[float]] = {}
    for r in range(args.rounds):
        for name, where in targets[r % len(targets) :] + targets[: r % len(targets)]:
            label = name if where == ROOT else f"{name}@{where}"
            samples.setdefault(label, []).append(cpu_of(name, where))
    floor = statistics.median(samples["floor"])
    for label, values in samples.items():
        median = statistics.median(values)
        print(f"{label:40s} CPU median {median:5.2f} s  min {min(values):5.2f} s  {median / floor:4.2f}× the floor")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
