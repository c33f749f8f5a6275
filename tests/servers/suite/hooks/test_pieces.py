"""The stdlib pieces: payload parsing and answers, the session trace, the transcript reader, the data dir."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from servers.suite.hooks import runtime
from servers.suite.hooks.protocol import PayloadError, answer, host_event, parse_payload
from servers.suite.hooks.trace import SessionTrace
from servers.suite.hooks.transcript import read_messages
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads


def test_answer_shape_and_events_without_context() -> None:
    assert json.loads(answer("SessionStart", "facts")) == {
        "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "facts"}
    }
    assert answer("PreCompact", "anything") == ""
    assert answer("UserPromptSubmit", "  ") == ""
    assert host_event("post-tool-use", payloads.failure("x", "y")) == "PostToolUseFailure"
    assert host_event("post-tool-use", {"hook_event_name": "Bogus"}) == "PostToolUse"


@pytest.mark.parametrize("raw", [b"", b"  \n", b"nope", b"[]", b'"text"'])
def test_bad_payloads_are_refused(raw: bytes) -> None:
    with pytest.raises(PayloadError):
        parse_payload(raw)


def test_trace_groups_tool_calls_by_prompt(tmp_path: Path) -> None:
    trace = SessionTrace(tmp_path, "../../etc/passwd")  # an odd id never escapes the folder
    assert trace.path.parent == tmp_path
    trace.add_tool(payloads.bash("ls", "x", 1))
    trace.add_prompt("first")
    trace.add_tool(payloads.bash("make", "ok", 2))
    trace.add_tool(payloads.failure("make test", "1 failed", 3))
    trace.add_prompt("second")
    tasks = trace.tasks()
    assert [(t.prompt, len(t.tools)) for t in tasks] == [("", 1), ("first", 2), ("second", 0)]
    assert trace.tools_since_prompt() == 0 and trace.last_prompt() == "second"
    with open(trace.path, "ab") as handle:
        handle.write(b'{"kind": "tool", "name": "cut of')  # a crash mid-write
    assert len(trace.records()) == 5
    trace.save_state({"injected": ["m1"]})
    assert trace.state() == {"injected": ["m1"]}
    trace.finish()
    assert not trace.path.exists() and not trace.state_path.exists()


def test_bash_result_with_error_flag_counts_as_failure(tmp_path: Path) -> None:
    payload = payloads.bash("ls /nope", "", 1)
    payload["tool_response"] = {"is_error": True, "error": "No such file or directory"}
    assert SessionTrace(tmp_path, "s").add_tool(payload)["error"] == "No such file or directory"


def test_transcript_reads_only_what_follows_the_last_compaction(tmp_path: Path) -> None:
    messages = read_messages(payloads.write_transcript(tmp_path / "t.jsonl"))
    assert [m.role for m in messages] == ["user", "assistant", "tool"]
    assert messages[1].tool_calls[0].name == "Bash" and messages[2].name == "Bash"
    assert all("Old message" not in m.content and "caveat" not in m.content for m in messages)


def test_runtime_home_matches_settings(cairn_home: Path) -> None:
    assert runtime.home() == CairnSettings().home == cairn_home


def test_hook_client_imports_no_heavy_module() -> None:
    code = (
        "import sys; import servers.suite.cli.main, servers.suite.hooks.commands; "
        "heavy = ('pydantic', 'numpy', 'apsw', 'fastmcp', 'litellm', 'servers.memory'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_skills_llm_calls_fit_in_a_prompts_hook_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A prompt's context (memories, rules, skills) must arrive within the hook's budget: each LLM call the
    # skills matcher makes (translation, choice) gets 0.3 of it, while the MCP server keeps its own timeouts.
    from servers.suite.hooks.sources import DomainSources

    monkeypatch.setenv("CAIRN_HOOKS__BUDGET_USER_PROMPT_SUBMIT_MS", "2000")
    settings = CairnSettings(home=tmp_path, embedder="none", llm_model="openai/gpt-4o-mini")
    sources = DomainSources(settings)
    try:
        assert sources.skills.translator.llm is not None and sources.skills.chooser.llm is not None
        assert sources.skills.translator.llm.timeout_s == pytest.approx(0.6)
        assert sources.skills.chooser.llm.timeout_s == pytest.approx(0.6)
        assert settings.skills.llm_choice_timeout_s == 10.0  # the server's own settings are left as they were
    finally:
        sources.close()


def test_a_long_failure_keeps_the_lines_that_say_what_went_wrong(tmp_path: Path) -> None:
    """A build log prints its cause mid-way: cut to the limit, the trace still holds that line and the end."""
    log = "\n".join(f"#7 {i}.000 Compiling crate-{i} v0.1.{i}" for i in range(200))
    cause = "#13 14.351 error: `SQLX_OFFLINE=true` but there is no cached data for this query"
    error = f"Exit code 1\n{log}\n{cause}\n{log}\nERROR: failed to solve: exit code: 101"
    trace = SessionTrace(tmp_path, "s1")
    record = trace.add_tool(
        {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_input": {"command": "x"}, "error": error}
    )
    assert len(record["error"]) <= 1500
    assert record["error"].startswith("Exit code 1\n")
    assert cause in record["error"] and record["error"].endswith("exit code: 101")


def test_a_long_edit_keeps_its_change_and_the_line_it_was_anchored_at(tmp_path: Path) -> None:
    """An edit deep inside a long list keeps what it added and where (`$fillable`): both make the lesson."""
    names = "".join(f"        'column_{i}',\n" for i in range(40))
    old = f"    protected $fillable = [\n{names}    ];"
    new = f"    protected $fillable = [\n{names}        'tax_id',\n    ];"
    trace = SessionTrace(tmp_path, "s1")
    record = trace.add_tool(
        {
            "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": "/app/Models/Client.php", "old_string": old, "new_string": new},
            "tool_response": {},
        }
    )
    kept = json.loads(record["input"]) if isinstance(record["input"], str) else record["input"]
    assert "'tax_id'" in kept["new_string"] and "'column_0'" not in kept["new_string"]
    assert kept["old_string"].startswith("    protected $fillable = [\n…\n")
    assert kept["new_string"].startswith("    protected $fillable = [\n…\n")


def _kept_input(tmp_path: Path, old: str, new: str) -> dict[str, str]:
    trace = SessionTrace(tmp_path, "s1")
    record = trace.add_tool(
        {
            "hook_event_name": "PostToolUse",
            "tool_name": "Edit",
            "tool_input": {"file_path": "/app/test/listener_test.exs", "old_string": old, "new_string": new},
            "tool_response": {},
        }
    )
    kept = json.loads(record["input"]) if isinstance(record["input"], str) else record["input"]
    assert isinstance(kept, dict)
    return kept


def test_an_edit_is_cut_at_line_ends_so_a_comment_stays_a_comment(tmp_path: Path) -> None:
    """A cut inside a line made `# The application doesn't …` into `n doesn't …`: words of a comment read as code."""
    comment = "    # The application doesn't start listeners in test (start_listeners?: false)."
    old = f"  setup do\n{comment}\n    %{{listener: start_supervised!(InvoiceListener)}}\n  end"
    new = (
        f"  setup do\n{comment} The listener\n    listener = start_supervised!(InvoiceListener)\n"
        "    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), listener)\n    %{listener: listener}\n  end"
    )
    kept = _kept_input(tmp_path, old, new)
    assert all(line.startswith(("  ", "…")) or not line for line in kept["new_string"].splitlines())
    assert comment in kept["old_string"] and "Sandbox.allow(Harbourline.Repo" in kept["new_string"]


def test_a_long_edit_keeps_the_lines_it_added_at_its_end(tmp_path: Path) -> None:
    """The line that fixed it came last in a 700-character edit: the trace keeps it (other arguments stay short)."""
    old = "  alias Harbourline.Marinas.Occupancy\n\n  setup :register_and_log_in_harbour_staff\n"
    explanation = "".join(f"  # The board is loaded by a separate process, line {i} of why.\n" for i in range(6))
    new = (
        f"{old}\n{explanation}  setup %{{marina: marina}} do\n"
        "    server = start_supervised!({OccupancyServer, marina_id: marina.id})\n"
        "    Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), server)\n    :ok\n  end\n"
    )
    assert len(new) > 600
    kept = _kept_input(tmp_path, old, new)
    assert "Ecto.Adapters.SQL.Sandbox.allow(Harbourline.Repo, self(), server)" in kept["new_string"]


def test_a_long_test_failure_keeps_the_message_of_the_error_body_it_diffed(tmp_path: Path) -> None:
    """A test's diff shows the API's error body over several lines: its message is the cause, kept with its value."""
    passing = "\n".join(f"      ✓ case number {i} of the orders suite ({i} ms)" for i in range(40))
    diff = (
        '    - Expected  - 2\n    + Received  + 7\n      Object {\n    -   "channel": "MINI_PROGRAM",\n'
        '    +   "error": "Bad Request",\n    +   "message": Array [\n    +     "property channel should not exist",\n'
        "    +   ],\n      }"
    )
    error = f"Exit code 1\nFAIL test/orders.e2e-spec.ts\n{passing}\n{diff}\n{passing}\nTests: 1 failed, 80 passed"
    trace = SessionTrace(tmp_path, "s1")
    record = trace.add_tool(
        {"hook_event_name": "PostToolUseFailure", "tool_name": "Bash", "tool_input": {"command": "x"}, "error": error}
    )
    assert len(record["error"]) <= 1500 and '"property channel should not exist",' in record["error"]
