"""The hook daemon: the domain services kept warm behind a Unix socket, so a hook costs milliseconds.

A cold ``cairn hook`` would import pydantic, numpy, apsw and the skills library and load the embedder
on every prompt (≈ 1.5-2 s on 2 cores). Instead the first hook of a session starts this process
(``python -m servers.suite.hooks.daemon``); later hooks send it one JSON line and read one back. It serves
one environment (``runtime.fingerprint``: interpreter, CAIRN_HOME, CAIRN_* settings), holds a lock so
only one runs per environment, and exits after ``CAIRN_HOOKS__DAEMON_IDLE_S`` without requests.

Protocol (one line each way):  ``{"event": "user-prompt-submit", "payload": {...}}`` →
``{"ok": true, "context": "..."}``. ``{"event": "drain"}`` processes spooled session ends;
``{"event": "ping"}`` / ``{"event": "stop"}`` do what they say.

Session ends are spooled as files under ``$CAIRN_HOME/hooks/spool/`` by the client and handled here in
the background: the host may exit right after SessionEnd, and a spooled file survives that.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import queue
import socketserver
import sys
import threading
import time
from pathlib import Path
from typing import Any

from servers.suite.hooks import runtime
from servers.suite.hooks.protocol import EVENTS

MAX_REQUEST_BYTES = 8_000_000
log = logging.getLogger("cairn.hooks.daemon")


def spool_dir() -> Path:
    return runtime.hooks_dir() / "spool"


class _Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        owner: HookDaemon = self.server.owner  # type: ignore[attr-defined]
        raw = self.rfile.readline(MAX_REQUEST_BYTES)
        try:
            request = json.loads(raw)
            reply = owner.dispatch(request if isinstance(request, dict) else {})
        except Exception as exc:  # a bad request gets an answer, never a dead daemon
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the hook gave up waiting: fine
            self.wfile.write(json.dumps(reply, ensure_ascii=False).encode("utf-8") + b"\n")


class _Server(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True


class HookDaemon:
    def __init__(self, settings: Any, *, idle_s: float) -> None:
        from servers.suite.hooks.handlers import Hooks

        self.hooks = Hooks(settings)
        self.idle_s = idle_s
        self.last = time.monotonic()
        self.lock = threading.Lock()  # one event at a time: hooks of one host are sequential anyway
        self.wake: queue.Queue[None] = queue.Queue()
        self.server: _Server | None = None

    def dispatch(self, request: dict[str, Any]) -> dict[str, Any]:
        self.last = time.monotonic()
        event = request.get("event")
        if event == "ping":
            return {"ok": True, "pid": os.getpid(), "embedder": self.hooks.sources.embedder_state()}
        if event == "stop":
            threading.Thread(target=self.shutdown, daemon=True).start()
            return {"ok": True}
        if event == "drain":
            self.wake.put(None)
            return {"ok": True, "context": ""}
        payload = request.get("payload")
        if event not in EVENTS or not isinstance(payload, dict):
            return {"ok": False, "error": f"unknown event {event!r} or payload not an object"}
        started = time.perf_counter()
        with self.lock:
            context = self.hooks.handle(str(event), payload)
        return {"ok": True, "context": context, "ms": round((time.perf_counter() - started) * 1000, 1)}

    def drain_spool(self) -> int:
        """Handle every spooled event (oldest first); a file is claimed by renaming it."""
        done = 0
        for path in sorted(spool_dir().glob("*.json")):
            claimed = path.with_suffix(f".{os.getpid()}.working")
            try:
                path.rename(claimed)
            except OSError:
                continue  # another daemon (other environment, same home) took it
            try:
                job = json.loads(claimed.read_text(encoding="utf-8"))
                with self.lock:
                    self.hooks.handle(str(job["event"]), dict(job["payload"]))
                done += 1
                claimed.unlink(missing_ok=True)
            except Exception as exc:
                runtime.log("daemon", f"spooled {path.name} failed, kept as .failed: {type(exc).__name__}: {exc}")
                claimed.rename(path.with_suffix(".failed"))
            self.last = time.monotonic()
        return done

    def _worker(self) -> None:
        while True:
            with contextlib.suppress(queue.Empty):
                self.wake.get(timeout=min(30.0, self.idle_s))
            self.drain_spool()

    def _idle_watch(self) -> None:
        while True:
            time.sleep(min(5.0, self.idle_s / 2))
            if time.monotonic() - self.last > self.idle_s and not self.lock.locked():
                runtime.log("daemon", f"idle for {self.idle_s:.0f} s: exiting")
                self.shutdown()
                return

    def shutdown(self) -> None:
        if self.server is not None:
            self.server.shutdown()

    def serve(self, path: Path) -> None:
        path.unlink(missing_ok=True)
        self.server = _Server(str(path), _Handler)
        self.server.owner = self  # type: ignore[attr-defined]
        for target in (self._worker, self._idle_watch, self._warm):
            threading.Thread(target=target, daemon=True, name=f"hookd-{target.__name__}").start()
        try:
            self.server.serve_forever(poll_interval=0.2)
        finally:
            self.server.server_close()
            path.unlink(missing_ok=True)
            self.hooks.close()

    def _warm(self) -> None:
        try:
            with self.lock:
                self.hooks.sources.warm()
        except Exception as exc:
            runtime.log("daemon", f"warm-up failed (hooks still answer, more slowly): {type(exc).__name__}: {exc}")
        self.wake.put(None)  # session ends spooled while no daemon ran


def main() -> int:
    path = runtime.socket_path()
    runtime.private_dir(path.parent)
    lock = open(path.with_suffix(".lock"), "a+")  # noqa: SIM115 - held for the life of the process
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 0  # another daemon serves this environment
    runtime.log_path().parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        filename=str(runtime.log_path()), level=logging.WARNING, format="%(asctime)s hookd %(name)s: %(message)s"
    )
    from servers.suite.settings import get_settings

    settings = get_settings()
    runtime.log("daemon", f"serving {path} for {settings.home}")
    try:
        HookDaemon(settings, idle_s=settings.hooks.daemon_idle_s).serve(path)
    finally:
        path.with_suffix(".lock").unlink(missing_ok=True)  # per-environment files would pile up otherwise
        lock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
