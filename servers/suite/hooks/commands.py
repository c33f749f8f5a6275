"""``cairn hook <event>``: what a host runs. Reads the host's JSON on stdin, prints its answer, exits 0.

Stdlib only, on purpose: this runs before every prompt and after every tool call, so it must start in
a few milliseconds. The trace (prompts, tool calls, lessons) is appended right here; anything needing memory,
skills or reflection goes to the warm daemon (:mod:`servers.suite.hooks.daemon`), which this starts when it
is not running. Whatever goes wrong — bad stdin, no data dir, a slow or dead daemon — the hook prints
nothing, logs why to ``$CAIRN_HOME/logs/hooks.log`` and exits 0: a memory hook must never block a prompt
(exit 2 would) or show the user an error (any other code would).

| event              | without a daemon                                   | time budget (default) |
|--------------------|----------------------------------------------------|-----------------------|
| session-start      | starts it, answers from the files at once (compact: waits) | 5 s           |
| user-prompt-submit | records the prompt, starts it, waits 300 ms, then says it is starting | 3 s |
| post-tool-use      | records the call; every N-th call asks for a refresh, without waiting | 0.8 s |
| pre-compact        | starts it and waits; runs the flush itself if it cannot | 20 s             |
| stop               | never uses it: reads the trace, may ask for a lesson | — (files only)      |
| session-end        | spools the session for the daemon, starts it, returns | 1.2 s              |

``CAIRN_HOOKS__DAEMON=false`` runs every event in this process instead (slow, for hosts without Unix sockets).
"""

from __future__ import annotations

import json
import os
import re
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

from servers.suite.hooks import runtime, startfiles
from servers.suite.hooks.protocol import (
    EVENTS,
    MAX_STDIN_BYTES,
    PayloadError,
    answer,
    block,
    host_event,
    parse_payload,
    text_field,
)
from servers.suite.hooks.trace import SessionTrace, Task

USAGE = f"usage: cairn hook {{{','.join(EVENTS)}}}  (reads the host's hook JSON on stdin)"
HELP = f"""{USAGE}

What a host such as Claude Code runs at its lifecycle points (`cairn hooks install` writes the entries).
Answers on stdout in the host's hook JSON, always exits 0; problems go to $CAIRN_HOME/logs/hooks.log.
Try what would be injected with: cairn hooks context "a task"."""
# What the first prompt gets while the daemon is still importing (see `_cold_wait_s`): the model learns why
# nothing was recalled, and the next prompt finds the daemon warm.
STARTING_NOTE = "(Cairn is still starting up: no memories or skills were recalled for this prompt.)"
_FALSE = ("0", "false", "no", "off")


def _env_int(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, default)))
    except ValueError:
        return default


def request(message: dict[str, Any], timeout_s: float) -> dict[str, Any] | None:
    """One round trip to the daemon; None when it is not there or does not answer in time."""
    return _exchange(message, timeout_s)[0]


