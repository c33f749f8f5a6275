from __future__ import annotations

from servers.memory.extract import Message, ToolCall, classify_task, flush_candidates, normalize_outcome, task_summary


def test_flush_finds_preferences_decisions_tool_calls_and_results() -> None:
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
    assert any(c.content.startswith("Called fs_read") for c in found)
    tool_result = next(c for c in found if c.content.startswith("fs_read result"))
    assert len(tool_result.content) <= len("fs_read result: ") + 500
    # preferences and decisions outrank tool chatter
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
    assert "Failed calls: fs_edit" in content
    assert [s["ok"] for s in trace] == [True, True, False, True]
    assert keywords[:3] == ["fs_read", "fs_edit", "pytest"]


def test_classification_and_outcome() -> None:
    assert classify_task("Fix the failing login test") == "debug"
    assert classify_task("部署到生产环境") == "ops"
    assert normalize_outcome("failed: timeout") == "failure"
    assert normalize_outcome("partially done") == "partial"
    assert normalize_outcome("all good") == "success"
