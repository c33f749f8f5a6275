"""A recorded session replayed through real hook processes: prompt → tools → compaction → end, then a new session.

Nothing here calls a memory or skill tool: what the second session knows, the hooks put there.
"""

from __future__ import annotations

from pathlib import Path

from servers.memory.service import MemoryService
from servers.reflection.service import ReflectionService
from servers.suite.hooks import runtime
from servers.suite.hooks.trace import SessionTrace
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads
from tests.servers.suite.hooks.conftest import RunHook, context_of, wait_until

FIRST = "a1111111-1111-4111-8111-111111111111"
SECOND = "b2222222-2222-4222-8222-222222222222"


def test_session_replay_writes_recalls_and_activates(run_hook: RunHook, hook_env: Path, tmp_path: Path) -> None:
    transcript = payloads.write_transcript(tmp_path / "first.jsonl")
    s1 = {"session": FIRST, "transcript": str(transcript)}

    # Session 1: a task with tools, a failure, a compaction and the end.
    assert run_hook("session-start", payloads.session_start(**s1)).returncode == 0
    ask = "Set up the registry database migrations; we decided to use PostgreSQL 16 with pgvector."
    context_of(run_hook("user-prompt-submit", payloads.prompt(ask, **s1)), "UserPromptSubmit")
    run_hook(
        "post-tool-use", payloads.bash("alembic init migrations", "Creating directory migrations ... done", 1, **s1)
    )
    run_hook(
        "post-tool-use", payloads.failure("alembic upgrade head", "psycopg.OperationalError: no pgvector", 2, **s1)
    )
    run_hook("post-tool-use", payloads.bash("psql -c 'CREATE EXTENSION vector'", "CREATE EXTENSION", 3, **s1))
    run_hook("post-tool-use", payloads.bash("alembic upgrade head", "Running upgrade -> 0001, ok", 4, **s1))
    assert run_hook("pre-compact", payloads.pre_compact(**s1)).stdout == b""
    after = context_of(run_hook("session-start", payloads.session_start("compact", **s1)), "SessionStart")
    assert "Set up the registry database migrations" in after  # the task anchor survives compaction
    assert "no pgvector" in after  # and so does the error, kept explicit
    assert run_hook("session-end", payloads.session_end(**s1)).stdout == b""

    # The daemon handles the spooled session end in the background.
    trace = SessionTrace(hook_env / "hooks" / "sessions", FIRST)
    spool = runtime.hooks_dir() / "spool"
    wait_until(lambda: not trace.path.exists() and not list(spool.glob("*.json")) and not list(spool.glob("*.working")))
    assert not list(spool.glob("*.failed"))

    settings = CairnSettings(home=hook_env, embedder="none")
    memory = MemoryService(settings)
    try:
        tasks = memory.store.live_entries("default", "type = 'task'")
        assert len(tasks) == 1
        ((_, task),) = tasks
        assert task.session_id == FIRST and [s["tool"] for s in task.trace or []] == ["Bash"] * 4
        flushed = memory.recall("PostgreSQL pgvector", mode="keyword").results
        assert any(h.type in ("decision", "auto_flush") for h in flushed)
    finally:
        memory.close()
    reflection = ReflectionService(settings)
    try:
        (reflected,) = reflection.reflections("default")
        assert reflected.trigger == "post_task"
        assert reflected.task.startswith("Set up the registry")
    finally:
        reflection.close()
    daily = sorted((hook_env / "memory" / "users" / "default" / "daily").glob("*.md"))
    assert daily and "Set up the registry database migrations" in daily[-1].read_text(encoding="utf-8")

    # Session 2: the decision comes back unasked, and a skill arrives without activate_skill.
    s2 = {"session": SECOND}
    recalled = context_of(
        run_hook("user-prompt-submit", payloads.prompt("which database did we pick for the registry?", **s2)),
        "UserPromptSubmit",
    )
    assert "PostgreSQL 16" in recalled
    skill = context_of(
        run_hook("user-prompt-submit", payloads.prompt("now write a commit message for the migration", **s2)),
        "UserPromptSubmit",
    )
    assert "### Skill: commit-messages" in skill
