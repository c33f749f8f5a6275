"""Start latency: how long a host waits for Cairn's first answers, beside a bare fastmcp server.

    .venv/bin/python -m bench.start.latency                       # 9 rounds, then the hook figures
    .venv/bin/python -m bench.start.latency --rounds 15 --json out.json
    .venv/bin/python -m bench.start.latency --hook-runs 0         # servers only

Servers: each round starts, in an order rotated every round so that a busy moment on a shared machine
falls on each in turn,

* ``floor``: a bare fastmcp server with one tool (``bench/start/floor_server.py``), what any fastmcp
  server pays to start;
* ``all``: ``cairn serve all --transport stdio``;
* ``memory``: ``cairn serve memory --transport stdio``;
* with ``--baseline DIR``, ``all@DIR`` and ``memory@DIR``: the same commands run from another checkout
  (``python -m servers.suite.cli.main`` in DIR), for a before/after in one run;

each on a fresh temporary CAIRN_HOME, through the official MCP Python client over stdio (``stdio_client`` +
``ClientSession``). From the moment before the process is spawned it records when ``initialize`` is
answered and when ``tools/list`` is (every page followed), and checks every start lists the same tools.

Hooks: ``cairn hook user-prompt-submit`` as a real subprocess, as a host runs it.
``hook_warm`` is on a daemon started once and warmed (embedder loaded), ``--hook-runs`` times, alternating
with ``python -c pass`` (``hook_floor``: the bare interpreter start). ``hook_fresh`` is the very first hook
on a new, empty CAIRN_HOME with no daemon (``--fresh-runs`` homes), which starts the daemon and waits up to
CAIRN_HOOKS__COLD_WAIT_MS for it.

The children get this process's PYTHON* and FASTMCP_* variables (so ``PYTHONDONTWRITEBYTECODE`` applies as
it would to a host's child) and no other CAIRN_* variable than their home.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TARGETS = ("floor", "all", "memory")


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "p50": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 1),
        "min": round(ordered[0], 1),
        "max": round(ordered[-1], 1),
    }


def cairn() -> list[str]:
    script = Path(sys.executable).parent / "cairn"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "servers.suite.cli.main"]


def command(target: str) -> tuple[list[str], Path]:
    """The command line of a target and the directory it runs in."""
    if target == "floor":
        return [sys.executable, "-m", "bench.start.floor_server"], ROOT
    name, _, where = target.partition("@")
    if where:  # another checkout of Cairn (an earlier commit), run from its own directory
        return [sys.executable, "-m", "servers.suite.cli.main", "serve", name, "--transport", "stdio"], Path(where)
    return [*cairn(), "serve", name, "--transport", "stdio"], ROOT


def child_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k.startswith(("PYTHON", "FASTMCP_"))}
    env.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")
    env["CAIRN_HOME"] = str(home)
    return env


async def start_once(target: str, home: Path) -> dict[str, Any]:
    """Milliseconds from spawn to the initialize answer and to the last tools/list page; the tool names."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    argv, cwd = command(target)
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=child_env(home), cwd=str(cwd))
    with open(os.devnull, "w") as quiet:  # the servers' log lines are not what is measured
        started = time.perf_counter()
        async with stdio_client(params, errlog=quiet) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            initialized = time.perf_counter()
            names: list[str] = []
            cursor: str | None = None
            while True:
                page = await session.list_tools(params=_page(cursor))
                names += [tool.name for tool in page.tools]
                cursor = page.next_cursor
                if not cursor:
                    break
            listed = time.perf_counter()
    return {
        "initialize_ms": (initialized - started) * 1000,
        "tools_list_ms": (listed - started) * 1000,
        "tools": sorted(names),
    }


def _page(cursor: str | None) -> Any:
    from mcp import types

    return types.PaginatedRequestParams(cursor=cursor) if cursor else None


def servers(rounds: int, targets: tuple[str, ...]) -> dict[str, Any]:
    samples: dict[str, dict[str, list[float]]] = {t: {"initialize_ms": [], "tools_list_ms": []} for t in targets}
    tools: dict[str, list[str]] = {}
    # One start of each first, not counted: it fills the caches of this code (tool schemas, the answers
    # `serve all` keeps), as the first start after an upgrade does; the counted starts are those that follow.
    for target in targets:
        with tempfile.TemporaryDirectory(prefix="cairn-start-") as tmp:
            asyncio.run(start_once(target, Path(tmp) / "home"))
    for r in range(rounds):
        order = targets[r % len(targets) :] + targets[: r % len(targets)]
        for target in order:
            with tempfile.TemporaryDirectory(prefix="cairn-start-") as tmp:
                result = asyncio.run(start_once(target, Path(tmp) / "home"))
            for key in ("initialize_ms", "tools_list_ms"):
                samples[target][key].append(result[key])
            if tools.setdefault(target, result["tools"]) != result["tools"]:
                raise RuntimeError(f"{target}: the tool list changed between starts")
            print(
                f"round {r + 1}/{rounds} {target[:30]:30s} initialize {result['initialize_ms']:7.0f} ms"
                f"  tools/list {result['tools_list_ms']:7.0f} ms  ({len(result['tools'])} tools)",
                file=sys.stderr,
                flush=True,
            )
    out: dict[str, Any] = {}
    for target in targets:
        out[target] = {key: summary(values) for key, values in samples[target].items()}
        out[target]["tools"] = len(tools[target])
    if "floor" in targets:
        floor = out["floor"]
        for target in targets:
            if target != "floor":
                out[target]["vs_floor_p50"] = {
                    key: round(out[target][key]["p50"] / floor[key]["p50"], 2)
                    for key in ("initialize_ms", "tools_list_ms")
                }
    return out


