"""Shared builder for the reflection trace streams.

A developer script (gen_<dev>.py) describes sessions and tasks in compact
Python; this module turns them into the stream lines Claude Code would
produce: hook payloads ({"hook": ...}) interleaved with transcript entries
({"transcript": ...}), plus the answer key.

Everything is deterministic: ids come from a seeded RNG, times from a fake
clock that only moves forward by fixed pseudo-random steps.
"""
from __future__ import annotations

import datetime as _dt
import difflib
import json
import random
import re
import string
import uuid

B62 = string.ascii_letters + string.digits


def _numbered(text: str, start: int = 1) -> str:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    return "\n".join(f"{i:>6}\u2192{l}" for i, l in enumerate(lines, start))


def _structured_patch(old: str, new: str):
    a = old.split("\n")
    b = new.split("\n")
    hunks = []
    cur = None
    for line in difflib.unified_diff(a, b, n=4, lineterm=""):
        if line.startswith("---") or line.startswith("+++"):
            continue
        m = re.match(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", line)
        if m:
            cur = {
                "oldStart": int(m.group(1)),
                "oldLines": int(m.group(2) or 1),
                "newStart": int(m.group(3)),
                "newLines": int(m.group(4) or 1),
                "lines": [],
            }
            hunks.append(cur)
            continue
        cur["lines"].append(line)
    return hunks


class Dev:
    def __init__(self, name, user, language, model, seed, files=None):
        self.name = name
        self.user = user
        self.language = language
        self.model = model
        self.rng = random.Random(seed)
        self.files = dict(files or {})
        self.lines = []
        self.tasks = []
        self.sessions = []
        self.sess = None
        self.clock = None
        self.defs = {}
        self.task_counter = 0

    # ---- ids and time ---------------------------------------------------
    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def toolu(self):
        return "toolu_01" + "".join(self.rng.choice(B62) for _ in range(22))

    def msgid(self):
        return "msg_01" + "".join(self.rng.choice(B62) for _ in range(22))

    def reqid(self):
        return "req_011C" + "".join(self.rng.choice(B62) for _ in range(20))

    def tick(self, lo=2, hi=20):
        self.clock += _dt.timedelta(milliseconds=self.rng.randint(lo * 1000, hi * 1000))

    def ts(self):
        return self.clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.clock.microsecond // 1000:03d}Z"

    # ---- emission -------------------------------------------------------
    def _common(self, event):
        s = self.sess
        return {
            "session_id": s["id"],
            "transcript_path": s["transcript_path"],
            "cwd": s["cwd"],
            "permission_mode": s["permission_mode"],
            "hook_event_name": event,
        }

    def hook(self, event, **fields):
        p = self._common(event)
        p.update(fields)
        line = {"hook": p}
        if self.cur_task:
            line["task"] = self.cur_task["id"]
        self.lines.append(line)

    def entry(self, typ, message, **extra):
        s = self.sess
        e = {
            "parentUuid": s["last_uuid"],
            "isSidechain": False,
            "userType": "external",
            "cwd": s["cwd"],
            "sessionId": s["id"],
            "version": s["version"],
            "gitBranch": s["branch"],
            "type": typ,
            "message": message,
        }
        e.update(extra)
        e["uuid"] = self.uid()
        e["timestamp"] = self.ts()
        s["last_uuid"] = e["uuid"]
        line = {"transcript": e}
        if self.cur_task:
            line["task"] = self.cur_task["id"]
        self.lines.append(line)
        return e

    # ---- sessions ---------------------------------------------------------
    cur_task = None

    def session(self, when, cwd, branch="main", version="2.1.9", permission_mode="default",
                end_reason="prompt_input_exit", source="startup"):
        return _Session(self, when, cwd, branch, version, permission_mode, end_reason, source)

    def precompact(self, summary):
        """Auto compaction between two tasks: PreCompact, compact boundary,
        summary message, SessionStart(source=compact)."""
        assert self.cur_task is None
        self.tick(1, 3)
        self.hook("PreCompact", trigger="auto", custom_instructions=None)
        self.tick(20, 50)
        s = self.sess
        e = {
            "parentUuid": None,
            "logicalParentUuid": s["last_uuid"],
            "isSidechain": False,
            "userType": "external",
            "cwd": s["cwd"],
            "sessionId": s["id"],
            "version": s["version"],
            "gitBranch": s["branch"],
            "type": "system",
            "subtype": "compact_boundary",
            "content": "Conversation compacted",
            "isMeta": False,
            "level": "info",
            "compactMetadata": {"trigger": "auto", "preTokens": self.rng.randint(150000, 162000)},
            "uuid": self.uid(),
            "timestamp": self.ts(),
        }
        s["last_uuid"] = e["uuid"]
        self.lines.append({"transcript": e})
        self.entry("user", {"role": "user", "content":
                            "This session is being continued from a previous conversation that ran out of context. "
                            "The conversation is summarized below:\n" + summary},
                   isCompactSummary=True, isVisibleInTranscriptOnly=True)
        self.tick(1, 2)
        self.hook("SessionStart", source="compact", model=self.model)

    def task(self, prompt, tags=(), feedback=None):
        return _Task(self, prompt, list(tags), feedback)

    # ---- output -------------------------------------------------------------
    def define(self, **defs):
        self.defs = defs

    def write(self, stream_path, labels_path):
        with open(stream_path, "w", encoding="utf-8") as f:
            for l in self.lines:
                f.write(json.dumps(l, ensure_ascii=False) + "\n")
        labels = self.labels()
        with open(labels_path, "w", encoding="utf-8") as f:
            json.dump(labels, f, ensure_ascii=False, indent=1)
            f.write("\n")
        return labels

    def labels(self):
        d = self.defs
        def ids_with(tag):
            return [t["id"] for t in self.tasks if tag in t["tags"]]
        out = {"developer": self.name, "language": self.language}
        out["recurring_mistakes"] = [dict(m, task_ids=ids_with("mistake:" + m["id"])) for m in d["recurring_mistakes"]]
        out["one_off_failures"] = [dict(o, task_ids=ids_with("oneoff:" + o["id"])) for o in d["one_off_failures"]]
        out["unfixed_failures"] = [dict(o, task_ids=ids_with("unfixed:" + o["id"])) for o in d.get("unfixed_failures", [])]
        out["flaky_retries"] = [dict(o, task_ids=ids_with("flaky:" + o["id"])) for o in d.get("flaky_retries", [])]
        out["workflows"] = [dict(w, task_ids=ids_with("workflow:" + w["id"])) for w in d["workflows"]]
        prefs = []
        for p in d["preferences"]:
            rev = ids_with("reversal:" + p["id"])
            q = dict(p)
            q["statement_task_ids"] = ids_with("pref:" + p["id"])
            q["reversed_in_task"] = rev[0] if rev else None
            q.setdefault("reversal_markers", [])
            prefs.append(q)
        out["preferences"] = prefs
        out["feedback_complaints"] = [{"task_id": t["id"], "text": t["feedback"]} for t in self.tasks if t.get("feedback")]
        out["tasks"] = [{"id": t["id"], "session_id": t["session_id"], "prompt": t["prompt"], "tags": t["tags"]}
                        for t in self.tasks]
        out["probes"] = d["probes"]
        return out


class _Session:
    def __init__(self, dev, when, cwd, branch, version, permission_mode, end_reason, source):
        self.dev = dev
        self.when = when
        self.cwd = cwd
        self.branch = branch
        self.version = version
        self.permission_mode = permission_mode
        self.end_reason = end_reason
        self.source = source

    def __enter__(self):
        d = self.dev
        d.clock = _dt.datetime.fromisoformat(self.when)
        d.clock += _dt.timedelta(milliseconds=d.rng.randint(0, 59999))
        sid = d.uid()
        slug = re.sub(r"[^A-Za-z0-9]", "-", self.cwd)
        d.sess = {
            "id": sid,
            "cwd": self.cwd,
            "branch": self.branch,
            "version": self.version,
            "permission_mode": self.permission_mode,
            "transcript_path": f"/home/{d.user}/.claude/projects/{slug}/{sid}.jsonl",
            "last_uuid": None,
            "read": set(),
        }
        d.sessions.append(d.sess)
        d.hook("SessionStart", source=self.source, model=d.model)
        d.tick(5, 40)
        return d

    def __exit__(self, *exc):
        if exc[0]:
            return False
        d = self.dev
        d.tick(10, 300)
        d.hook("SessionEnd", reason=self.end_reason)
        d.sess = None
        return False


class _Task:
    def __init__(self, dev, prompt, tags, feedback):
        self.d = dev
        self.pending_text = None
        d = dev
        assert d.cur_task is None, "previous task not finished"
        d.task_counter += 1
        tid = f"T{d.task_counter:02d}"
        self.rec = {"id": tid, "session_id": d.sess["id"], "prompt": prompt, "tags": tags}
        if feedback:
            self.rec["feedback"] = feedback
        d.tasks.append(self.rec)
        d.cur_task = self.rec
        d.tick(30, 240)
        d.hook("UserPromptSubmit", prompt=prompt)
        d.entry("user", {"role": "user", "content": prompt}, permissionMode=d.sess["permission_mode"])
        self.msg = None
        self.ntools = 0

    # ---- assistant text -----------------------------------------------------
    def _assistant_line(self, block, stop_reason=None):
        d = self.d
        if self.msg is None:
            self.msg = (d.msgid(), d.reqid())
        mid, rid = self.msg
        usage = {
            "input_tokens": d.rng.randint(3, 12),
            "cache_creation_input_tokens": d.rng.randint(200, 4000),
            "cache_read_input_tokens": d.rng.randint(15000, 90000),
            "output_tokens": d.rng.randint(40, 900),
            "service_tier": "standard",
        }
        d.entry("assistant", {
            "model": d.model, "id": mid, "type": "message", "role": "assistant",
            "content": [block], "stop_reason": stop_reason, "stop_sequence": None, "usage": usage,
        }, requestId=rid)

    def say(self, text):
        """Assistant text that precedes the next tool call (same message)."""
        d = self.d
        d.tick(2, 9)
        self.msg = None
        self._assistant_line({"type": "text", "text": text})
        self.pending_text = True
        return self

    def _tool(self, name, inp, ok, response=None, error=None, result_text=None, tur=None):
        d = self.d
        if not self.pending_text:
            self.msg = None
            d.tick(2, 8)
        self.pending_text = None
        tid = d.toolu()
        self._assistant_line({"type": "tool_use", "id": tid, "name": name, "input": inp}, stop_reason="tool_use")
        a_uuid = d.sess["last_uuid"]
        d.tick(1, 12 if name == "Bash" else 2)
        self.ntools += 1
        if ok:
            d.hook("PostToolUse", tool_name=name, tool_input=inp, tool_response=response, tool_use_id=tid)
            d.entry("user", {"role": "user", "content": [
                {"tool_use_id": tid, "type": "tool_result", "content": result_text, "is_error": False}]},
                toolUseResult=response if tur is None else tur, sourceToolAssistantUUID=a_uuid)
        else:
            d.hook("PostToolUseFailure", tool_name=name, tool_input=inp, tool_use_id=tid, error=error,
                   is_interrupt=False)
            content = error if name == "Bash" else f"<tool_use_error>{error}</tool_use_error>"
            d.entry("user", {"role": "user", "content": [
                {"tool_use_id": tid, "type": "tool_result", "content": content, "is_error": True}]},
                toolUseResult="Error: " + error, sourceToolAssistantUUID=a_uuid)
        self.msg = None
        return self

    # ---- tools ----------------------------------------------------------------
    def bash(self, command, description, out="", err="", code=0, timeout=None):
        inp = {"command": command, "description": description}
        if timeout:
            inp["timeout"] = timeout
        out = out.strip("\n")
        err = err.strip("\n")
        if code == 0:
            resp = {"stdout": out, "stderr": err, "interrupted": False, "isImage": False}
            text = "\n".join(x for x in (out, err) if x)
            return self._tool("Bash", inp, True, resp, result_text=text)
        printed = "\n".join(x for x in (err, out) if x)
        return self._tool("Bash", inp, False, error=f"Exit code {code}\n{printed}")

    def fail(self, command, description, printed, code=1, timeout=None):
        """Bash that exits non-zero; `printed` is what the terminal showed."""
        inp = {"command": command, "description": description}
        if timeout:
            inp["timeout"] = timeout
        return self._tool("Bash", inp, False, error=f"Exit code {code}\n{printed.strip(chr(10))}")

    def read(self, path, offset=None, limit=None):
        d = self.d
        content = d.files[path]
        lines = content.split("\n")
        if lines and lines[-1] == "":
            lines = lines[:-1]
        total = len(lines)
        start = offset or 1
        sel = lines[start - 1:(start - 1 + limit) if limit else None]
        inp = {"file_path": path}
        if offset:
            inp["offset"] = offset
        if limit:
            inp["limit"] = limit
        resp = {"type": "text", "file": {"filePath": path, "content": "\n".join(sel),
                                         "numLines": len(sel), "startLine": start, "totalLines": total}}
        d.sess["read"].add(path)
        if not content:
            resp["file"]["numLines"] = 0
            return self._tool("Read", inp, True, resp, result_text=
                              "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>")
        return self._tool("Read", inp, True, resp, result_text=_numbered("\n".join(sel), start))

    def edit(self, path, old, new, replace_all=False):
        d = self.d
        assert path in d.sess["read"], f"edit before read: {path}"
        orig = d.files[path]
        n = orig.count(old)
        assert n >= 1, f"old_string not found in {path}: {old[:60]!r}"
        assert replace_all or n == 1, f"old_string not unique in {path}"
        updated = orig.replace(old, new) if replace_all else orig.replace(old, new, 1)
        d.files[path] = updated
        inp = {"file_path": path, "old_string": old, "new_string": new}
        if replace_all:
            inp["replace_all"] = True
        resp = {"filePath": path, "oldString": old, "newString": new, "originalFile": orig,
                "structuredPatch": _structured_patch(orig, updated), "userModified": False,
                "replaceAll": replace_all}
        # snippet around the change
        pos = updated.find(new)
        line_no = updated[:pos].count("\n") + 1
        ul = updated.split("\n")
        lo = max(1, line_no - 4)
        hi = min(len(ul), line_no + new.count("\n") + 4)
        snippet = "\n".join(f"{i:>6}\u2192{ul[i - 1]}" for i in range(lo, hi + 1))
        text = (f"The file {path} has been updated. Here's the result of running `cat -n` on a snippet "
                f"of the edited file:\n{snippet}")
        return self._tool("Edit", inp, True, resp, result_text=text)

    def edit_fail(self, path, old, new, error):
        inp = {"file_path": path, "old_string": old, "new_string": new}
        return self._tool("Edit", inp, False, error=error)

    def edit_stale(self, path, old, new):
        """Edit rejected because something rewrote the file after the last Read."""
        self.d.sess["read"].discard(path)
        return self.edit_fail(path, old, new,
                              "File has been modified since read, either by the user or by a linter. "
                              "Read it again before attempting to write it.")

    def write(self, path, content):
        d = self.d
        existed = path in d.files
        if existed:
            assert path in d.sess["read"], f"write before read: {path}"
        old = d.files.get(path)
        d.files[path] = content
        d.sess["read"].add(path)
        inp = {"file_path": path, "content": content}
        if existed:
            resp = {"type": "update", "filePath": path, "content": content,
                    "structuredPatch": _structured_patch(old, content)}
            text = (f"The file {path} has been updated. Here's the result of running `cat -n` on a snippet "
                    f"of the edited file:\n" + _numbered(content))
        else:
            resp = {"type": "create", "filePath": path, "content": content, "structuredPatch": []}
            text = f"File created successfully at: {path}"
        return self._tool("Write", inp, True, resp, result_text=text)

    def grep(self, pattern, filenames=None, path=None, glob=None, output_mode=None, content=None,
             **flags):
        inp = {"pattern": pattern}
        if path:
            inp["path"] = path
        if glob:
            inp["glob"] = glob
        if output_mode:
            inp["output_mode"] = output_mode
        for k, v in flags.items():
            inp[{"n": "-n", "i": "-i", "A": "-A", "B": "-B", "C": "-C"}.get(k, k)] = v
        mode = output_mode or "files_with_matches"
        if mode == "content":
            content = (content or "").strip("\n")
            n = len(content.split("\n")) if content else 0
            resp = {"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": n}
            text = content if content else "No matches found"
        elif mode == "count":
            content = (content or "").strip("\n")
            resp = {"mode": "count", "numFiles": len(filenames or []), "filenames": [], "content": content,
                    "numMatches": sum(int(l.rsplit(":", 1)[1]) for l in content.split("\n") if l)}
            text = content
        else:
            filenames = filenames or []
            resp = {"mode": "files_with_matches", "filenames": filenames, "numFiles": len(filenames)}
            text = (f"Found {len(filenames)} file{'s' if len(filenames) != 1 else ''}\n" + "\n".join(filenames)) \
                if filenames else "No files found"
        return self._tool("Grep", inp, True, resp, result_text=text)

    def glob(self, pattern, filenames, path=None):
        inp = {"pattern": pattern}
        if path:
            inp["path"] = path
        resp = {"filenames": filenames, "durationMs": self.d.rng.randint(8, 140),
                "numFiles": len(filenames), "truncated": False}
        return self._tool("Glob", inp, True, resp, result_text="\n".join(filenames) if filenames else "No files found")

    def webfetch(self, url, prompt, result, code=200, nbytes=None):
        d = self.d
        resp = {"bytes": nbytes or d.rng.randint(40000, 260000), "code": code,
                "codeText": "OK" if code == 200 else "", "result": result,
                "durationMs": d.rng.randint(900, 6500), "url": url}
        return self._tool("WebFetch", {"url": url, "prompt": prompt}, True, resp, result_text=result)

    def done(self, text):
        d = self.d
        d.tick(3, 15)
        self.msg = None
        self._assistant_line({"type": "text", "text": text}, stop_reason="end_turn")
        d.tick(0, 1)
        d.hook("Stop", stop_hook_active=False)
        d.cur_task = None
