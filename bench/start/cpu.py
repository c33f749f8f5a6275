"""CPU per start: what building the servers costs in CPU time, beside the floor, whatever the machine's load.

    .venv/bin/python -m bench.start.cpu --rounds 7 --baseline DIR
    .venv/bin/python -m bench.start.cpu --rounds 7 --baseline DIR --stdio

``--stdio`` measures real stdio starts instead (Linux: it reads ``/proc``): each target is started as a host
starts it, sent ``initialize`` and ``tools/list`` at once, and the CPU the process has used is read from
``/proc/PID/stat`` when each answer arrives. That is the measure for a stdio ``serve`` (``all`` or one
server), which answers from the answers kept by an earlier start while it builds in another thread: the
build's CPU before the answer is counted, the rest of it is not. The default mode (below) times the build itself.

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
import json
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


_HANDSHAKE = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "b", "version": "0"}},
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
]


def _process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime, in clock ticks


def stdio_cpu_of(target: str, where: Path) -> tuple[float, float]:
    """CPU seconds the stdio process had used when its initialize and its tools/list answers arrived."""
    if target == "floor":
        argv = [sys.executable, "-m", "bench.start.floor_server"]
    else:
        argv = [sys.executable, "-m", "servers.suite.cli.main", "serve", target, "--transport", "stdio"]
    env = {k: v for k, v in os.environ.items() if k.startswith(("PYTHON", "FASTMCP_")) or k in ("PATH", "HOME")}
    env.update(FASTMCP_CHECK_FOR_UPDATES="off")
    with tempfile.TemporaryDirectory(prefix="cairn-cpu-") as tmp:
        env["CAIRN_HOME"] = str(Path(tmp) / "home")
        process = subprocess.Popen(
            argv, cwd=where, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write("".join(json.dumps(m) + "\n" for m in _HANDSHAKE).encode())
            process.stdin.flush()
            at: dict[int, float] = {}
            while len(at) < 2:
                line = process.stdout.readline()
                if not line:
                    raise RuntimeError(f"{target}@{where}: the server stopped before answering")
                message = json.loads(line)
                if message.get("id") in (1, 2):
                    at[message["id"]] = _process_cpu(process.pid)
            process.stdin.close()
            process.wait(timeout=120)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return at[1], at[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout, run alternating")
    parser.add_argument("--stdio", action="store_true", help="real stdio starts: CPU when initialize/tools/list answer")
    args = parser.parse_args()
    targets = [("floor", ROOT), ("all", ROOT), ("memory", ROOT)]
    if args.baseline:
        targets += [("all", args.baseline), ("memory", args.baseline)]
    # One start of each first, not counted: it fills the caches (tool schemas, kept answers) of this code, as
    # the first start after an upgrade does; every counted start is one of the many that follow.
    for name, where in targets:
        if args.stdio:
            stdio_cpu_of(name, where)
        else:
            cpu_of(name, where)
    print(f"load average before: {os.getloadavg()}")
    samples: dict[str, list[float]] = {}
    for r in range(args.rounds):
        for name, where in targets[r % len(targets) :] + targets[: r % len(targets)]:
            label = name if where == ROOT else f"{name}@{where}"
            if args.stdio:
                initialize, listed = stdio_cpu_of(name, where)
                samples.setdefault(f"{label} initialize", []).append(initialize)
                samples.setdefault(f"{label} tools/list", []).append(listed)
            else:
                samples.setdefault(label, []).append(cpu_of(name, where))
    for label, values in samples.items():
        floor = statistics.median(samples[label.replace(label.split(" ")[0], "floor", 1)])
        median = statistics.median(values)
        print(f"{label:52s} CPU median {median:5.2f} s  min {min(values):5.2f} s  {median / floor:4.2f}× the floor")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