def _exchange(message: dict[str, Any], timeout_s: float) -> tuple[dict[str, Any] | None, bool]:
    """(reply or None, whether a daemon took the connection): a busy daemon is not a missing one."""
    connected = False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(max(0.01, timeout_s))
            sock.connect(str(runtime.socket_path()))
            connected = True
            sock.sendall(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
            chunks: list[bytes] = []
            while not chunks or not chunks[-1].endswith(b"\n"):
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        reply = json.loads(b"".join(chunks))
        return (reply if isinstance(reply, dict) else None), connected
    except (OSError, ValueError):
        return None, connected


def spawn_daemon() -> None:
    import subprocess

    root = str(Path(__file__).resolve().parents[3])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    log = runtime.log_path()
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a") as err:
        subprocess.Popen(
            [sys.executable, "-m", "servers.suite.hooks.daemon"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,  # not in the host's process group: survives the hook and the host
            close_fds=True,
            cwd=root,
            env=env,
        )


def via_daemon(
    message: dict[str, Any], deadline: float, *, wait_s: float | None = None
) -> tuple[dict[str, Any] | None, bool]:
    """(the daemon's reply or None, whether this call had to start the daemon).

    ``wait_s`` is how long to wait for a daemon this call started (None: until ``deadline``); a daemon that
    is already up gets until ``deadline`` to answer.
    """
    reply, connected = _exchange(message, deadline - time.monotonic())
    if reply is not None or connected:
        return reply, False  # answered, or up but too slow: starting another would not help
    spawn_daemon()
    limit = deadline if wait_s is None else min(deadline, time.monotonic() + wait_s)
    while time.monotonic() < limit - 0.02:
        time.sleep(0.03)
        reply = request(message, limit - time.monotonic())  # still warming up past `limit`: not worth waiting
        if reply is not None:
            return reply, True
    return None, True


def in_process(event: str, payload: dict[str, Any], budget_s: float | None) -> str:
    """Run the handler here (no daemon); gives up after ``budget_s`` (None: waits, for events that write)."""
    out: list[str] = []

    def work() -> None:
        from servers.suite.hooks.handlers import Hooks
        from servers.suite.settings import get_settings

        hooks = Hooks(get_settings())
        try:
            out.append(hooks.handle(event, payload))
        except Exception as exc:
            runtime.log(event, f"in-process handler failed: {type(exc).__name__}: {exc}")
        finally:
            hooks.close()

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(budget_s)
    if worker.is_alive():
        runtime.log(event, f"in-process handler exceeded {budget_s:.1f} s: answered nothing")
    return out[0] if out else ""


def _cold_wait_s(event: str, payload: dict[str, Any]) -> float | None:
    """How long ``event`` waits for a daemon it had to start (None: its whole budget)."""
    if event == "post-tool-use":
        return 0  # a refresh is a bonus: the next one will find the daemon warm
    if event == "session-start" and text_field(payload, "source") != "compact":
        return 0  # answered from the files; the daemon warms up for the first prompt meanwhile
    if event == "user-prompt-submit":
        return runtime.cold_wait_ms() / 1000
    return None  # compaction: the task anchor and the flush are worth waiting for


def _spool(payload: dict[str, Any]) -> None:
    spool = runtime.hooks_dir() / "spool"
    spool.mkdir(parents=True, exist_ok=True)
    name = f"{time.time_ns()}-{os.getpid()}"
    tmp = spool / f"{name}.tmp"
    tmp.write_text(json.dumps({"event": "session-end", "payload": payload}, ensure_ascii=False), encoding="utf-8")
    tmp.rename(spool / f"{name}.json")  # the daemon only picks up complete files


def run(event: str, payload: dict[str, Any], started: float) -> str:
    """The context to inject for ``event`` ("" for none)."""
    if event == "stop":  # answered by stop(), from the trace: "stop" sent to the daemon would shut it down
        return ""
    deadline = started + runtime.budget_ms(event) / 1000
    session_id = text_field(payload, "session_id", 200)
    trace = SessionTrace(runtime.sessions_dir(), session_id) if session_id else None
    if event == "user-prompt-submit" and trace is not None:
        trace.add_prompt(text_field(payload, "prompt", 20_000))
    if event == "post-tool-use":
        if trace is None:
            return ""
        record = trace.add_tool(payload)
        every = _env_int("CAIRN_HOOKS__REFRESH_EVERY", 3)
        done = trace.tools_since_prompt()
        refresh = done >= every and not done % every
        if not refresh and not record.get("error"):
            return ""
        # A failure goes to the daemon at once: a rule learned from the same failure is worth telling now.
        payload = {k: v for k, v in payload.items() if k != "tool_response"}  # already in the trace
        payload["cairn_refresh"] = refresh
    use_daemon = os.environ.get("CAIRN_HOOKS__DAEMON", "true").lower() not in _FALSE
    if event == "session-end":
        if use_daemon:
            _spool(payload)
            via_daemon({"event": "drain"}, deadline, wait_s=0)
            return ""
        return in_process(event, payload, None)
    if not use_daemon:
        return in_process(event, payload, None if event == "pre-compact" else deadline - time.monotonic())
    reply, started_it = via_daemon({"event": event, "payload": payload}, deadline, wait_s=_cold_wait_s(event, payload))
    if reply is None:
        if event == "pre-compact":  # what is not flushed now is lost to compaction
            runtime.log(event, "daemon unreachable: flushing in this process")
            return in_process(event, payload, None)
        if event == "session-start":
            # The session goes on while the daemon warms up for its first prompt (or, when one is up but
            # slow, while it finishes): MEMORY.md and today's summary need no daemon. Preferences come with
            # the first prompt instead.
            today = time.strftime("%Y-%m-%d", time.gmtime())
            user = os.environ.get("CAIRN_HOOKS__USER_ID", "default")
            return startfiles.start_text(
                runtime.home(), user, today, _env_int("CAIRN_HOOKS__START_BUDGET_TOKENS", 1200)
            )
        if started_it and event == "user-prompt-submit":
            runtime.log(event, f"daemon still starting after {runtime.cold_wait_ms()} ms: answered without recall")
            return STARTING_NOTE
        runtime.log(event, f"daemon unreachable within {runtime.budget_ms(event)} ms: answered nothing")
        return ""
    if not reply.get("ok"):
        runtime.log(event, f"daemon error: {reply.get('error')}")
        return ""
    return str(reply.get("context") or "")


# --- Stop: ask the agent what a task taught ---------------------------------------------------------

# A prompt that corrects the previous answer. Matched at the start of the prompt (after "hmm,", "no,", 嗯，…),
# except "don't … again" and 别再/不要再, which may open any sentence. Ordinary requests that merely contain a
# "don't" or a "wrong" ("don't forget to add tests", "why is this test wrong?") must not match. Kept as
# strings: the first Stop compiles them (``re`` caches the result), not every hook process at import.
_LEAD = (
    r"^(?:(?:(?:hmm+|um+|uh+|ugh|argh|actually|wait|sorry|ok(?:ay)?|well|hey)\b|嗯|啊|呃|唉|哎)[\s,.!:;…，。！、-]*)+"
)
_NO = r"^(?:no+|nope|nah)\b[\s,.!:;…—–-]+"
# After a leading "no,": an instruction that replaces what the agent did ("no, use pnpm"), not "no, thanks".
_AFTER_NO = r"^(?:use|do it|it should|that should|should|not\b|instead|rather|the other|i (?:want|need))"
_CORRECTION = (
    r"^(?:"
    r"(?:(?:that|this|it|your (?:answer|code|fix|change|output))(?:'s|s| is| was)\s+)?"
    r"(?:still\s+|all\s+|completely\s+|totally\s+)?"
    r"(?:wrong|incorrect|not (?:right|correct|it\b|what i (?:asked|wanted|meant|said|need)))"
    r"|not what i (?:asked|wanted|meant|said|need)"
    r"|you(?:'re| are) (?:wrong|mistaken)"
    r"|wrong (?:again|answer|file|command|approach|one|branch|version)"
    r"|i (?:said\b(?!\s+(?:hello|hi|hey|goodbye|thanks|thank you)\b)|told you|meant\b|asked (?:you|for)\b)"
    r"|(?:as|like) i (?:said|told you)|i already (?:said|told you|asked)"
    r"|(?:please\s+)?stop \w+ing\b"
    r"|(?:(?:that|this|it|your (?:answer|reply|response|summary|message))(?:'s| is| was)\s+)?(?:way |much |far )?"
    r"too (?:long|verbose|wordy|short|brief|terse|complicated|complex|technical)\b(?!\s+to\b)"
    r"|(?:but\s+)?you (?:didn't|didnt|did not|forgot|missed|ignored|broke|misunderstood|still haven't|haven't)\b"
    r"|(?:(?:that|it|this)\s+)?(?:still\s+)?(?:didn't|didnt|did not|doesn't|does not) work\b"
    r"|(?:(?:that|it|this)(?:'s| is)\s+)?still (?:wrong|broken|failing|not working|the same)\b"
    r"|不对(?![称外])|不是(?:这样|这个|那样|那个|我要的|我想要的|让你)|这不是我要的|错了|搞错了|弄错了|又错了"
    r"|你(?:理解|搞|弄|说|写)?错了|我说的是|我的意思是|我是说|我说了(?!算)|太长了|太啰嗦|太复杂了|还是不(?:行|对)|还是错"
    r")"
)
_AGAIN = (
    r"^(?:please\s+)?(?:don't|dont|do not|never)\b(?!\s+(?:forget|worry|hesitate|mind)\b)[^.?!\n]{0,80}?\bagain\b"
    r"|^(?:以后|下次|请|你)*(?:别|不要)再(?!次)"
)
_SENTENCE = r"(?<=[.!?;。！？；\n])\s*"
# Anywhere in the prompt: the user reworked what the agent produced ("I had to cut half of it"), or says what
# the agent added was too much. "The function is too long, split it up" names no agent output: not feedback.
_REWORKED = (
    r"\bi(?:'ve| have)? had to (?:cut|trim|delete|remove|rewrite|redo|shorten)\b[^.?!]{0,12}?"
    r"\b(?:half|most|much|it|them|that|this|a lot)\b"
    # Asked to halve it: what the agent wrote was twice as long as wanted ("cut half of it next time").
    r"|\b(?:cut|trim)\s+(?:half|(?:it|that|this|them)\s+(?:in|by)\s+half)\b"
    r"|\byou(?:'ve| have)? (?:added|wrote|written|made|gave|generated|produced)\b[^.?!]{0,80}\b(?:way |much |far )?"
    r"too (?:long|verbose|wordy|much|many)\b"
    r"|我(?:自己)?(?:又)?(?:删|砍|改|重写)了(?:一半|大半|很多)"
    r"|你(?:写|生成|加|弄)得?[^。！？，,]{0,4}太(?:长|多|啰嗦|冗长)"
    # 你给 X 写的 Y 太长了: what the agent wrote for someone, however long its name (`LXG-2317 写的那个 review 描述`).
    r"|你(?:给[^。！？，,]{1,20})?(?:写|生成|加|弄|起草|整理)(?:的|得)[^。！？，,]{0,30}太(?:长|多|啰嗦|冗长)"
)
_LESSON_LINE = r"(?im)^[\s>*_`-]*lesson[*_`]*\s*[:：]\s*[*_]*\s*(.+?)\s*$"
_NONE = r"(?i)^(?:none(?![\w-])(?!\s+of\b)|n/?a\b|无|没有)"
MAX_LESSONS = 3
TRANSCRIPT_TAIL_BYTES = 256_000  # the last turn of a transcript; older lines are never needed here
LESSON_ASK = (
    "Cairn: {about}. Before you finish, state what this task taught for next time as ONE line starting with "
    "`Lesson:` — specific, with the exact command or step (e.g. `Lesson: when git push is rejected "
    "(non-fast-forward), run git pull --rebase, then push.`), or `Lesson: none` if nothing is worth keeping. "
    "Reply with that line only."
)


def is_correction(prompt: str) -> bool:
    """Whether a prompt corrects the previous answer ("no, that's wrong", "I said …", "too long", 不对, 我说的是 …)."""
    text = " ".join(prompt.replace("\u2019", "'").lower().split())[:400]
    text = text[m.end() :] if (m := re.match(_LEAD, text)) else text
    if m := re.match(_NO, text):
        rest = text[m.end() :]
        return bool(re.match(_AFTER_NO, rest) or re.match(_CORRECTION, rest) or re.match(_AGAIN, rest))
    if re.match(_CORRECTION, text) or re.search(_REWORKED, text):
        return True
    return any(re.match(_AGAIN, sentence) for sentence in re.split(_SENTENCE, text) if sentence)


def _why_ask(task: Task) -> list[tuple[str, str]]:
    """(what the reason tells the agent, when the lesson applies) for each thing in the task worth a lesson.

    The second part becomes the lesson's scenario: it names the failure, not this task's details, so the same
    lesson from another task reads the same.
    """
    from servers.core.recovery import find_recoveries  # stdlib only, and only the Stop hook needs it

    found: list[tuple[str, str]] = []
    if is_correction(task.prompt):
        quoted = " ".join(task.prompt.split())
        quoted = quoted if len(quoted) <= 80 else quoted[:79] + "…"
        found.append((f'the user corrected the previous answer ("{quoted}")', "when the user corrects an answer"))
    recovered = [r.signature for r in find_recoveries(task.tools) if r.procedural]
    if recovered:
        sig = recovered[0]
        more = f" ({len(recovered) - 1} more failure(s) recovered too)" if len(recovered) > 1 else ""
        said = f"`{sig.step}` failed ({sig.phrase}) before a later try worked{more}"
        found.append((said, f"when `{sig.step}` fails: {sig.phrase}"))
    return found


def lesson_lines(text: str) -> list[str]:
    """The ``Lesson:`` lines of the agent's answer, without ``Lesson: none``; at most three (the trace clips each)."""
    found: list[str] = []
    for match in re.finditer(_LESSON_LINE, text):
        line = match.group(1).strip().strip("*_").strip()
        if line.endswith("`") and line.count("`") % 2:
            line = line[:-1].rstrip()  # the whole line was quoted: `Lesson: …`
        if len(line) < 3 or re.match(_NONE, line) or line in found:
            continue
        found.append(line)
    return found[:MAX_LESSONS]


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    blocks = content if isinstance(content, list) else []
    return "\n".join(b["text"] for b in blocks if isinstance(b, dict) and isinstance(b.get("text"), str))


def last_assistant_text(transcript: str) -> str:
    """What the agent said since the last user entry of a Claude Code transcript, read from its tail."""
    try:
        with open(transcript, "rb") as handle:
            size = handle.seek(0, 2)
            handle.seek(max(0, size - TRANSCRIPT_TAIL_BYTES))
            lines = handle.read().splitlines()[1 if size > TRANSCRIPT_TAIL_BYTES else 0 :]
    except OSError:
        return ""
    texts: list[str] = []
    for line in reversed(lines):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("message"), dict):
            continue
        if entry.get("type") == "user":
            break  # the Stop hook's feedback, or the prompt: what follows it is the answer
        if entry.get("type") == "assistant":
            texts.append(_content_text(entry["message"].get("content")))
    return "\n".join(reversed(texts))


def stop(payload: dict[str, Any]) -> str:
    """Claude Code's Stop: once per task that failed and recovered, or that corrects the previous answer, ask
    the agent for its lesson (a block answer); on the Stop that follows, keep the lesson in the trace.

    Never blocks when ``stop_hook_active`` is set: the agent is already going on because a Stop hook asked,
    and asking again could keep it from ever finishing.
    """
    if os.environ.get("CAIRN_HOOKS__ASK_LESSONS", "true").lower() in _FALSE:
        return ""
    session_id = text_field(payload, "session_id", 200)
    if not session_id:
        return ""
    trace = SessionTrace(runtime.sessions_dir(), session_id)
    current = trace.current_task()
    if current is None:
        return ""
    number, task = current
    state = trace.state()
    asked = state.get("lesson_asked")
    asked = asked if isinstance(asked, dict) else {}
    if payload.get("stop_hook_active") is True:
        if asked.get("task") == number and asked.get("pending"):
            said = text_field(payload, "last_assistant_message", 20_000)
            said = said or last_assistant_text(text_field(payload, "transcript_path", 4096))
            for line in lesson_lines(said):
                trace.add_lesson(line, str(asked.get("when") or ""))
            trace.save_state({**state, "lesson_asked": {**asked, "pending": False}})
        return ""
    if asked.get("task") == number:
        return ""  # asked about this task already
    why = _why_ask(task)
    if not why:
        return ""
    scenario = "; ".join(when for _, when in why)
    trace.save_state({**state, "lesson_asked": {"task": number, "when": scenario, "pending": True}})
    return block(LESSON_ASK.format(about="; ".join(said for said, _ in why)))


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    args = sys.argv[1:] if argv is None else argv
    if args[:1] in (["-h"], ["--help"]):
        print(HELP)  # a person asked: no log, no data folder, nothing written
        return 0
    if len(args) != 1 or args[0] not in EVENTS:
        print(USAGE, file=sys.stderr)
        runtime.log("hook", f"bad arguments {args!r}")
        return 0  # exit 2 would block the host's prompt; a wrong hook entry must not do that
    event = args[0]
    try:
        raw = b"" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.buffer.read(MAX_STDIN_BYTES)
        payload = parse_payload(raw)
        # Stop never reaches the daemon (where "stop" shuts it down): it reads the trace and answers itself.
        out = stop(payload) if event == "stop" else answer(host_event(event, payload), run(event, payload, started))
        if out:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()
    except PayloadError as exc:
        runtime.log(event, str(exc))
    except Exception as exc:  # never break the host: log and answer nothing
        runtime.log(event, f"{type(exc).__name__}: {exc}")
        print(f"cairn hook {event}: {type(exc).__name__}: {exc} (see {runtime.log_path()})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
