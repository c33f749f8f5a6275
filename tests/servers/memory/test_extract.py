from __future__ import annotations

from servers.memory.extract import Message, ToolCall, classify_task, flush_candidates, normalize_outcome, task_summary


def test_flush_finds_preferences_decisions_and_tool_results() -> None:
    messages = [
        Message(role="system", content="You are helpful."),
        Message(role="user", content="Hi there. I prefer tabs over spaces in Python files."),
        Message(
            role="assistant", content="Let me check.", tool_calls=[ToolCall(name="fs_read", arguments={"path": "a.py"})]
        ),
        Message(role="tool", name="fs_read", content="x" * 300),
        Message(role="assistant", content="We decided to keep the v1 API for now."),
        Message(role="user", content="以后请用中文回答。"),
        Message(role="assistant", content="ok"),
    ]
    found = flush_candidates(messages)
    kinds = [(c.type, c.content[:20]) for c in found]
    assert ("preference", "I prefer tabs over s") in kinds
    assert any(t == "decision" and "v1 API" in c for t, c in ((c.type, c.content) for c in found))
    assert any(c.type == "preference" and "中文" in c.content for c in found)
    assert not any(c.content.startswith("Called") for c in found)  # "Let me check." decides nothing
    tool_result = next(c for c in found if c.content.startswith("fs_read result"))
    assert len(tool_result.content) <= len("fs_read result: ") + 500
    # preferences and decisions outrank tool output
    assert {found[0].type, found[1].type} <= {"preference", "decision"}


def test_small_talk_yields_nothing() -> None:
    assert (
        flush_candidates([Message(role="user", content="thanks!"), Message(role="assistant", content="You're welcome")])
        == []
    )


def test_task_summary_compresses_repeats_and_keeps_failures() -> None:
    calls = [
        ToolCall(name="fs_read"),
        ToolCall(name="fs_read"),
        ToolCall(name="fs_edit", error="no match"),
        ToolCall(name="pytest"),
    ]
    content, keywords, trace = task_summary("Fix the parser bug", calls, "success after retry")
    assert "fs_read ×2 → fs_edit → pytest" in content
    assert "Failed: `fs_edit` — no match" in content and "Not fixed in this task." in content
    assert [s["ok"] for s in trace] == [True, True, False, True]
    assert keywords[:3] == ["fs_read", "fs_edit", "pytest"]


def test_a_captured_task_keeps_the_error_text_and_what_fixed_it() -> None:
    rejected = (
        "Exit code 1\nTo github.com:acme/shop.git\n ! [rejected]        feat/cart -> feat/cart (non-fast-forward)\n"
        "error: failed to push some refs"
    )
    calls = [
        ToolCall(
            name="Bash", arguments='{"command": "git push origin feat/cart", "description": "push"}', error=rejected
        ),
        ToolCall(name="Bash", arguments={"command": "git status"}),
        ToolCall(name="Bash", arguments={"command": "git pull --rebase origin feat/cart"}),
        ToolCall(name="Bash", arguments={"command": "git push origin feat/cart"}),
        ToolCall(
            name="Bash", arguments={"command": "python -m pytest -q"}, error="Exit code 1\nModuleNotFoundError: x"
        ),
        ToolCall(name="Bash", arguments={"command": ".venv/bin/python -m pytest -q"}),
    ]
    content, keywords, _ = task_summary("push the cart branch", calls, "success")
    assert "Failed: `git push` — ! [rejected]        feat/cart -> feat/cart (non-fast-forward)" in content
    assert "Fixed by: `git pull --rebase origin feat/cart`; then `git push` succeeded." in content
    assert "Fixed by: ran it as `.venv/bin/python -m pytest`; then `pytest` succeeded." in content
    assert "Bash git push → Bash git status → Bash git pull → Bash git push" in content
    assert "rejected (non-fast-forward)" in keywords and "ModuleNotFoundError" in keywords


def test_classification_and_outcome() -> None:
    assert classify_task("Fix the failing login test") == "debug"
    assert classify_task("部署到生产环境") == "ops"
    assert normalize_outcome("failed: timeout") == "failure"
    assert normalize_outcome("partially done") == "partial"
    assert normalize_outcome("all good") == "success"


def _claude_code_session(prompt: str) -> list[Message]:
    """What Claude Code's transcript turns into: a prompt, tool calls with little or no text, their output."""
    return [
        Message(role="user", content=prompt),
        Message(role="assistant", tool_calls=[ToolCall(name="Bash", arguments={"command": "git push"})]),
        Message(role="tool", name="Bash", content="Everything up-to-date"),
        Message(
            role="assistant",
            content="Running the migrations now.",
            tool_calls=[ToolCall(name="Bash", arguments={"command": "alembic upgrade head"})],
        ),
        Message(role="tool", name="Bash", content="INFO  [alembic.runtime.migration] Running upgrade -> 0001"),
    ]


def test_bare_tool_calls_are_never_memories() -> None:
    found = flush_candidates(_claude_code_session("Push it and migrate the database."))
    assert found == []


def test_a_decision_stated_beside_tool_calls_is_kept_with_the_tools() -> None:
    messages = [
        Message(
            role="assistant",
            content="The schema changed. We decided to run migrations with alembic, not by hand.",
            tool_calls=[ToolCall(name="Bash", arguments={"command": "alembic upgrade head"})],
        )
    ]
    (decision,) = flush_candidates(messages)
    assert decision.type == "decision"
    assert decision.content == "We decided to run migrations with alembic, not by hand."
    assert decision.keywords[:2] == ["decision", "Bash"]


def test_each_preference_sentence_is_its_own_memory_and_abbreviations_do_not_cut_one() -> None:
    text = (
        "Thanks. I prefer pytest fixtures, e.g. a tmp_path per test. Pin Python 3.11 in config.yaml, please. "
        "Always use uv instead of pip!以后请用中文回答。"
    )
    found = flush_candidates([Message(role="user", content=text)])
    assert [c.content for c in found if c.type == "preference"] == [
        "I prefer pytest fixtures, e.g. a tmp_path per test.",
        "Always use uv instead of pip!",
        "以后请用中文回答。",
    ]
