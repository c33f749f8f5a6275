"""CPU time of a benchmark's server process and of the benchmark itself, read from /proc (Linux).

On a shared machine latency depends on what else runs; the CPU a write costs does much less, so the
write benchmark reports both. The server's background embedding is counted apart from its request
handling: it is the thread that lowered its own scheduling (idle class, or a positive niceness).
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from pathlib import Path

TICK_S = 1.0 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.01
SCHED_IDLE = 5


@dataclass(frozen=True)
class CpuSample:
    server_s: float  # every thread of the server process, those that ended included
    background_s: float  # the server's lowered-priority threads still alive
    own_s: float  # this (benchmark) process


def _stat_fields(path: Path) -> list[str]:
    # The command name may hold spaces and parentheses: fields start after its last ')'.
    return path.read_text().rsplit(")", 1)[1].split()


def _cpu_s(fields: list[str]) -> float:
    # utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
    return (int(fields[11]) + int(fields[12])) * TICK_S


def server_pid(marker: str = "servers.suite.cli.main") -> int | None:
    """The child process of this one whose command line contains ``marker``."""
    tasks = Path(f"/proc/{os.getpid()}/task")
    if not tasks.exists():
        return None
    for task in tasks.iterdir():
        for child in (task / "children").read_text().split():
            cmdline = Path(f"/proc/{child}/cmdline")
            if cmdline.exists() and marker in cmdline.read_bytes().decode(errors="replace"):
                return int(child)
    return None


def sample(pid: int | None) -> CpuSample | None:
    if pid is None:
        return None
    try:
        server = _cpu_s(_stat_fields(Path(f"/proc/{pid}/stat")))
        background = 0.0
        for task in Path(f"/proc/{pid}/task").iterdir():
            fields = _stat_fields(task / "stat")
            policy, nice = int(fields[38]), int(fields[16])  # fields 41 and 19 of stat(5)
            if policy == SCHED_IDLE or nice > 0:
                background += _cpu_s(fields)
    except (OSError, IndexError, ValueError):
        return None
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return CpuSample(server, background, usage.ru_utime + usage.ru_stime)


def per_write_ms(before: CpuSample | None, after: CpuSample | None, writes: int) -> dict[str, float] | None:
    """CPU milliseconds per write between two samples: the server's request handling (everything but its
    background embedding), its background embedding, and the benchmark's clients."""
    if before is None or after is None or writes <= 0:
        return None
    background = after.background_s - before.background_s
    return {
        "server_requests": round(1000 * (after.server_s - before.server_s - background) / writes, 1),
        "server_background_embedding": round(1000 * background / writes, 1),
        "benchmark_clients": round(1000 * (after.own_s - before.own_s) / writes, 1),
    }
