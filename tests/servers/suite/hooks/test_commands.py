"""`cairn hook <event>` as a host runs it: recorded payloads in, the host's answer format out, exit 0 always."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servers.memory.service import MemoryService
from servers.suite.hooks import runtime
from servers.suite.hooks.trace import SessionTrace
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads
from tests.servers.suite.hooks.conftest import RunHook, context_of, log_text


def _memory(home: Path) -> MemoryService:
    return MemoryService(CairnSettings(home=home, embedder="none"))


def test_session_start_injects_long_term_facts_and_today(run_hook: RunHook, hook_env: Path) -> None:
    user_dir = hook_env / "memory" / "users" / "default"
    user_dir.mkdir(parents=True)
    (user_dir / "MEMORY.md").write_text(
        "# Long-Term Memory\n\nUpdated: 2026-11-01\n\n## User Preferences\n- Prefers pytest fixtures over setUp\n\n"
        "## Decisions\n\n## Facts\n- The registry runs on PostgreSQL 16\n",
        encoding="utf-8",
    )
    context = context_of(run_hook("session-start", payloads.session_start()), "SessionStart")
    assert "Prefers pytest fixtures over setUp" in context
    assert "PostgreSQL 16" in context
    assert "## Decisions" not in context and "### Decisions" not in context  # empty sections are left out
    assert "Updated:" not in context


def test_session_start_with_nothing_stored_answers_nothing(run_hook: RunHook) -> None:
    result = run_hook("session-start", payloads.session_start())
    assert result.returncode == 0 and result.stdout == b""


def test_prompt_activates_a_matching_skill_and_is_traced(run_hook: RunHook, hook_env: Path) -> None:
    result = run_hook("user-prompt-submit", payloads.prompt("write a commit message for my staged changes"))
    context = context_of(result, "UserPromptSubmit")
    assert "### Skill: commit-messages" in context
    trace = SessionTrace(hook_env / "hooks" / "sessions", payloads.SESSION)
    assert [r["kind"] for r in trace.records()] == ["prompt"]


def test_prompt_recalls_memories_once_per_session(run_hook: RunHook, hook_env: Path) -> None:
    memory = _memory(hook_env)
    memory.write("The staging database password rotates every Monday; ask Dana for the new one.", type="fact")
    memory.close()
    ask = payloads.prompt("when does the staging database password rotate?")
    first = context_of(run_hook("user-prompt-submit", ask), "UserPromptSubmit")
    assert "rotates every Monday" in first
    again = context_of(run_hook("user-prompt-submit", ask), "UserPromptSubmit")
    assert "rotates every Monday" not in again  # already in this session's context


def test_post_tool_use_records_every_call_and_refreshes_on_the_third(run_hook: RunHook, hook_env: Path) -> None:
    memory = _memory(hook_env)
    memory.write("Raising pool_size above 20 exhausted Postgres connections on staging last time.", type="fact")
    memory.close()
    run_hook("user-prompt-submit", payloads.prompt("make the db tests faster"))
    first = run_hook("post-tool-use", payloads.bash("grep -rn pool_size config/", "config/db.py:3:pool_size=5", 1))
    second = run_hook("post-tool-use", payloads.edit("config/db.py", 2))
    assert first.stdout == b"" and second.stdout == b""  # no refresh yet, and no daemon needed for these
    third = run_hook("post-tool-use", payloads.bash("pytest tests/db -q", "pool_size=20 ok; 12 passed", 3))
    context = context_of(third, "PostToolUse")
    assert "exhausted Postgres connections" in context
    records = SessionTrace(hook_env / "hooks" / "sessions", payloads.SESSION).records()
    assert [r["kind"] for r in records] == ["prompt", "tool", "tool", "tool"]
    assert records[2]["name"] == "Edit" and "pool_size=20" in records[2]["input"]


def test_post_tool_use_failure_is_recorded_as_an_error(run_hook: RunHook, hook_env: Path) -> None:
    result = run_hook("post-tool-use", payloads.failure("npm test", "Command failed with exit code 1: 3 failing"))
    assert result.returncode == 0 and result.stdout == b""
    (record,) = SessionTrace(hook_env / "hooks" / "sessions", payloads.SESSION).records()
    assert record["error"].startswith("Command failed") and record["result"] is None


def test_pre_compact_flushes_the_transcript_since_the_last_compaction(
    run_hook: RunHook, hook_env: Path, tmp_path: Path
) -> None:
    transcript = payloads.write_transcript(tmp_path / "transcript.jsonl")
    result = run_hook("pre-compact", payloads.pre_compact(transcript=str(transcript)))
    assert result.returncode == 0 and result.stdout == b""  # PreCompact has no context to answer with
    memory = _memory(hook_env)
    try:
        found = [h.content for h in memory.recall("PostgreSQL pgvector registry", mode="keyword").results]
        prefs = [h.content for h in memory.recall("pytest fixtures", mode="keyword").results]
        old = memory.recall("Old message before compaction", mode="keyword").results
    finally:
        memory.close()
    assert any("PostgreSQL 16 with pgvector" in c for c in found)
    assert any("pytest fixtures" in c for c in prefs)
    assert not [h for h in old if "Old message" in h.content]  # compacted earlier: not flushed again


@pytest.mark.parametrize(
    "raw", [b"", b"not json", b"[1, 2]", b'{"session_id": 5', "\udcff".encode("utf-8", "surrogatepass")]
)
@pytest.mark.parametrize("event", ["user-prompt-submit", "post-tool-use", "session-end"])
def test_malformed_input_answers_nothing_and_logs(run_hook: RunHook, event: str, raw: bytes) -> None:
    result = run_hook(event, raw)
    assert result.returncode == 0
    assert result.stdout == b""
    assert f"{event}:" in log_text()


def test_an_unknown_event_never_blocks_the_host(run_hook: RunHook) -> None:
    result = run_hook("pre-tool-use", payloads.prompt("hi"))
    assert result.returncode == 0 and result.stdout == b""
    assert b"usage: cairn hook" in result.stderr


def test_an_unreachable_data_dir_answers_nothing(
    run_hook: RunHook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data dir should be")
    monkeypatch.setenv("CAIRN_HOME", str(blocker / "cairn"))
    for event, payload in [
        ("session-start", payloads.session_start()),
        ("user-prompt-submit", payloads.prompt("write a commit message")),
        ("post-tool-use", payloads.bash("ls", "a b c")),
        ("pre-compact", payloads.pre_compact()),
        ("session-end", payloads.session_end()),
    ]:
        result = run_hook(event, payload)
        assert result.returncode == 0, (event, result.stderr)
        assert result.stdout == b"", event


def test_without_the_daemon_hooks_run_in_process(
    run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAIRN_HOOKS__DAEMON", "false")
    context = context_of(run_hook("user-prompt-submit", payloads.prompt("write a commit message")), "UserPromptSubmit")
    assert "commit-messages" in context
    assert not runtime.socket_path().exists()


def test_answer_is_the_documented_json_shape(run_hook: RunHook) -> None:
    result = run_hook("user-prompt-submit", payloads.prompt("write a commit message for this change"))
    answer = json.loads(result.stdout)
    assert set(answer) == {"hookSpecificOutput"}
    assert set(answer["hookSpecificOutput"]) == {"hookEventName", "additionalContext"}
