"""The loop end to end, driven only by `cairn hook` with the payloads Claude Code sends, no LLM configured:
a push rejected and fixed by `git pull --rebase` in three sessions becomes a rule that comes back when the
failure recurs and when a new task is about pushing, and a preference stated three times reaches the user
model and MEMORY.md."""

from __future__ import annotations

import pytest

from servers.suite.hooks import runtime
from servers.suite.hooks.commands import request
from servers.suite.hooks.handlers import Hooks
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads
from tests.servers.suite.hooks.conftest import RunHook, context_of, wait_until

pytestmark = pytest.mark.slow

REJECTED = (
    "Exit code 1\nTo github.com:acme/shop.git\n ! [rejected]        {b} -> {b} (non-fast-forward)\n"
    "error: failed to push some refs to 'github.com:acme/shop.git'\n"
    "hint: Updates were rejected because the tip of your current branch is behind"
)
PREFERENCES = [
    "Please use pytest fixtures, not setUp methods, for the new tests.",
    "Add tests for the export. Please don't write unittest-style classes, fixtures please.",
    "Again: fixtures over setUp/tearDown.",
]


def _session(run_hook: RunHook, n: int, *, prompt: str) -> None:
    session = f"0b7c5a3e-0000-4000-8000-00000000000{n}"
    branch = f"feat/part-{n}"
    run_hook("session-start", payloads.session_start(session=session))
    run_hook("user-prompt-submit", payloads.prompt(prompt, session=session))
    run_hook("post-tool-use", payloads.bash("pnpm test", "12 passed", n=1, session=session))
    run_hook("post-tool-use", payloads.failure(f"git push origin {branch}", REJECTED.format(b=branch), session=session))
    run_hook("post-tool-use", payloads.bash("git status", "On branch x", n=3, session=session))
    run_hook(
        "post-tool-use", payloads.bash(f"git pull --rebase origin {branch}", "Successfully rebased", 4, session=session)
    )
    run_hook("post-tool-use", payloads.bash(f"git push origin {branch}", "done", n=5, session=session))
    run_hook("session-end", payloads.session_end(session=session))
    # The warm daemon learns from the spooled session end in the background; the next session starts after.
    spool = runtime.hooks_dir() / "spool"
    wait_until(lambda: not list(spool.glob("*.json")) and not list(spool.glob("*.working")), timeout=90)
    assert not list(spool.glob("*.failed"))


def test_a_fixed_failure_seen_in_three_sessions_is_learned_and_told(run_hook: RunHook) -> None:
    for n, preference in enumerate(PREFERENCES, 1):
        _session(run_hook, n, prompt=f"Ship part {n}. {preference}")
    later = "0b7c5a3e-0000-4000-8000-000000000009"
    run_hook("user-prompt-submit", payloads.prompt("push the hotfix", session=later))
    answer = run_hook(
        "post-tool-use", payloads.failure("git push -u origin hotfix", REJECTED.format(b="hotfix"), session=later)
    )
    told = context_of(answer, "PostToolUseFailure")
    assert told.startswith("Cairn has seen this failure before:")
    assert "`git pull --rebase origin`" in told and "learned from 3 earlier task(s)" in told
    # Once per rule and session: the second failure in the same session is not told again.
    again = run_hook("post-tool-use", payloads.failure("git push", REJECTED.format(b="hotfix"), session=later))
    assert "seen this failure before" not in context_of(again, "PostToolUseFailure")


