"""Checks for the fresh/ stream(s), on top of the shared structural checks in ../check.py.

    cd bench/reflection/traces && python3 fresh/check_fresh.py

Runs check.check() on every fresh/*.jsonl, then stricter checks that use the same marker semantics
as the scorer is described to use (case-insensitive, marker must start at a word start):
fix markers found after the first failure in every mistake task and nowhere else, error signatures
present in (and only in) the mistake tasks, workflow step markers in successful calls, preference
markers in the prompts, no harmful marker in anything the assistant wrote or ran, flaky = identical
retry, unfixed = never succeeded afterwards, one-off = fixed within its task, probes complete,
monotonic timestamps, and byte-identical regeneration.
"""
import glob
import importlib.util
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import check  # noqa: E402

# first-failure signatures per stream and mistake (substring of the tool error, as printed)
SIGNATURES = {
    "rust-svc": {
        "M1": "`SQLX_OFFLINE=true` but there is no cached data for this query",
        "M2": "denied: Your authorization token has expired",
        "M3": "`cargo run` could not determine which binary to run",
    },
}


def word_start(marker, text):
    return re.search(r"(?<![0-9A-Za-z_])" + re.escape(marker), text, re.IGNORECASE) is not None


def any_group(groups, text):
    return all(any(word_start(g, text) for g in group) for group in groups)


def tool_text(h):
    return h.get("tool_name", "") + " " + json.dumps(h.get("tool_input", {}), ensure_ascii=False)


