"""Structural checks for the trace streams and their answer keys.

    python3 check.py            # checks every stream under tune/ and fresh/
Prints a one-line summary per stream; exits non-zero on any problem.
"""
import glob
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
COMMON = {"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name"}
EVENT_FIELDS = {
    "SessionStart": {"source", "model"},
    "UserPromptSubmit": {"prompt"},
    "PostToolUse": {"tool_name", "tool_input", "tool_response", "tool_use_id"},
    "PostToolUseFailure": {"tool_name", "tool_input", "tool_use_id", "error", "is_interrupt"},
    "Stop": {"stop_hook_active"},
    "PreCompact": {"trigger", "custom_instructions"},
    "SessionEnd": {"reason"},
}


def tool_text(h):
    """Command / input text of a tool call, for marker checks."""
    return h.get("tool_name", "") + " " + json.dumps(h.get("tool_input", {}), ensure_ascii=False)


def check(stream_path):
    errs = []
    labels_path = stream_path[:-len(".jsonl")] + ".labels.json"
    lines = []
    with open(stream_path, encoding="utf-8") as f:
        for i, raw in enumerate(f, 1):
            try:
                lines.append(json.loads(raw))
            except Exception as e:
                errs.append(f"line {i}: not JSON ({e})")
    labels = json.load(open(labels_path, encoding="utf-8"))

    tool_uses = {}
    ev = Counter()
    open_sessions = {}
    sessions_done = []
    prompts = []
    task_events = defaultdict(list)
    for i, l in enumerate(lines, 1):
        keys = set(l) - {"task"}
        if keys not in ({"hook"}, {"transcript"}):
            errs.append(f"line {i}: keys {sorted(l)}")
            continue
        if "transcript" in l:
            e = l["transcript"]
            if e.get("type") == "assistant":
                for b in e["message"]["content"]:
                    if b.get("type") == "tool_use":
                        tool_uses[b["id"]] = e["sessionId"]
            if "task" in l:
                task_events[l["task"]].append(l)
            continue
        h = l["hook"]
        name = h.get("hook_event_name")
        ev[name] += 1
        missing = (COMMON | EVENT_FIELDS.get(name, set())) - set(h)
        if missing:
            errs.append(f"line {i}: {name} missing {sorted(missing)}")
        if not h["transcript_path"].endswith(h["session_id"] + ".jsonl"):
            errs.append(f"line {i}: transcript_path/session mismatch")
        sid = h["session_id"]
        if name == "SessionStart":
            if h["source"] == "compact":
                if sid not in open_sessions:
                    errs.append(f"line {i}: compact start outside session")
            else:
                if sid in open_sessions or sid in sessions_done:
                    errs.append(f"line {i}: session started twice")
                open_sessions[sid] = True
        elif name == "SessionEnd":
            if sid not in open_sessions:
                errs.append(f"line {i}: SessionEnd without start")
            open_sessions.pop(sid, None)
            sessions_done.append(sid)
        else:
            if sid not in open_sessions:
                errs.append(f"line {i}: {name} outside a session")
        if name in ("PostToolUse", "PostToolUseFailure"):
            if h["tool_use_id"] not in tool_uses:
                errs.append(f"line {i}: tool_use_id {h['tool_use_id']} not seen in a transcript tool_use before it")
            elif tool_uses[h["tool_use_id"]] != sid:
                errs.append(f"line {i}: tool_use in another session")
        if name == "UserPromptSubmit":
            prompts.append((l.get("task"), h["prompt"], sid))
        if "task" in l:
            task_events[l["task"]].append(l)
    if open_sessions:
        errs.append(f"unclosed sessions: {list(open_sessions)}")

    # task numbering
    for n, (tid, prompt, sid) in enumerate(prompts, 1):
        if tid != f"T{n:02d}":
            errs.append(f"prompt {n} has task id {tid}")
    tasks = {t["id"]: t for t in labels["tasks"]}
    if len(tasks) != len(prompts):
        errs.append(f"labels have {len(tasks)} tasks, stream {len(prompts)} prompts")
    for tid, prompt, sid in prompts:
        t = tasks.get(tid)
        if not t or t["prompt"] != prompt or t["session_id"] != sid:
            errs.append(f"{tid}: label prompt/session mismatch")
    sess_of = {t["id"]: t["session_id"] for t in labels["tasks"]}

    def hooks_of(tid):
        return [l["hook"] for l in task_events[tid] if "hook" in l]

    # mistakes: >=3 tasks in distinct sessions, each with a failure followed by a fixing call and a later success
    for m in labels["recurring_mistakes"]:
        ids = m["task_ids"]
        if len(ids) < 3 or len({sess_of[t] for t in ids}) < 3:
            errs.append(f"{m['id']}: needs >=3 tasks in different sessions: {ids}")
        for tid in ids:
            hs = hooks_of(tid)
            fi = [k for k, h in enumerate(hs) if h["hook_event_name"] == "PostToolUseFailure"]
            if not fi:
                errs.append(f"{m['id']} {tid}: no failure")
                continue
            after = " ".join(tool_text(h) for h in hs[fi[0] + 1:] if h["hook_event_name"] == "PostToolUse")
            for group in m["fix_command_markers"]:
                if not any(g.lower() in after.lower() for g in group):
                    errs.append(f"{m['id']} {tid}: no fix marker {group} after failure")
            if hs[-2]["hook_event_name"] == "PostToolUseFailure":
                errs.append(f"{m['id']} {tid}: last tool call failed")
    for key in ("one_off_failures", "unfixed_failures", "flaky_retries"):
        for o in labels.get(key, []):
            if not o["task_ids"]:
                errs.append(f"{o['id']}: no tasks")
            if key == "one_off_failures" and len(o["task_ids"]) != 1:
                errs.append(f"{o['id']}: one-off in {len(o['task_ids'])} tasks")
            for tid in o["task_ids"]:
                if not any(h["hook_event_name"] == "PostToolUseFailure" for h in hooks_of(tid)):
                    errs.append(f"{o['id']} {tid}: no failure event")
    for w in labels["workflows"]:
        ids = w["task_ids"]
        if len(ids) < 3 or len({sess_of[t] for t in ids}) < 3:
            errs.append(f"{w['id']}: needs >=3 tasks in different sessions: {ids}")
        for tid in ids:
            txt = " ".join(tool_text(h) for h in hooks_of(tid) if h["hook_event_name"] == "PostToolUse").lower()
            for group in w["step_markers"]:
                if not any(g.lower() in txt for g in group):
                    errs.append(f"{w['id']} {tid}: step {group} missing")
    prefs = labels["preferences"]
    counts = sorted(len(p["statement_task_ids"]) for p in prefs)
    if counts[-1] < 3:
        errs.append("no preference stated 3 times")
    p3 = [p for p in prefs if len(p["statement_task_ids"]) >= 3][0]
    if len({sess_of[t] for t in p3["statement_task_ids"]}) < 3:
        errs.append(f"{p3['id']}: statements not in 3 sessions")
    if not any(p["reversed_in_task"] for p in prefs):
        errs.append("no reversal")
    for p in prefs:
        for tid in p["statement_task_ids"] + ([p["reversed_in_task"]] if p["reversed_in_task"] else []):
            if tid not in tasks:
                errs.append(f"{p['id']}: unknown task {tid}")
        if p["reversed_in_task"] and p["statement_task_ids"] and p["reversed_in_task"] <= max(p["statement_task_ids"]):
            errs.append(f"{p['id']}: reversal before statement")
    def has_markers(text, groups):
        text = text.lower()
        return all(any(g.lower() in text for g in group) for group in groups)
    for p in prefs:
        for tid in p["statement_task_ids"]:
            if not has_markers(tasks[tid]["prompt"], p["markers"]):
                errs.append(f"{p['id']} {tid}: prompt lacks markers {p['markers']}")
        if p["reversed_in_task"] and not has_markers(tasks[p["reversed_in_task"]]["prompt"], p["reversal_markers"]):
            errs.append(f"{p['id']}: reversal prompt lacks reversal markers")
    for fb in labels["feedback_complaints"]:
        if fb["text"][:40] not in tasks[fb["task_id"]]["prompt"]:
            errs.append(f"feedback {fb['task_id']}: text not in prompt")
    if not labels["feedback_complaints"]:
        errs.append("no feedback complaint")
    probes = labels["probes"]
    if not 8 <= len(probes) <= 12:
        errs.append(f"{len(probes)} probes")
    for m in labels["recurring_mistakes"]:
        if sum(1 for p in probes if m["id"] in p["wanted"]) < 2:
            errs.append(f"{m['id']}: fewer than 2 probes")
    if sum(1 for p in probes if not p["wanted"]) < 3:
        errs.append("fewer than 3 unrelated probes")
    # event sanity
    n_start = sum(1 for l in lines if "hook" in l and l["hook"]["hook_event_name"] == "SessionStart"
                  and l["hook"]["source"] != "compact")
    if not 8 <= n_start <= 12 or n_start != ev["SessionEnd"]:
        errs.append(f"sessions: {n_start} starts / {ev['SessionEnd']} ends")
    if ev["UserPromptSubmit"] < 30:
        errs.append(f"only {ev['UserPromptSubmit']} prompts")
    if ev["PreCompact"] < 1:
        errs.append("no PreCompact")
    if ev["Stop"] != ev["UserPromptSubmit"]:
        errs.append("Stop count != prompt count")
    summary = {
        "lines": len(lines), "sessions": n_start, "prompts": ev["UserPromptSubmit"],
        "tool_ok": ev["PostToolUse"], "tool_fail": ev["PostToolUseFailure"], "precompact": ev["PreCompact"],
        "transcript": sum(1 for l in lines if "transcript" in l),
    }
    return errs, summary


def main():
    paths = sorted(glob.glob(os.path.join(HERE, "tune", "*.jsonl")) + glob.glob(os.path.join(HERE, "fresh", "*.jsonl")))
    bad = 0
    for p in paths:
        errs, s = check(p)
        print(os.path.relpath(p, HERE), s, "OK" if not errs else f"{len(errs)} problems")
        for e in errs:
            print("   ", e)
        bad += len(errs)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