def run_hook(event: str, payload: dict[str, Any], env: dict[str, str]) -> float:
    data = json.dumps(payload).encode()
    started = time.perf_counter()
    subprocess.run([*cairn(), "hook", event], input=data, capture_output=True, env=env, check=True, cwd=ROOT)
    return (time.perf_counter() - started) * 1000


def bare_python(env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
    return (time.perf_counter() - started) * 1000


def prompt(session: str) -> dict[str, Any]:
    return {
        "session_id": session,
        "transcript_path": "",
        "cwd": str(ROOT),
        "hook_event_name": "UserPromptSubmit",
        "prompt": "write a commit message for my staged changes",
    }


def hooks(runs: int, fresh_runs: int) -> dict[str, Any]:
    from servers.suite.hooks.commands import request

    out: dict[str, Any] = {}
    previous = os.environ.get("CAIRN_HOME")
    try:
        fresh: list[float] = []
        for i in range(fresh_runs):
            with tempfile.TemporaryDirectory(prefix="cairn-start-hook-") as tmp:
                env = {**_hook_env(), "CAIRN_HOME": str(Path(tmp) / "home")}
                os.environ["CAIRN_HOME"] = env["CAIRN_HOME"]  # `request` finds this home's daemon
                try:
                    fresh.append(run_hook("user-prompt-submit", prompt(f"fresh-{i}"), env))
                    _wait_ready(request)
                finally:
                    request({"event": "stop"}, 5.0)
                    _wait_stopped(request)
        if fresh:
            out["hook_fresh"] = summary(fresh)
        if runs:
            with tempfile.TemporaryDirectory(prefix="cairn-start-hook-") as tmp:
                env = {**_hook_env(), "CAIRN_HOME": str(Path(tmp) / "home")}
                os.environ["CAIRN_HOME"] = env["CAIRN_HOME"]
                try:
                    run_hook("user-prompt-submit", prompt("warm-up"), env)
                    _wait_ready(request)
                    warm: list[float] = []
                    floor: list[float] = []
                    for i in range(runs):
                        warm.append(run_hook("user-prompt-submit", prompt(f"warm-{i}"), env))
                        floor.append(bare_python(env))
                    out["hook_warm"] = summary(warm)
                    out["hook_floor"] = summary(floor)
                finally:
                    request({"event": "stop"}, 5.0)
                    _wait_stopped(request)
    finally:
        if previous is None:
            os.environ.pop("CAIRN_HOME", None)
        else:
            os.environ["CAIRN_HOME"] = previous
    return out


def _hook_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAIRN_")}
    env.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")
    return env


def _wait_ready(request: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while (reply := request({"event": "ping"}, 1.0)) is None or reply.get("embedder") == "loading":
        if time.monotonic() > deadline:
            raise TimeoutError("the hook daemon did not come up")
        time.sleep(0.05)


def _wait_stopped(request: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while request({"event": "ping"}, 1.0) is not None and time.monotonic() < deadline:
        time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="starts of each server")
    parser.add_argument("--targets", default=",".join(TARGETS), help=f"comma-separated, of {', '.join(TARGETS)}")
    parser.add_argument("--hook-runs", type=int, default=40, help="warm user-prompt-submit calls")
    parser.add_argument("--fresh-runs", type=int, default=5, help="empty homes for the first hook")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="also start `all` and `memory` from this checkout (e.g. `git archive` of an earlier commit), "
        "alternating with the others, for a before/after in one run",
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    targets = tuple(t for t in args.targets.split(",") if t)
    unknown = set(targets) - set(TARGETS)
    if args.baseline is not None:
        targets += tuple(f"{t}@{args.baseline.resolve()}" for t in targets if t != "floor")
    if unknown:
        parser.error(f"unknown targets: {', '.join(sorted(unknown))}")
    results: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "pythondontwritebytecode": os.environ.get("PYTHONDONTWRITEBYTECODE", ""),
        "load_average_before": [round(x, 2) for x in os.getloadavg()],
        "rounds": args.rounds,
    }
    if targets and args.rounds:
        results["servers_ms"] = servers(args.rounds, targets)
    results.update(hooks(args.hook_runs, args.fresh_runs))
    results["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    text = json.dumps(results, indent=2, ensure_ascii=False)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