def extra_checks(path):
    errs = []
    dev = os.path.basename(path)[:-len(".jsonl")]
    labels = json.load(open(path[:-len(".jsonl")] + ".labels.json", encoding="utf-8"))
    lines = [json.loads(l) for l in open(path, encoding="utf-8")]
    tasks = {t["id"]: t for t in labels["tasks"]}
    hooks = {}
    assistant_text = {}
    for l in lines:
        tid = l.get("task")
        if "hook" in l and tid:
            hooks.setdefault(tid, []).append(l["hook"])
        if "transcript" in l and tid and l["transcript"].get("type") == "assistant":
            for b in l["transcript"]["message"]["content"]:
                if b.get("type") == "text":
                    assistant_text.setdefault(tid, []).append(b["text"])

    def tools(tid, ok=None):
        out = []
        for h in hooks.get(tid, []):
            ev = h["hook_event_name"]
            if ev in ("PostToolUse", "PostToolUseFailure") and (ok is None or (ev == "PostToolUse") == ok):
                out.append(h)
        return out

    # tags <-> label lists
    for key, prefix in (("recurring_mistakes", "mistake:"), ("one_off_failures", "oneoff:"),
                        ("unfixed_failures", "unfixed:"), ("flaky_retries", "flaky:"), ("workflows", "workflow:")):
        for item in labels[key]:
            tagged = [t["id"] for t in labels["tasks"] if prefix + item["id"] in t["tags"]]
            if tagged != item["task_ids"]:
                errs.append(f"{item['id']}: task_ids {item['task_ids']} != tagged {tagged}")

    sigs = dict(SIGNATURES.get(dev, {}))
    sig_file = path[:-len(".jsonl")] + ".signatures.json"  # {"M1": "substring of the first failure", ...}
    if os.path.exists(sig_file):
        sigs.update(json.load(open(sig_file, encoding="utf-8")))
    for m in labels["recurring_mistakes"]:
        sig = sigs.get(m["id"])
        if not sig:
            errs.append(f"{m['id']}: no signature registered (fresh/<dev>.signatures.json)")
        for tid in m["task_ids"]:
            hs = [h for h in hooks[tid] if h["hook_event_name"] in ("PostToolUse", "PostToolUseFailure")]
            fi = next((k for k, h in enumerate(hs) if h["hook_event_name"] == "PostToolUseFailure"), None)
            if fi is None:
                errs.append(f"{m['id']} {tid}: no failure")
                continue
            if sig and sig not in hs[fi]["error"]:
                errs.append(f"{m['id']} {tid}: first failure lacks signature {sig!r}")
            after = " ".join(tool_text(h) for h in hs[fi + 1:] if h["hook_event_name"] == "PostToolUse")
            if not any_group(m["fix_command_markers"], after):
                errs.append(f"{m['id']} {tid}: fix markers {m['fix_command_markers']} not at a word start after the failure")
            if hs[-1]["hook_event_name"] != "PostToolUse":
                errs.append(f"{m['id']} {tid}: ends on a failure")
            # the step that failed succeeds later (same tool, same program)
            failed_cmd = hs[fi]["tool_input"].get("command", "")
            prog = failed_cmd.split(" -- ")[0].split("--label")[0].split()[:2]
            if not any(h["hook_event_name"] == "PostToolUse" and h["tool_input"].get("command", "").split()[:2] == prog
                       for h in hs[fi + 1:]) and "set -a" not in failed_cmd:
                errs.append(f"{m['id']} {tid}: failed step {prog} never succeeds afterwards")
        # fix commands are only run inside this mistake's tasks (docs written elsewhere may mention them)
        for tid in tasks:
            if tid in m["task_ids"]:
                continue
            txt = " ".join(tool_text(h) for h in tools(tid, ok=True) if h["tool_name"] == "Bash")
            for group in m["fix_command_markers"]:
                for g in group:
                    if word_start(g, txt):
                        errs.append(f"{m['id']}: fix marker {g!r} also used in {tid}")
        # signature only in this mistake's tasks
        if sig:
            for tid in tasks:
                if tid in m["task_ids"]:
                    continue
                for h in tools(tid, ok=False):
                    if sig in h["error"]:
                        errs.append(f"{m['id']}: signature also fails in {tid}")
        # harmful markers never done or said in the stream
        for tid in tasks:
            txt = " ".join(tool_text(h) for h in tools(tid)) + " " + " ".join(assistant_text.get(tid, []))
            for hm in m["harmful_markers"]:
                if word_start(hm, txt):
                    errs.append(f"{m['id']}: harmful marker {hm!r} appears in {tid}")
        for hm in m["harmful_markers"]:
            for group in m["fix_command_markers"]:
                for g in group:
                    if word_start(g, hm) or word_start(hm, g):
                        errs.append(f"{m['id']}: harmful marker {hm!r} overlaps fix marker {g!r}")

    for o in labels["one_off_failures"]:
        for tid in o["task_ids"]:
            hs = tools(tid)
            fi = next((k for k, h in enumerate(hs) if h["hook_event_name"] == "PostToolUseFailure"), None)
            if fi is None or hs[-1]["hook_event_name"] != "PostToolUse":
                errs.append(f"{o['id']} {tid}: not a failure that gets fixed")
            cmd = hs[fi]["tool_input"].get("command")
            if not any(h["hook_event_name"] == "PostToolUse" and h["tool_input"].get("command") == cmd for h in hs[fi + 1:]):
                errs.append(f"{o['id']} {tid}: failing command never re-run successfully")
            if not any(h["tool_name"] in ("Edit", "Write") for h in hs[fi + 1:]):
                errs.append(f"{o['id']} {tid}: no code change between failure and success")
    for o in labels["flaky_retries"]:
        for tid in o["task_ids"]:
            hs = tools(tid)
            for k, h in enumerate(hs):
                if h["hook_event_name"] == "PostToolUseFailure":
                    nxt = hs[k + 1] if k + 1 < len(hs) else None
                    if not nxt or nxt["hook_event_name"] != "PostToolUse" or nxt["tool_input"] != h["tool_input"]:
                        errs.append(f"{o['id']} {tid}: failure not followed by an identical successful retry")
    for o in labels["unfixed_failures"]:
        for tid in o["task_ids"]:
            hs = tools(tid)
            for k, h in enumerate(hs):
                if h["hook_event_name"] == "PostToolUseFailure":
                    cmd = h["tool_input"].get("command")
                    if any(x["hook_event_name"] == "PostToolUse" and x["tool_input"].get("command") == cmd for x in hs[k + 1:]):
                        errs.append(f"{o['id']} {tid}: the failing command later succeeds")
    for w in labels["workflows"]:
        for tid in w["task_ids"]:
            txt = " ".join(tool_text(h) for h in tools(tid, ok=True))
            if not any_group(w["step_markers"], txt):
                errs.append(f"{w['id']} {tid}: step markers not all at word starts in successful calls")
    for p in labels["preferences"]:
        for tid in p["statement_task_ids"]:
            if not any_group(p["markers"], tasks[tid]["prompt"]):
                errs.append(f"{p['id']} {tid}: prompt lacks markers (word start)")
        if p["reversed_in_task"] and not any_group(p["reversal_markers"], tasks[p["reversed_in_task"]]["prompt"]):
            errs.append(f"{p['id']}: reversal prompt lacks reversal markers (word start)")
    sess_of = {t["id"]: t["session_id"] for t in labels["tasks"]}
    p3 = [p for p in labels["preferences"] if len(p["statement_task_ids"]) >= 3]
    if not p3 or len({sess_of[t] for t in p3[0]["statement_task_ids"]}) < 3:
        errs.append("no preference stated in 3 sessions")
    if sorted(len(p["statement_task_ids"]) for p in labels["preferences"])[:2] != [1, 1]:
        errs.append("expected one preference stated once and one stated once then reversed")
    for fb in labels["feedback_complaints"]:
        if "cut half" not in tasks[fb["task_id"]]["prompt"]:
            errs.append(f"feedback {fb['task_id']}: no 'cut half'")
    # probes
    ids = {m["id"] for m in labels["recurring_mistakes"]}
    for m in ids:
        if sum(1 for p in labels["probes"] if p["wanted"] == [m]) != 2:
            errs.append(f"{m}: needs exactly 2 probes")
    if sum(1 for p in labels["probes"] if not p["wanted"]) != 4:
        errs.append("needs exactly 4 unrelated probes")
    for p in labels["probes"]:
        if p["prompt"] in {t["prompt"] for t in labels["tasks"]}:
            errs.append("probe copies a task prompt")
    # noise kinds present
    tags = [tg for t in labels["tasks"] for tg in t["tags"]]
    for need in ("noise", "no_tools", "webfetch", "long_output", "feedback"):
        if need not in tags:
            errs.append(f"no task tagged {need}")
    if tags.count("no_tools") < 3:
        errs.append("fewer than 3 no_tools tasks")
    for t in labels["tasks"]:
        if "no_tools" in t["tags"] and tools(t["id"]):
            errs.append(f"{t['id']}: tagged no_tools but uses tools")
    # sessions: one acceptEdits, one SessionEnd 'other', monotonic timestamps, versions non-decreasing
    starts = [l["hook"] for l in lines if "hook" in l and l["hook"]["hook_event_name"] == "SessionStart"
              and l["hook"]["source"] == "startup"]
    if sum(1 for h in starts if h["permission_mode"] == "acceptEdits") != 1:
        errs.append("expected exactly one acceptEdits session")
    ends = [l["hook"]["reason"] for l in lines if "hook" in l and l["hook"]["hook_event_name"] == "SessionEnd"]
    if ends.count("other") != 1:
        errs.append("expected exactly one SessionEnd reason 'other'")
    last_ts, last_ver = "", (0,)
    for l in lines:
        if "transcript" in l:
            ts = l["transcript"]["timestamp"]
            if ts < last_ts:
                errs.append(f"timestamp goes back: {ts} < {last_ts}")
            last_ts = ts
            ver = tuple(int(x) for x in l["transcript"]["version"].split("."))
            if ver < last_ver:
                errs.append("version goes back")
            last_ver = ver
    for l in lines:
        if "hook" in l and "task" in l["hook"]:
            errs.append("task key inside a payload")
    return errs


def regen_identical(gen_path, stream_path):
    spec = importlib.util.spec_from_file_location("g_fresh", gen_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    d = mod.gen()
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "s.jsonl"), os.path.join(tmp, "l.json")
        d.write(a, b)
        same = open(a, "rb").read() == open(stream_path, "rb").read() and \
            open(b, "rb").read() == open(stream_path[:-6] + ".labels.json", "rb").read()
    return same


def main():
    bad = 0
    for p in sorted(glob.glob(os.path.join(HERE, "*.jsonl"))):
        errs, s = check.check(p)
        errs += extra_checks(p)
        dev = os.path.basename(p)[:-6]
        gen_path = os.path.join(HERE, "gen_" + dev.replace("-", "_") + ".py")
        if not regen_identical(gen_path, p):
            errs.append("regenerating does not give byte-identical files")
        print(os.path.relpath(p, os.path.dirname(HERE)), s, "OK" if not errs else f"{len(errs)} problems")
        for e in errs:
            print("   ", e)
        bad += len(errs)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
