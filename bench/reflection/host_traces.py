"""Learning from what a host really sends: Claude Code hook streams driven through `cairn hook`, then judged.

    .venv/bin/python -m bench.reflection.host_traces                  # the tuning streams
    .venv/bin/python -m bench.reflection.host_traces --split fresh    # the streams kept aside (report only)
    .venv/bin/python -m bench.reflection.host_traces --json out.json --verbose
    .venv/bin/python -m bench.reflection.host_traces --in-process --only zh-yocto   # quick, for tuning

Each stream (``bench/reflection/traces/<split>/<dev>.jsonl``, written blind: see the README there) is a
month of one developer's Claude Code sessions: hook payloads exactly as Claude Code sends them on stdin,
and the transcript lines it appends. The runner gives every stream a fresh ``CAIRN_HOME``, writes the
transcript lines where the payloads' ``transcript_path`` points (moved under the temporary home), and runs
the real ``cairn hook <event>`` for every payload (the hook client, its warm daemon, spooled session ends);
no LLM is configured. ``--in-process`` runs the same hook code (the hook client's steps and the daemon's
handler) in this one process instead, several times faster, for quick checks while tuning; recorded figures
come from the real path. Then it reads what was learned and judges it against ``<dev>.labels.json``:

| figure                     | judged how                                                                  |
|----------------------------|-----------------------------------------------------------------------------|
| mistakes learned           | a live rule carries every fix marker group of the planted mistake, no       |
|                            | harmful marker                                                              |
| harmful / wrong rules      | a rule with a harmful marker / a rule that is no planted mistake's lesson   |
| rule precision             | right rules / all live rules                                                |
| wanted rules in context    | for each probe (a new task), the context `cairn hooks context` assembles:   |
|                            | recall of the rules its labels want, precision of the rules it shows        |
| just-in-time answers       | failures of a planted mistake after its rule existed that the hook answered |
|                            | with that rule                                                              |
| "Called Tool(…)" facts     | lines of MEMORY.md that only record a tool call                             |
| preferences                | restated preferences whose markers reach MEMORY.md / the user model        |
| draft precision            | skill drafts whose text carries every step marker group of a workflow       |
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TRACES = Path(__file__).resolve().parent / "traces"
CAIRN = ROOT / ".venv" / "bin" / "cairn"
EVENT_COMMANDS = {
    "SessionStart": "session-start",
    "UserPromptSubmit": "user-prompt-submit",
    "PostToolUse": "post-tool-use",
    "PostToolUseFailure": "post-tool-use",
    "PreCompact": "pre-compact",
    "Stop": "stop",
    "SessionEnd": "session-end",
}
CALLED = re.compile(r"Called [A-Za-z_][\w.-]*\(")


@dataclass
class Judged:
    stream: str
    rules: list[dict[str, Any]] = field(default_factory=list)
    mistakes: dict[str, bool] = field(default_factory=dict)
    harmful: int = 0
    wrong: int = 0
    probes: list[dict[str, Any]] = field(default_factory=list)
    jit: dict[str, int] = field(default_factory=dict)
    called_facts: int = 0
    facts: list[str] = field(default_factory=list)
    preferences: dict[str, dict[str, bool]] = field(default_factory=dict)
    reversals: dict[str, bool] = field(default_factory=dict)
    complaint_belief: bool | None = None
    drafts: list[dict[str, Any]] = field(default_factory=list)
    hook_ms: list[float] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        right = sum(1 for r in self.rules if r["matches"])
        wanted = sum(len(p["wanted"]) for p in self.probes)
        found = sum(len(set(p["wanted"]) & set(p["shown"])) for p in self.probes)
        shown = sum(len(p["shown_rules"]) for p in self.probes)
        shown_right = sum(len(set(p["shown"]) & set(p["wanted"])) for p in self.probes)
        drafts_right = sum(1 for d in self.drafts if d["matches"])
        return {
            "stream": self.stream,
            "mistakes_learned": f"{sum(self.mistakes.values())}/{len(self.mistakes)}",
            "rules": len(self.rules),
            "rules_right": right,
            "rules_harmful": self.harmful,
            "rules_wrong": self.wrong,
            "rule_precision": round(right / len(self.rules), 3) if self.rules else None,
            "context_recall": round(found / wanted, 3) if wanted else None,
            "context_precision": round(shown_right / shown, 3) if shown else None,
            "unwanted_rules_on_unrelated_probes": sum(len(p["shown_rules"]) for p in self.probes if not p["wanted"]),
            "jit": self.jit,
            "called_facts": self.called_facts,
            "memory_md_facts": len(self.facts),
            "preferences_in_memory_md": f"{sum(p['memory_md'] for p in self.preferences.values())}/"
            f"{len(self.preferences)}",
            "preferences_in_user_model": f"{sum(p['user_model'] for p in self.preferences.values())}/"
            f"{len(self.preferences)}",
            "reversals_recorded": f"{sum(self.reversals.values())}/{len(self.reversals)}",
            "complaint_to_belief": self.complaint_belief,
            "drafts": len(self.drafts),
            "draft_precision": round(drafts_right / len(self.drafts), 3) if self.drafts else None,
            "hook_p50_ms": _pct(self.hook_ms, 0.5),
            "hook_p95_ms": _pct(self.hook_ms, 0.95),
        }


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def _found(marker: str, text: str) -> bool:
    """``marker`` in ``text`` starting a word, as the answer keys define it (``(?<![0-9A-Za-z_])marker``,
    case-insensitive): "npm install" is not found in "pnpm install", "bin ptctl" is found in "--bin ptctl"
    (a marker may end inside a word: "git push origin v" is found in "git push origin v1.8.0")."""
    pattern = re.escape(marker.strip().lower())
    if marker.strip()[:1].isascii() and marker.strip()[:1].isalnum():  # Chinese has no word boundaries
        pattern = r"(?<![0-9a-z_])" + pattern
    return re.search(pattern, text.lower()) is not None


def has_markers(text: str, groups: list[list[str]] | list[str]) -> bool:
    """Every group has at least one alternative in ``text`` (a flat list is one alternative per group)."""
    normalised = [g if isinstance(g, list) else [g] for g in groups]
    return all(any(_found(alt, text) for alt in group) for group in normalised)


def any_marker(text: str, markers: list[str]) -> bool:
    return any(_found(m, text) for m in markers)


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CAIRN_")}
    env.update(
        {
            "CAIRN_HOME": str(home),
            "FASTMCP_CHECK_FOR_UPDATES": "off",
            # The first prompt of a fresh home waits for the daemon, as a user's second prompt would find it.
            "CAIRN_HOOKS__COLD_WAIT_MS": "20000",
            "CAIRN_HOOKS__BUDGET_USER_PROMPT_SUBMIT_MS": "30000",
            "CAIRN_HOOKS__BUDGET_POST_TOOL_USE_MS": "10000",
        }
    )
    return env


def _spool_busy(home: Path) -> bool:
    spool = home / "hooks" / "spool"
    return spool.is_dir() and any(p.suffix in (".json", ".working") for p in spool.iterdir())


def _wait_spool(home: Path, env: dict[str, str], timeout_s: float = 300) -> None:
    deadline = time.monotonic() + timeout_s
    while _spool_busy(home):
        if time.monotonic() > deadline:
            raise RuntimeError(f"session ends still spooled after {timeout_s} s: see {home}/logs/hooks.log")
        time.sleep(0.2)


class InProcess:
    """`cairn hook <command>` run in this process: the hook client's own steps (`commands.run`, `stop`) with
    the daemon's handler called directly, one handler kept for the whole stream."""

    def __init__(self, home: Path) -> None:
        for key in [k for k in os.environ if k.startswith("CAIRN_")]:
            del os.environ[key]
        os.environ.update({k: v for k, v in _env(home).items() if k.startswith("CAIRN_")})
        os.environ["CAIRN_HOOKS__DAEMON"] = "false"
        from servers.suite.hooks import commands
        from servers.suite.hooks.handlers import Hooks
        from servers.suite.settings import get_settings

        get_settings.cache_clear()
        self.commands = commands
        self.hooks = Hooks(get_settings())
        commands.in_process = lambda event, payload, budget_s: self.hooks.handle(event, payload)

    def __call__(self, command: str, payload: dict[str, Any]) -> str:
        from servers.suite.hooks.protocol import answer, host_event

        c = self.commands
        return (
            c.stop(payload)
            if command == "stop"
            else answer(host_event(command, payload), c.run(command, payload, time.monotonic()))
        )

    def close(self) -> None:
        self.hooks.close()