def test_what_was_learned_is_in_context_memory_and_the_user_model(run_hook: RunHook) -> None:
    for n, preference in enumerate(PREFERENCES, 1):
        _session(run_hook, n, prompt=f"Ship part {n}. {preference} What does the retry flag actually do?")
    request({"event": "stop"}, 5.0)  # one process at a time on the data folder's caches
    hooks = Hooks(CairnSettings())
    try:
        [rule] = hooks.sources.reflection.rules.live("default")
        assert rule.lesson is not None and rule.lesson.phrase == "rejected (non-fast-forward)"
        assert {i.ref for i in hooks.sources.rules("default", "Push my branch and open a PR")} == {rule.id}
        assert hooks.sources.rules("default", "Rename the variant prop on Button") == []
        beliefs = [b for b in hooks.sources.reflection.users.get("default").beliefs if "fixtures" in b.value]
        # Without the embedder (these tests), words alone tie two of the three wordings together.
        assert max(b.evidence_count for b in beliefs) >= 2 and max(b.confidence for b in beliefs) > 0.9
        files = hooks.sources.memory.files("default")
        memory_md = files.read(files.memory_md) or ""
        assert "Called " not in memory_md
        # Stated again in another session: the wish is in MEMORY.md. A question that only says "actually" took
        # nothing back and stated nothing, so it is no preference.
        assert "fixtures" in memory_md.split("## User Preferences")[1].split("##")[0]
        kept = [e.content for _, e in hooks.sources.memory.store.live_entries("default", "type = 'preference'")]
        assert kept and not any("actually" in text for text in kept)
        captured = hooks.sources.memory.recall("git push rejected non-fast-forward", "default", limit=1, mode="keyword")
        assert "Fixed by: `git pull --rebase origin feat/part-" in captured.results[0].content
    finally:
        hooks.close()


UNDOCUMENTED = (
    "Exit code 1\n[ Info: CheckDocument: running document checks.\n┌ Error: 1 docstring not included in the manual:\n"
    "│     Plasma.{name} :: Tuple{{Particle, Float64}}\n│ These are docstrings in the checked modules (configured with"
    " the modules keyword) that are not included in canonical @docs or @autodocs blocks.\n"
    "ERROR: LoadError: `makedocs` encountered an error [:missing_docs] -- terminating build before rendering."
)


def test_a_lesson_names_an_edited_file_as_the_project_where_the_host_ran_does(run_hook: RunHook) -> None:
    """Claude Code's payloads say where each call ran: a fix in `docs/src/api.md` is learned under that name,
    not as a bare `api.md` (three tasks that touched one file each show no project folder of their own)."""
    spool = runtime.hooks_dir() / "spool"
    for n, (page, name) in enumerate([("api", "boris_push!"), ("physics", "gyroradius"), ("api", "deposit!")], 1):
        session = f"7d0c5a3e-0000-4000-8000-00000000000{n}"
        run_hook("session-start", payloads.session_start(session=session))
        run_hook("user-prompt-submit", payloads.prompt(f"Document {name} and rebuild the docs", session=session))
        build = "julia --project=docs docs/make.jl"
        run_hook("post-tool-use", payloads.failure(build, UNDOCUMENTED.format(name=name), n=1, session=session))
        path = f"/work/app/docs/src/{page}.md"
        old, new = "```@docs\nPlasma.step!\n```", f"```@docs\nPlasma.step!\nPlasma.{name}\n```"
        fixed = {
            **payloads.common("PostToolUse", session=session),
            "tool_name": "Edit",
            "tool_input": {"file_path": path, "old_string": old, "new_string": new},
            "tool_response": {"filePath": path, "oldString": old, "newString": new},
            "tool_use_id": "toolu_01B0002",
        }
        run_hook("post-tool-use", fixed)
        run_hook("post-tool-use", payloads.bash(build, "[ Info: Rendering document.", n=3, session=session))
        run_hook("session-end", payloads.session_end(session=session))
        wait_until(lambda: not list(spool.glob("*.json")) and not list(spool.glob("*.working")), timeout=90)
    request({"event": "stop"}, 5.0)
    hooks = Hooks(CairnSettings())
    try:
        [rule] = hooks.sources.reflection.rules.live("default")
        assert "docs/src/" in rule.text and "@docs" in rule.text, rule.text
    finally:
        hooks.close()
