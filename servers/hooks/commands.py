"""``cairn hook <event>``: what a host runs. Reads the host's JSON on stdin, prints its answer, exits 0.

Stdlib only, on purpose: this runs before every prompt and after every tool call, so it must start in
a few milliseconds. The trace (prompts, tool calls) is appended right here; anything needing memory,
skills or reflection goes to the warm daemon (:mod:`servers.hooks.daemon`), which this starts when it
is not running. Whatever goes wrong — bad stdin, no data dir, a slow or dead daemon — the hook prints
nothing, logs why to ``$CAIRN_HOME/logs/hooks.log`` and exits 0: a memory hook must never block a prompt
(exit 2 would) or show the user an error (any other code would).

| event              | without a daemon                                   | time budget (default) |
|--------------------|----------------------------------------------------|-----------------------|
| session-start      | starts it, answers from the files at once (compact: waits) | 5 s           |
| user-prompt-submit | records the prompt, starts it, waits 300 ms, then says it is starting | 3 s |
| post-tool-use      | records the call; every N-th call asks for a refresh, without waiting | 0.8 s |
| pre-compact        | starts it and waits; runs the flush itself if it cannot | 20 s             |
| session-end        | spools the session for the daemon, starts it, returns | 1.2 s              |

``CAIRN_HOOKS__DAEMON=false`` runs every event in this process instead (slow, for hosts without Unix sockets).
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

from servers.hooks import runtime, startfiles
from servers.hooks.protocol import EVENTS, MAX_STDIN_BYTES, PayloadError, answer, host_event, parse_payload, text_field
from servers.hooks.trace import SessionTrace

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

    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    log = runtime.log_path()
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a") as err:
        subprocess.Popen(
            [sys.executable, "-m", "servers.hooks.daemon"],
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
        from servers.hooks.handlers import Hooks
        from servers.settings import get_settings

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
    deadline = started + runtime.budget_ms(event) / 1000
    session_id = text_field(payload, "session_id", 200)
    trace = SessionTrace(runtime.sessions_dir(), session_id) if session_id else None
    if event == "user-prompt-submit" and trace is not None:
        trace.add_prompt(text_field(payload, "prompt", 20_000))
    if event == "post-tool-use":
        if trace is None:
            return ""
        trace.add_tool(payload)
        every = _env_int("CAIRN_HOOKS__REFRESH_EVERY", 3)
        done = trace.tools_since_prompt()
        if done < every or done % every:
            return ""
        payload = {k: v for k, v in payload.items() if k != "tool_response"}  # already in the trace
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
        context = run(event, payload, started)
        out = answer(host_event(event, payload), context)
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