Driver = Callable[[str, dict[str, Any]], str]


def subprocess_driver(home: Path) -> Driver:
    env = _env(home)

    def call(command: str, payload: dict[str, Any]) -> str:
        done = _hook(command, payload, home, env)
        if done.returncode != 0:
            raise RuntimeError(f"cairn hook {command} exited {done.returncode}: {done.stderr.decode()[-500:]}")
        return done.stdout.decode("utf-8").strip()

    return call


def run_stream(path: Path, home: Path, drive: Driver, *, verbose: bool) -> tuple[list[dict[str, Any]], list[float]]:
    """Drive one stream through `cairn hook`; (hook answers for failures, hook wall times in ms)."""
    env = _env(home)
    transcripts = home / "transcripts"
    transcripts.mkdir(parents=True, exist_ok=True)
    moved: dict[str, Path] = {}
    answers: list[dict[str, Any]] = []
    times: list[float] = []

    def local(original: str) -> Path:
        if original not in moved:
            moved[original] = transcripts / f"{len(moved):03d}-{Path(original).name}"
        return moved[original]

    prompt_index = 0
    by_session: dict[str, str] = {}
    current = "default.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if "transcript" in item:
            entry = item["transcript"]
            target = local(by_session.get(str(entry.get("sessionId")), current))
            with open(target, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
            continue
        payload = dict(item["hook"])
        event = str(payload.get("hook_event_name"))
        command = EVENT_COMMANDS.get(event)
        if command is None:
            continue
        if payload.get("transcript_path"):
            current = str(payload["transcript_path"])
            by_session[str(payload.get("session_id"))] = current
            payload["transcript_path"] = str(local(current))
        if event == "UserPromptSubmit":
            prompt_index += 1
        if event == "SessionStart":
            _wait_spool(home, env)  # the previous session's end is learned from before the next starts
        started = time.perf_counter()
        out = drive(command, payload)
        times.append((time.perf_counter() - started) * 1000)
        if event == "PostToolUseFailure":
            answers.append({"task": prompt_index, "payload": payload, "answer": out, "probe": False})
        if verbose and out and event in ("PostToolUseFailure",):
            print(f"  [T{prompt_index:02d} {event}] {out[:300]}", file=sys.stderr)
    _wait_spool(home, env)
    return answers, times


def _hook(command: str, payload: dict[str, Any], home: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """One `cairn hook <command>` as Claude Code runs it: the payload on stdin, the answer on stdout."""
    return subprocess.run(
        [str(CAIRN), "hook", command],
        input=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        env=env,
        cwd=str(home),
        timeout=120,
        check=False,
    )


def jit_probes(labels: dict[str, Any], answers: list[dict[str, Any]], drive: Driver) -> list[dict[str, Any]]:
    """Each planted mistake's first failure again, in a new session after the month: does the hook answer it?"""
    order = [t["id"] for t in labels.get("tasks", [])]
    out = []
    for mistake in labels.get("recurring_mistakes", []):
        first = next(
            (a for t in mistake.get("task_ids", []) if t in order for a in answers if a["task"] == order.index(t) + 1),
            None,
        )
        if first is None:
            continue
        payload = {**first["payload"], "session_id": f"jit-probe-{mistake['id']}"}
        out.append({"mistake": mistake["id"], "answer": drive("post-tool-use", payload)})
    return out


# A rule quotes the error it answers ('fails with "error: --yes or --skip-preview must be passed in"'): words of
# the error are not advice, so a harmful marker counts only in what the rule says to do.
_QUOTED_ERROR = re.compile(r'\bfails? with "[^"]*"')


def advice_of(rule_text: str) -> str:
    """A rule's text without the error message it quotes."""
    return _QUOTED_ERROR.sub("fails with …", rule_text)


def judge(
    stream: str, labels: dict[str, Any], home: Path, answers: list[dict[str, Any]], probes: list[dict[str, Any]]
) -> Judged:
    os.environ["CAIRN_HOME"] = str(home)
    for key in [k for k in os.environ if k.startswith("CAIRN_") and k != "CAIRN_HOME"]:
        del os.environ[key]
    from servers.core.principal import acting_as
    from servers.suite.hooks.context import ORDER, assemble
    from servers.suite.hooks.sources import DomainSources
    from servers.suite.settings import CairnSettings

    settings = CairnSettings()
    sources = DomainSources(settings)
    judged = Judged(stream)
    try:
        sources.wait_for_embedder(120)
        user = settings.hooks.user_id
        mistakes = labels.get("recurring_mistakes", [])
        harmful_markers = [m for x in mistakes for m in x.get("harmful_markers", [])]
        rule_owner: dict[str, str] = {}
        for rule in sources.reflection.rules.live(user):
            matches = [m["id"] for m in mistakes if has_markers(rule.text, m["fix_command_markers"])]
            harmful = any_marker(advice_of(rule.text), harmful_markers)
            right = bool(matches) and not harmful
            judged.harmful += harmful
            judged.wrong += not right
            for m in matches:
                rule_owner[rule.id] = m
            judged.rules.append(
                {"id": rule.id, "text": rule.text, "status": rule.status, "matches": matches if right else []}
            )
        judged.mistakes = {m["id"]: any(m["id"] in r["matches"] for r in judged.rules) for m in mistakes}
        for probe in labels.get("probes", []):
            with acting_as(None):
                gathered = sources.gather(probe["prompt"], user, None, ORDER)
            result = assemble(gathered, settings.hooks.prompt_budget_tokens, ORDER)
            fixed = next(s for s in result.sections if s.name == "fixed")
            shown_rules = [r for r in fixed.refs if r.startswith("rule_")]
            shown = sorted({rule_owner[r] for r in shown_rules if r in rule_owner})
            judged.probes.append(
                {
                    "prompt": probe["prompt"],
                    "wanted": probe.get("wanted", []),
                    "shown": shown,
                    "shown_rules": shown_rules,
                }
            )
        judged.jit = _judge_jit(answers, labels, judged)
        judged.jit["probe_failures"] = len(probes)
        judged.jit["probe_answered_right"] = sum(
            1
            for p in probes
            for m in mistakes
            if m["id"] == p["mistake"] and p["answer"] and has_markers(p["answer"], m["fix_command_markers"])
        )
        files = sources.memory.files(user)
        memory_md = files.read(files.memory_md) or ""
        judged.facts = [line for line in memory_md.splitlines() if line.startswith("- ")]
        judged.called_facts = sum(1 for line in judged.facts if CALLED.search(line))
        beliefs = sources.reflection.users.get(user).beliefs
        belief_text = " ".join(f"{b.dimension} {b.value}" for b in beliefs)
        every_belief = sources.reflection.users.get(user, include_all=True).beliefs
        for pref in labels.get("preferences", []):
            if pref.get("reversed_in_task"):
                judged.reversals[pref["id"]] = any(
                    b.reversed_from and has_markers(b.value, pref["reversal_markers"]) for b in every_belief
                )
            if len(pref.get("statement_task_ids", [])) < 2:
                continue  # stated once: not expected to reach MEMORY.md
            judged.preferences[pref["id"]] = {
                "memory_md": has_markers(memory_md, pref["markers"]),
                "user_model": has_markers(belief_text, pref["markers"]),
            }
        if labels.get("feedback_complaints"):
            judged.complaint_belief = any(b.dimension == "verbosity" and b.value == "concise" for b in every_belief)
        workflows = labels.get("workflows", [])
        for draft in sources.reflection.suggestions.all(user):
            hits = [w["id"] for w in workflows if has_markers(draft.skill_md, w["step_markers"])]
            judged.drafts.append({"name": draft.name, "tools": draft.tools, "matches": hits})
    finally:
        sources.close()
    return judged


def _judge_jit(answers: list[dict[str, Any]], labels: dict[str, Any], judged: Judged) -> dict[str, int]:
    """Failures of a planted mistake: how many the hook answered, and with that mistake's right rule."""
    by_task: dict[int, str] = {}
    order = [t["id"] for t in labels.get("tasks", [])]
    for mistake in labels.get("recurring_mistakes", []):
        for task_id in mistake.get("task_ids", []):
            if task_id in order:
                by_task[order.index(task_id) + 1] = mistake["id"]
    rights = {m: [r["text"] for r in judged.rules if m in r["matches"]] for m in judged.mistakes}
    out = {"failures_of_mistakes": 0, "answered": 0, "answered_right": 0, "answered_elsewhere": 0}
    for a in answers:
        mistake = by_task.get(a["task"])
        if mistake is None:
            out["answered_elsewhere"] += bool(a["answer"])
            continue
        out["failures_of_mistakes"] += 1
        if a["answer"]:
            out["answered"] += 1
            out["answered_right"] += any(text[:60] in a["answer"] for text in rights.get(mistake, []))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("tune", "fresh"), default="tune")
    parser.add_argument(
        "--only", default=None, help="run these streams only (file names without .jsonl, comma-separated)"
    )
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument("--verbose", action="store_true", help="print rules, probes and drafts")
    parser.add_argument("--keep", action="store_true", help="keep the temporary homes")
    parser.add_argument(
        "--in-process", action="store_true", help="run the hook code in this process (quick; not for the record)"
    )
    args = parser.parse_args(argv)
    streams = sorted((TRACES / args.split).glob("*.jsonl"))
    if args.only:
        streams = [s for s in streams if s.stem in args.only.split(",")]
    results = []
    for path in streams:
        labels = json.loads(path.with_suffix(".labels.json").read_text(encoding="utf-8"))
        home = Path(tempfile.mkdtemp(prefix=f"cairn-bench-{path.stem}-"))
        try:
            local = InProcess(home) if args.in_process else None
            drive = local or subprocess_driver(home)
            try:
                answers, times = run_stream(path, home, drive, verbose=args.verbose)
                probes = jit_probes(labels, answers, drive)
            finally:
                if local is not None:
                    local.close()
            subprocess.run([str(CAIRN), "hooks", "stop"], env=_env(home), capture_output=True, check=False)
            judged = judge(path.stem, labels, home, answers, probes)
            judged.hook_ms = times
        finally:
            if not args.keep:
                shutil.rmtree(home, ignore_errors=True)
            else:
                print(f"kept {home}", file=sys.stderr)
        summary = judged.summary()
        results.append({"summary": summary, "detail": judged.__dict__})
        print(json.dumps(summary, ensure_ascii=False))
        if args.verbose:
            for r in judged.rules:
                print(f"  rule [{r['status']}] {r['matches'] or 'WRONG'}: {r['text']}")
            for p in judged.probes:
                print(f"  probe want={p['wanted']} shown={p['shown']} n={len(p['shown_rules'])}: {p['prompt'][:90]}")
            for d in judged.drafts:
                print(f"  draft {d['name']} {d['matches'] or 'WRONG'} tools={d['tools']}")
            for f in judged.facts:
                print(f"  fact {f[:140]}")
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=2, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
