"""Hook latency per event (wall time of the `cairn hook` process, as the host sees it) and context-assembly time.

    .venv/bin/python -m bench.hooks.latency                  # 60 runs per event, 300 seeded memories
    .venv/bin/python -m bench.hooks.latency --runs 100 --memories 1000 --json out.json
    .venv/bin/python -m bench.hooks.latency --recall keyword
    .venv/bin/python -m bench.hooks.latency --runs 12 --fresh-runs 1 --baseline /tmp/before --baseline-rounds 3

``session-end`` is the hook's own time (it spools the session and returns); ``session_end_background_ms`` is
until the daemon has captured it (tasks, reflection, daily summary, MEMORY.md), which the host never waits for.
A fresh CAIRN_HOME gets ``--memories`` entries (English and Chinese, written through MemoryService with the
configured embedder) and the bundled skills. Each measured run is a real subprocess: the `cairn` console
script, the payload on stdin, the answer read back. The daemon is started once (its cold start is reported
apart), then every event runs ``--runs`` times. ``post-tool-use`` is measured twice: the plain call that only
appends to the trace, and every third call, which asks the daemon for a context refresh. ``cold`` is
user-prompt-submit with ``CAIRN_HOOKS__DAEMON=false`` (everything imported per call), for comparison.
Context assembly is timed in process (DomainSources.gather + assemble) at three budgets.

With ``--baseline DIR`` the same command runs alternately from this checkout and from DIR (its own venv),
``--baseline-rounds`` times each, plus this checkout with the encoder work's query batching and second
encoder off, and prints each figure's per-round ratio to DIR's (bench/baseline.py).

``fresh_home`` is the first hooks on an empty CAIRN_HOME with no daemon (``--fresh-runs`` homes, each new):
``first_prompt`` is user-prompt-submit as the very first hook (it waits CAIRN_HOOKS__COLD_WAIT_MS for the
daemon it starts, then answers without recall); ``session_start`` is the first hook of a real session (answers
from the files, starts the daemon without waiting); ``prompt_right_after_start`` follows it at once (as with
``claude -p``), ``daemon_ready`` is session start until the daemon answers with its model loaded, and
``prompt_when_ready`` is the first prompt after that.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PROMPTS = [
    "write a commit message for my staged changes",
    "which database did we choose for the registry?",
    "fix the failing test in the parser module",
    "do a competitive analysis of Notion and Obsidian",
    "帮我写一份竞品分析报告",
    "上次部署失败的原因是什么？",
    "summarise what we decided about the deployment pipeline",
    "tune the connection pool of the staging database",
]
TOPICS_EN = [
    "PostgreSQL",
    "the registry",
    "deployment",
    "pytest fixtures",
    "the parser",
    "Docker",
    "the CLI",
    "caching",
]
TOPICS_ZH = ["数据库", "部署流程", "测试", "缓存策略", "注册表", "日志", "权限", "监控"]


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "p50": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 1),
        "max": round(ordered[-1], 1),
    }


def seed(home: Path, count: int) -> None:
    from servers.memory.service import MemoryService
    from servers.suite.settings import CairnSettings

    service = MemoryService(CairnSettings(home=home))
    rng = random.Random(7)
    try:
        for i in range(count):
            if i % 3 == 2:
                topic = rng.choice(TOPICS_ZH)
                text = f"关于{topic}：第{i}次讨论决定保留现有方案，并在下周复查{rng.choice(TOPICS_ZH)}。"
            else:
                topic = rng.choice(TOPICS_EN)
                text = (
                    f"Note {i} on {topic}: we agreed to keep the current approach and revisit {rng.choice(TOPICS_EN)}."
                )
            service.write(text, type=rng.choice(["note", "decision", "fact"]), dedupe=False)
            if i % 128 == 127:  # writes embed in the background; let the batcher keep up (its backlog is bounded)
                service.wait_for_vectors()
        service.write("We decided to use PostgreSQL 16 with pgvector for the registry.", type="decision")
    finally:
        service.close()


def cairn() -> list[str]:
    script = Path(sys.executable).parent / "cairn"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "servers.suite.cli.main"]


def run_hook(event: str, payload: dict[str, Any], env: dict[str, str]) -> tuple[float, bytes]:
    data = json.dumps(payload).encode()
    started = time.perf_counter()
    done = subprocess.run([*cairn(), "hook", event], input=data, capture_output=True, env=env, check=True)
    return (time.perf_counter() - started) * 1000, done.stdout


def base(event: str, session: str) -> dict[str, Any]:
    return {"session_id": session, "transcript_path": "", "cwd": "/work/app", "hook_event_name": event}


def tool(session: str, n: int) -> dict[str, Any]:
    return {
        **base("PostToolUse", session),
        "tool_name": "Bash",
        "tool_input": {"command": f"pytest tests/test_{n % 7}.py -q"},
        "tool_response": {"stdout": f"{n} passed in 0.{n % 10}s", "stderr": "", "interrupted": False},
        "tool_use_id": f"toolu_{n:06d}",
    }


def wait_drained(home: Path, session: str, timeout: float = 60) -> None:
    from servers.suite.hooks.trace import SessionTrace

    trace = SessionTrace(home / "hooks" / "sessions", session)
    spool = home / "hooks" / "spool"
    deadline = time.monotonic() + timeout
    while trace.path.exists() or any(spool.glob("*.json")) or any(spool.glob("*.working")):
        if time.monotonic() > deadline:
            raise TimeoutError(f"session {session} was not captured within {timeout} s")
        time.sleep(0.01)


def measure(runs: int, env: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    started = time.perf_counter()
    run_hook("session-start", {**base("SessionStart", "warm"), "source": "startup"}, env)
    out["daemon_cold_start_ms"] = round((time.perf_counter() - started) * 1000, 1)
    time.sleep(2.0)  # let the background warm-up (skills library, embedder) finish before timing
    timings: dict[str, list[float]] = {
        k: []
        for k in (
            "session-start",
            "user-prompt-submit",
            "post-tool-use (record)",
            "post-tool-use (refresh)",
            "pre-compact",
            "session-end",
        )
    }
    injected = 0
    background: list[float] = []
    for i in range(runs):
        session = f"bench-{i}"
        ms, _ = run_hook("session-start", {**base("SessionStart", session), "source": "startup"}, env)
        timings["session-start"].append(ms)
        ms, answer = run_hook(
            "user-prompt-submit", {**base("UserPromptSubmit", session), "prompt": PROMPTS[i % len(PROMPTS)]}, env
        )
        timings["user-prompt-submit"].append(ms)
        injected += bool(answer.strip())
        for n in range(3):
            ms, _ = run_hook("post-tool-use", tool(session, n), env)
            timings["post-tool-use (refresh)" if n == 2 else "post-tool-use (record)"].append(ms)
        ms, _ = run_hook(
            "pre-compact", {**base("PreCompact", session), "trigger": "auto", "custom_instructions": None}, env
        )
        timings["pre-compact"].append(ms)
        ms, _ = run_hook("session-end", {**base("SessionEnd", session), "reason": "other"}, env)
        timings["session-end"].append(ms)
        # The capture runs in the daemon after the hook returned; wait for it so it does not load the next runs.
        started = time.perf_counter()
        wait_drained(Path(env["CAIRN_HOME"]), session)
        background.append((time.perf_counter() - started) * 1000 + ms)
    out["events_ms"] = {k: summary(v) for k, v in timings.items()}
    out["session_end_background_ms"] = summary(background)
    out["prompts_with_context"] = f"{injected}/{runs}"
    return out


def cold(runs: int, env: dict[str, str]) -> dict[str, float]:
    if runs == 0:
        return {}
    cold_env = {**env, "CAIRN_HOOKS__DAEMON": "false"}
    return summary(
        [
            run_hook(
                "user-prompt-submit",
                {**base("UserPromptSubmit", f"cold-{i}"), "prompt": PROMPTS[i % len(PROMPTS)]},
                cold_env,
            )[0]
            for i in range(runs)
        ]
    )


def fresh_home(runs: int, env: dict[str, str]) -> dict[str, Any]:
    from servers.suite.hooks.commands import STARTING_NOTE, request

    if runs == 0:
        return {}
    timings: dict[str, list[float]] = {
        k: []
        for k in ("first_prompt", "session_start", "prompt_right_after_start", "daemon_ready", "prompt_when_ready")
    }
    recalled = {"prompt_right_after_start": 0, "prompt_when_ready": 0}
    prompt = "write a commit message for my staged changes"  # a bundled skill answers it on an empty home
    for i in range(runs):
        with tempfile.TemporaryDirectory(prefix="cairn-hooks-fresh-") as tmp:
            fresh = {**env, "CAIRN_HOME": str(Path(tmp) / "home")}
            os.environ["CAIRN_HOME"] = fresh["CAIRN_HOME"]  # `request` finds this home's daemon
            try:
                ms, _ = run_hook("user-prompt-submit", {**base("UserPromptSubmit", f"f{i}"), "prompt": prompt}, fresh)
                timings["first_prompt"].append(ms)
                wait_ready(request)
                request({"event": "stop"}, 5.0)
                wait_stopped(request)
                started = time.perf_counter()
                ms, _ = run_hook("session-start", {**base("SessionStart", f"s{i}"), "source": "startup"}, fresh)
                timings["session_start"].append(ms)
                ms, answer = run_hook(
                    "user-prompt-submit", {**base("UserPromptSubmit", f"s{i}"), "prompt": prompt}, fresh
                )
                timings["prompt_right_after_start"].append(ms)
                recalled["prompt_right_after_start"] += STARTING_NOTE.encode() not in answer and b"Skill" in answer
                wait_ready(request)
                timings["daemon_ready"].append((time.perf_counter() - started) * 1000)
                ms, answer = run_hook(
                    "user-prompt-submit", {**base("UserPromptSubmit", f"r{i}"), "prompt": prompt}, fresh
                )
                timings["prompt_when_ready"].append(ms)
                recalled["prompt_when_ready"] += b"Skill" in answer
            finally:
                request({"event": "stop"}, 5.0)
                os.environ["CAIRN_HOME"] = env["CAIRN_HOME"]
    out: dict[str, Any] = {k: summary(v) for k, v in timings.items()}
    out["with_recall"] = {k: f"{v}/{runs}" for k, v in recalled.items()}
    return out


def wait_ready(request: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while (reply := request({"event": "ping"}, 1.0)) is None or reply.get("embedder") == "loading":
        if time.monotonic() > deadline:
            raise TimeoutError("the hook daemon did not come up")
        time.sleep(0.02)


def wait_stopped(request: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while request({"event": "ping"}, 1.0) is not None and time.monotonic() < deadline:
        time.sleep(0.05)


def assembly(runs: int) -> dict[str, Any]:
    from servers.suite.hooks.context import ORDER, assemble
    from servers.suite.hooks.sources import DomainSources
    from servers.suite.settings import get_settings

    settings = get_settings()
    sources = DomainSources(settings)
    sources.warm()
    sources.embedder.wait_loaded(30)
    out: dict[str, Any] = {}
    try:
        for budget in (500, 2000, 8000):
            samples, totals = [], []
            for i in range(runs):
                started = time.perf_counter()
                gathered = sources.gather(PROMPTS[i % len(PROMPTS)], "default", f"asm-{budget}-{i}", ORDER)
                result = assemble(gathered, budget)
                samples.append((time.perf_counter() - started) * 1000)
                totals.append(result.total_tokens)
                assert result.total_tokens <= budget
            out[str(budget)] = {**summary(samples), "max_tokens_used": max(totals)}
    finally:
        sources.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--memories", type=int, default=300)
    parser.add_argument("--cold-runs", type=int, default=5)
    parser.add_argument("--fresh-runs", type=int, default=5, help="empty homes for the first-call figures")
    parser.add_argument("--fresh-only", action="store_true", help="only the first calls on empty homes")
    parser.add_argument("--recall", choices=["hybrid", "keyword"], default="hybrid")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--baseline", type=Path, help="another checkout to run alternately with this one")
    parser.add_argument("--baseline-rounds", type=int, default=3)
    args = parser.parse_args()
    if args.baseline is not None:
        return compare_with(args)
    with tempfile.TemporaryDirectory(prefix="cairn-hooks-bench-") as tmp:
        home = Path(tmp) / "home"
        os.environ["CAIRN_HOME"] = str(home)
        os.environ["CAIRN_HOOKS__RECALL_MODE"] = args.recall
        env = {k: v for k, v in os.environ.items()}
        seed(home, args.memories)
        results: dict[str, Any] = {
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
            "runs": args.runs,
            "memories": args.memories,
            "recall": args.recall,
        }
        try:
            results["fresh_home_ms"] = fresh_home(args.fresh_runs, env)
            if args.fresh_only:
                return _report(results, args.json)
            results.update(measure(args.runs, env))
            results["cold_user_prompt_submit_ms"] = cold(args.cold_runs, env)
            results["assembly_ms"] = assembly(args.runs)
        finally:
            from servers.suite.hooks.commands import request

            request({"event": "stop"}, 2.0)
    return _report(results, args.json)


def compare_with(args: argparse.Namespace) -> int:
    """Before/after: this command from both checkouts, alternating (see bench/baseline.py)."""
    from bench import baseline

    # Landed between the two commits too: query embeddings batched for up to 3 ms and a second encoder
    # loaded beside e5; this arm turns both off, so what is left of a difference is the rest.
    extra = {"after, batch 0, no USE": {"CAIRN_QUERY_BATCH_MS": "0", "CAIRN_SECOND_EMBEDDER": "none"}}
    runs = baseline.alternate(
        "bench.hooks.latency",
        baseline.strip_baseline(sys.argv[1:]),
        baseline.arms(args.baseline, extra),
        args.baseline_rounds,
    )
    figures: dict[str, Any] = {}
    if not args.fresh_only:  # a run of first calls only has none of the warm figures
        for event in ("session-start", "user-prompt-submit", "post-tool-use (record)", "post-tool-use (refresh)"):
            figures[f"{event} p50 ms"] = lambda r, e=event: r["events_ms"][e]["p50"]
        figures["session-end p50 ms"] = lambda r: r["events_ms"]["session-end"]["p50"]
        figures["session-end background p50 ms"] = lambda r: r["session_end_background_ms"]["p50"]
        figures["daemon cold start ms"] = lambda r: r["daemon_cold_start_ms"]
        if args.cold_runs:
            figures["cold user-prompt-submit p50 ms"] = lambda r: r["cold_user_prompt_submit_ms"]["p50"]
        figures["assembly 2000 tokens p50 ms"] = lambda r: r["assembly_ms"]["2000"]["p50"]
    if args.fresh_runs:
        figures["fresh home first prompt p50 ms"] = lambda r: r["fresh_home_ms"]["first_prompt"]["p50"]
        figures["fresh home daemon ready p50 ms"] = lambda r: r["fresh_home_ms"]["daemon_ready"]["p50"]
    baseline.report(baseline.compare(runs, figures), args.json)
    return 0


def _report(results: dict[str, Any], path: Path | None) -> int:
    results["load_average"] = [round(x, 2) for x in os.getloadavg()]
    text = json.dumps(results, indent=2, ensure_ascii=False)
    print(text)
    if path:
        path.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
