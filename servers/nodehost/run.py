"""``system_run``: start an allowlisted program (never through a shell), bounded in time and output.

* The program is resolved to its real path (PATH lookup with the child's PATH, symlinks followed) and that
  path must be on the allowlist: a blocklist of command names is bypassed by ``/bin/../bin/rm``, copies,
  links and aliases; a real-path allowlist is not.
* Shells, interpreters and command runners (``sh``, ``python``, ``env``, ``xargs``, …) run only when the
  policy allows a shell, and then each call needs the user's approval; so do deleting programs.
* The child gets its own process group; on timeout the whole group gets SIGTERM, then SIGKILL. When the
  program exits, anything it left running in its group is killed too: system_run is not for daemons.
* The environment is the server's minus anything that looks like a credential (:mod:`redact`); callers may
  add variables but not loader or interpreter hooks (``LD_PRELOAD``, ``PYTHONSTARTUP``, …).
* Arguments naming Cairn's own data are refused, those naming paths outside the workspace need approval
  (:mod:`argcheck`); where bubblewrap works the program also runs in a sandbox (:mod:`sandbox`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import shutil
import signal
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from servers.core.progress import AsyncReport
from servers.nodehost.argcheck import Outside, check_arguments, check_environment
from servers.nodehost.errors import InputError, PolicyDenied
from servers.nodehost.paths import Workspace, real
from servers.nodehost.redact import scrub_env
from servers.nodehost.sandbox import Sandbox
from servers.nodehost.truncate import Page, page_lines, split_lines

DEFAULT_EXECUTABLES = (
    "ls", "cat", "head", "tail", "wc", "uniq", "cut", "tr", "diff", "cmp", "echo", "printf", "pwd", "date",
    "true", "false", "sleep", "stat", "file", "du", "df", "uname", "whoami", "id", "basename", "dirname",
    "realpath", "readlink", "grep", "tree",
)  # fmt: skip
# Not in the defaults because an option runs another program: sort --compress-program, rg --pre, find -exec,
# git -c alias/core.pager. Add them in the policy file if you accept that.

SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh")
SHELL_LIKE = frozenset(
    {
        *SHELLS, "busybox", "env", "xargs", "sudo", "doas", "su", "nohup", "timeout", "nice", "ionice", "setsid",
        "stdbuf", "strace", "ltrace", "script", "watch", "chroot", "flock", "parallel", "python", "pypy", "perl",
        "ruby", "node", "nodejs", "deno", "bun", "php", "lua", "luajit", "tclsh", "wish", "osascript", "pwsh",
        "powershell", "cmd", "awk", "gawk", "mawk", "nawk", "make", "gdb", "vim", "vi", "nvim", "emacs", "ssh",
    }
)  # fmt: skip
DELETING = frozenset({"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "truncate", "wipe"})

# Variables that make an allowed program load or run something else.
HOOK_VARIABLE = re.compile(
    r"^(LD_|DYLD_|BASH_ENV$|ENV$|BASH_FUNC_|SHELLOPTS$|PS4$|PROMPT_COMMAND$|IFS$|PYTHON|PERL5|PERLLIB$|RUBYOPT$|"
    r"RUBYLIB$|NODE_OPTIONS$|NODE_PATH$|GIT_CONFIG|GIT_EXEC_PATH$|GIT_SSH|GIT_EXTERNAL_DIFF$|GIT_PAGER$|PAGER$|"
    r"EDITOR$|VISUAL$|GCONV_PATH$|MALLOC_|LUA_)"
)
HEARTBEAT_S = 1.0  # how often a run still going says so, when the client asked for progress
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
RUN_ID = re.compile(r"^r[0-9a-f]{12}$")

Kind = Literal["normal", "shell", "delete"]


def program_name(path: str) -> str:
    """``python3.11`` -> ``python``: the family of a binary, from its file name."""
    return re.sub(r"[0-9.]+$", "", os.path.basename(path)) or os.path.basename(path)


def classify(path: str, argv0: str) -> Kind:
    # Multi-call binaries (busybox) behave as argv[0] says; judge both names.
    names = {program_name(path), program_name(argv0)}
    if names & SHELL_LIKE:
        return "shell"
    if names & DELETING:
        return "delete"
    return "normal"


@dataclass(frozen=True)
class ExecPolicy:
    """Real paths system_run may start, resolved once at start-up."""

    allowed: frozenset[str]
    allow_shell: bool
    unresolved: tuple[str, ...] = ()

    @classmethod
    def build(cls, entries: Sequence[str], *, allow_shell: bool) -> ExecPolicy:
        allowed: set[str] = set()
        unresolved: list[str] = []
        wanted = [*entries, *(SHELLS if allow_shell else ())]
        for entry in wanted:
            found = entry if os.path.isabs(entry) else shutil.which(entry)
            if found and os.path.isfile(found):
                allowed.add(real(found))
            elif entry in entries:
                unresolved.append(entry)
        return cls(frozenset(allowed), allow_shell, tuple(unresolved))


@dataclass(frozen=True)
class RunPlan:
    argv: list[str]
    executable: str
    cwd: str
    env: dict[str, str]
    kind: Kind
    outside: tuple[Outside, ...] = ()
    launch: tuple[str, ...] = ()  # the command really started (bwrap …) when it differs from argv

    @property
    def reasons(self) -> list[str]:
        reasons = []
        if self.kind == "shell":
            reasons.append(f"{os.path.basename(self.executable)} is a shell/interpreter: it can run any command")
        if self.kind == "delete":
            reasons.append(f"{os.path.basename(self.executable)} deletes files")
        reasons += [f"argument {o.arg!r} resolves to {o.path}, outside the workspace" for o in self.outside]
        return reasons


def resolve_executable(argv0: str, cwd: str, path_env: str) -> str:
    if "\x00" in argv0 or not argv0:
        raise InputError("argv[0] is empty or contains a null byte")
    if os.sep in argv0:
        candidate = argv0 if os.path.isabs(argv0) else os.path.join(cwd, argv0)
        if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
            raise InputError(f"{argv0!r} is not an executable file")
        return real(candidate)
    found = shutil.which(argv0, path=path_env)
    if not found:
        raise InputError(f"{argv0!r} was not found on PATH")
    return real(found)


def child_env(extra: Mapping[str, str] | None, keep: Sequence[str]) -> dict[str, str]:
    env = scrub_env(os.environ, frozenset(keep))
    for name, value in (extra or {}).items():
        if not ENV_NAME.match(name):
            raise InputError(f"environment variable name {name!r} is not valid")
        if HOOK_VARIABLE.match(name):
            raise PolicyDenied(f"setting {name} is not allowed: it would make the program load or run other code")
        if "\x00" in value:
            raise InputError(f"environment variable {name} contains a null byte")
        env[name] = value
    return env


def plan_run(
    argv: Sequence[str],
    cwd_raw: str | None,
    env: Mapping[str, str] | None,
    *,
    ws: Workspace,
    policy: ExecPolicy,
    keep_env: Sequence[str] = (),
    sandbox: Sandbox | None = None,
) -> RunPlan:
    """Check everything that can be checked before starting: cwd, program, environment, arguments."""
    if not argv:
        raise InputError("argv is empty: give the program and its arguments as a list, e.g. ['ls', '-la']")
    if any("\x00" in a for a in argv):
        raise InputError("an argument contains a null byte")
    cwd = ws.primary if cwd_raw is None else ws.directory(cwd_raw)
    if not os.path.isdir(cwd):
        raise InputError(f"cwd {cwd_raw!r} is not a directory")
    child = child_env(env, keep_env)
    executable = resolve_executable(argv[0], cwd, child.get("PATH", os.defpath))
    kind = classify(executable, argv[0])
    if executable not in policy.allowed:
        hint = (
            "shells and interpreters also need 'allow_shell: true'"
            if kind == "shell"
            else "add it to 'executables' in the policy file (or CAIRN_NODEHOST__EXECUTABLES) to allow it"
        )
        raise PolicyDenied(f"{argv[0]!r} ({executable}) is not on the allowlist of programs: {hint}")
    if kind == "shell" and not policy.allow_shell:
        raise PolicyDenied(
            f"{argv[0]!r} is a shell or interpreter and the policy does not allow a shell ('allow_shell: false')"
        )
    sandboxed = sandbox is not None and sandbox.active
    check_environment(env, cwd, ws)
    outside = check_arguments(argv, cwd, ws, program=program_name(executable), sandboxed=sandboxed)
    launch = tuple(sandbox.command(executable, list(argv), cwd, ws)) if sandbox and sandboxed else ()
    return RunPlan(list(argv), executable, cwd, child, kind, outside, launch)


# --- running --------------------------------------------------------------------------------------------------


@dataclass
class Completed:
    exit_code: int | None
    signal: int | None
    timed_out: bool
    duration_ms: int
    stdout: bytes
    stderr: bytes
    stdout_total: int
    stderr_total: int
    notes: list[str] = field(default_factory=list)


def _kill_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


@dataclass
class _Seen:
    """Bytes of output read so far, both streams: what a heartbeat tells the client."""

    bytes: int = 0


async def _drain(stream: asyncio.StreamReader | None, cap: int, seen: _Seen) -> tuple[bytes, int]:
    if stream is None:
        return b"", 0
    kept = bytearray()
    total = 0
    while chunk := await stream.read(65536):
        total += len(chunk)
        seen.bytes += len(chunk)
        if len(kept) < cap:
            kept += chunk[: cap - len(kept)]
    return bytes(kept), total


async def _heartbeat(progress: AsyncReport, name: str, timeout_s: float, started: float, seen: _Seen) -> None:
    """Every HEARTBEAT_S while the program runs: the seconds it has used of its timeout, so a client's bar
    fills towards the moment it would be killed."""
    while True:
        await asyncio.sleep(HEARTBEAT_S)
        elapsed = time.monotonic() - started
        # Below the total: reaching it is kept for the end, which a kill's grace period may put past the timeout.
        await progress(min(elapsed, timeout_s * 0.99), timeout_s, f"{name}: {elapsed:.0f} s, {seen.bytes:,} bytes")


def _ending(name: str, done: Completed, timeout_s: float) -> str:
    took = f"after {done.duration_ms / 1000:.1f} s"
    if done.timed_out:
        return f"{name} timed out after {timeout_s:g} s and was killed"
    if done.signal is not None:
        return f"{name} was killed by signal {done.signal} {took}"
    return f"{name} exited with code {done.exit_code} {took}"


class _ExitAware(asyncio.subprocess.SubprocessStreamProtocol):
    """Notices the program's exit itself: ``Process.wait`` also waits for the pipes to close, which a
    background child holding stdout would delay until the timeout."""

    def __init__(self, limit: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(limit=limit, loop=loop)
        self.exited = asyncio.Event()

    def process_exited(self) -> None:
        super().process_exited()
        self.exited.set()


async def execute(
    plan: RunPlan,
    *,
    timeout_s: float,
    capture_bytes: int,
    grace_s: float = 1.0,
    progress: AsyncReport | None = None,
) -> Completed:
    """Run ``plan``; the process group is gone when this returns, whatever happened. ``progress`` hears
    of the start (0 of ``timeout_s``), of the seconds used every HEARTBEAT_S, and of the end (``timeout_s``
    of ``timeout_s``, whenever it came)."""
    name = os.path.basename(plan.executable)
    if progress is not None:
        await progress(0, timeout_s, f"started {name}")
    done = await _execute(plan, timeout_s, capture_bytes, grace_s, progress, name)
    if progress is not None:
        await progress(timeout_s, timeout_s, _ending(name, done, timeout_s))
    return done


async def _execute(
    plan: RunPlan, timeout_s: float, capture_bytes: int, grace_s: float, progress: AsyncReport | None, name: str
) -> Completed:
    started = time.monotonic()
    loop = asyncio.get_running_loop()
    transport, protocol = await loop.subprocess_exec(
        lambda: _ExitAware(2**16, loop),
        *(plan.launch or plan.argv),
        executable=plan.launch[0] if plan.launch else plan.executable,
        cwd=plan.cwd,
        env=plan.env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,  # its own process group, so a timeout can kill grandchildren too
    )
    proc = asyncio.subprocess.Process(transport, protocol, loop)
    pgid = proc.pid
    seen = _Seen()
    readers = asyncio.ensure_future(
        asyncio.gather(_drain(proc.stdout, capture_bytes, seen), _drain(proc.stderr, capture_bytes, seen))
    )
    beats = None if progress is None else asyncio.ensure_future(_heartbeat(progress, name, timeout_s, started, seen))
    timed_out = False
    notes: list[str] = []
    try:
        try:
            await asyncio.wait_for(protocol.exited.wait(), timeout_s)
        except TimeoutError:
            timed_out = True
            _kill_group(pgid, signal.SIGTERM)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(protocol.exited.wait(), grace_s)
    finally:
        if beats is not None:
            beats.cancel()
            await asyncio.wait([beats])  # so no heartbeat goes out after the end is reported
        # Also on normal exit: background children left in the group would outlive any supervision.
        _kill_group(pgid, signal.SIGKILL)
        await protocol.exited.wait()
    try:
        (out, out_total), (err, err_total) = await asyncio.wait_for(readers, 2.0)
        await proc.wait()  # pipes closed: lets the transport finish cleanly
    except TimeoutError:
        # Only a process that left the group (setsid) can still hold the pipes open.
        out, out_total, err, err_total = b"", 0, b"", 0
        notes.append("a process that left the process group kept the output open; output was not collected")
        transport.close()
    code = transport.get_returncode()
    if timed_out:
        notes.insert(0, f"timed out after {timeout_s:g} s: the process group was killed")
    return Completed(
        exit_code=code if code is not None and code >= 0 else None,
        signal=-code if code is not None and code < 0 else None,
        timed_out=timed_out,
        duration_ms=int((time.monotonic() - started) * 1000),
        stdout=out,
        stderr=err,
        stdout_total=out_total,
        stderr_total=err_total,
        notes=notes,
    )


# --- output kept for paging -----------------------------------------------------------------------------------


def new_run_id() -> str:
    return "r" + secrets.token_hex(6)


class RunOutputs:
    """Full output of recent runs (up to ``capture_bytes`` a stream), files of mode 0600 in the state folder.

    Each run's output belongs to the user who ran it (``<run_id>.owner`` holds the token's subject; empty for
    the trusted host). Another user asking for it is told there is no such output, exactly as for a run id
    that never existed, so run ids cannot be probed either. Output saved before owners were recorded has
    no owner file and is shown to the trusted host only.
    """

    STREAMS = ("stdout", "stderr", "owner")

    def __init__(self, folder: Path, *, keep: int) -> None:
        self.folder = folder
        self.keep = keep

    def save(self, run_id: str, stdout: bytes, stderr: bytes, *, owner: str | None = None) -> None:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        # The owner first: output never exists without the name of whoever may read it.
        for stream, data in (("owner", (owner or "").encode("utf-8")), ("stdout", stdout), ("stderr", stderr)):
            fd = os.open(self.folder / f"{run_id}.{stream}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        self._prune()

    def _prune(self) -> None:
        runs = sorted(self.folder.glob("r*.stdout"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in runs[self.keep :]:
            for stream in self.STREAMS:
                with contextlib.suppress(FileNotFoundError):
                    (self.folder / f"{old.stem}.{stream}").unlink()

    def _owner(self, run_id: str) -> str | None:
        try:
            return (self.folder / f"{run_id}.owner").read_text(encoding="utf-8") or None
        except FileNotFoundError:
            return None

    def page(
        self,
        run_id: str,
        stream: Literal["stdout", "stderr"],
        *,
        offset: int,
        limit: int,
        max_bytes: int,
        line: int,
        owner: str | None = None,
    ) -> Page:
        if not RUN_ID.match(run_id):
            raise InputError(f"{run_id!r} is not a run id (they look like r0123456789ab)")
        path = self.folder / f"{run_id}.{stream}"
        if not path.exists() or self._owner(run_id) != owner:
            raise InputError(f"no saved output for run {run_id}: only the last {self.keep} long outputs are kept")
        text = path.read_bytes().decode("utf-8", errors="replace")
        return page_lines(
            split_lines(text),
            offset=offset,
            limit=limit,
            max_bytes=max_bytes,
            max_line_chars=line,
            how_to_page=f"Use system_output(run_id='{run_id}', stream='{stream}', offset={{next}})",
            what="Output",
        )
