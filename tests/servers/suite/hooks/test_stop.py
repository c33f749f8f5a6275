"""`cairn hook stop` as Claude Code runs it: once per task that recovered from a failure or corrects the previous
answer, it keeps the agent going with a request for one `Lesson:` line, and keeps that line in the session trace."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from servers.reflection.service import ReflectionService
from servers.suite.hooks import runtime
from servers.suite.hooks.commands import is_correction, lesson_lines
from servers.suite.hooks.handlers import Hooks
from servers.suite.hooks.trace import SessionTrace
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads
from tests.servers.suite.hooks.conftest import RunHook

LESSON = "Lesson: when `git push` is rejected (non-fast-forward), run `git pull --rebase`, then push."


def _trace(home: Path) -> SessionTrace:
    return SessionTrace(home / "hooks" / "sessions", payloads.SESSION)


def _push_rejected_then_fixed(home: Path) -> SessionTrace:
    trace = _trace(home)
    trace.add_prompt("push my branch")
    rejected = "! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs"
    trace.add_tool(payloads.failure("git push origin main", rejected, 1))
    trace.add_tool(payloads.bash("git pull --rebase origin main", "Successfully rebased and updated main.", 2))
    trace.add_tool(payloads.bash("git push origin main", "main -> main", 3))
    return trace


def _blocked(result: subprocess.CompletedProcess[bytes]) -> str:
    """The reason of a block answer, after checking it is exactly Claude Code's Stop decision shape."""
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert set(answer) == {"decision", "reason"} and answer["decision"] == "block"
    return str(answer["reason"])


def _lessons(trace: SessionTrace) -> list[dict[str, object]]:
    return [r for r in trace.records() if r.get("kind") == "lesson"]


def test_a_recovered_failure_asks_once_for_a_lesson_and_keeps_it(run_hook: RunHook, hook_env: Path) -> None:
    trace = _push_rejected_then_fixed(hook_env)
    reason = _blocked(run_hook("stop", payloads.stop()))
    assert "`git push` failed (rejected (non-fast-forward))" in reason
    assert "`Lesson:`" in reason and "`Lesson: none`" in reason
    assert len(reason) < 600  # the user pays for every word of it

    said = f"Pushed after rebasing.\n\n{LESSON}"
    kept = run_hook("stop", payloads.stop(active=True, last_message=said))
    assert kept.returncode == 0 and kept.stdout == b""  # never blocks while a stop hook keeps the agent going
    (lesson,) = _lessons(trace)
    assert lesson["text"] == LESSON.removeprefix("Lesson: ")
    assert lesson["when"] == "when `git push` fails: rejected (non-fast-forward)"
    assert trace.tasks()[-1].lessons == [lesson]

    # The turn ends; a later Stop of the same task (the user interrupted, say) does not ask again.
    assert run_hook("stop", payloads.stop()).stdout == b""
    assert run_hook("stop", payloads.stop(active=True, last_message="Lesson: a second one")).stdout == b""
    assert len(_lessons(trace)) == 1
    assert not runtime.socket_path().exists()  # Stop reads files; it never starts or asks the daemon


def test_the_lesson_is_read_from_the_transcript_tail_without_last_assistant_message(
    run_hook: RunHook, hook_env: Path, tmp_path: Path
) -> None:
    trace = _push_rejected_then_fixed(hook_env)
    transcript = payloads.write_stop_transcript(tmp_path / "t.jsonl", f"**{LESSON}**\n`Lesson: fetch before pushing`")
    _blocked(run_hook("stop", payloads.stop(transcript=str(transcript))))
    assert run_hook("stop", payloads.stop(active=True, transcript=str(transcript))).stdout == b""
    texts = [r["text"] for r in _lessons(trace)]
    assert texts == [LESSON.removeprefix("Lesson: "), "fetch before pushing"]  # not the answer before the block


@pytest.mark.parametrize("answer", ["Lesson: none", "**Lesson:** None — the task went as planned.", "Done, thanks."])
def test_nothing_worth_keeping_is_not_kept(run_hook: RunHook, hook_env: Path, answer: str) -> None:
    trace = _push_rejected_then_fixed(hook_env)
    _blocked(run_hook("stop", payloads.stop()))
    run_hook("stop", payloads.stop(active=True, last_message=answer))
    assert _lessons(trace) == []


def test_a_correction_of_the_previous_answer_asks(run_hook: RunHook, hook_env: Path) -> None:
    trace = _trace(hook_env)
    trace.add_prompt("summarise the release notes")
    trace.add_prompt("no, that's not what I asked: I wanted the breaking changes only")
    reason = _blocked(run_hook("stop", payloads.stop()))
    assert "the user corrected the previous answer (\"no, that's not what I asked" in reason
    run_hook("stop", payloads.stop(active=True, last_message="Lesson: list only breaking changes when asked for them"))
    (lesson,) = _lessons(trace)
    assert lesson["when"] == "when the user corrects an answer"


@pytest.mark.parametrize(
    "steps",
    [
        [payloads.bash("pytest -q", "12 passed", 1)],  # nothing failed
        # Failed, code edited, passed: the ordinary development loop, not a procedure to repeat.
        [
            payloads.failure("pytest -q", "1 failed: AssertionError", 1),
            payloads.edit("app.py"),
            payloads.bash("pytest -q", "ok"),
        ],
        [payloads.failure("npm test", "Command failed with exit code 1", 1)],  # given up: no recovery
    ],
    ids=["success", "edit-loop", "given-up"],
)
def test_an_ordinary_task_does_not_ask(run_hook: RunHook, hook_env: Path, steps: list[dict[str, object]]) -> None:
    trace = _trace(hook_env)
    trace.add_prompt("don't forget to add tests for the parser")  # a request, not a correction
    for step in steps:
        trace.add_tool(step)
    assert run_hook("stop", payloads.stop()).stdout == b""
    assert "lesson_asked" not in trace.state()


def test_another_hooks_block_is_neither_answered_nor_read(run_hook: RunHook, hook_env: Path) -> None:
    trace = _push_rejected_then_fixed(hook_env)
    # Another Stop hook kept the agent going first: Cairn never blocks then, and it asked nothing to read.
    assert run_hook("stop", payloads.stop(active=True, last_message=LESSON)).stdout == b""
    assert _lessons(trace) == [] and "lesson_asked" not in trace.state()


def test_each_task_is_asked_about_once(run_hook: RunHook, hook_env: Path) -> None:
    trace = _push_rejected_then_fixed(hook_env)
    _blocked(run_hook("stop", payloads.stop()))
    run_hook("stop", payloads.stop(active=True, last_message=LESSON))
    trace.add_prompt("push the release branch too")
    trace.add_tool(payloads.failure("git push origin release", "! [rejected] release -> release (fetch first)", 4))
    trace.add_tool(payloads.bash("git pull --rebase origin release", "ok", 5))
    trace.add_tool(payloads.bash("git push origin release", "ok", 6))
    _blocked(run_hook("stop", payloads.stop()))  # a new task: asked again
    assert trace.state()["lesson_asked"]["task"] == 2


def test_asking_can_be_turned_off(run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _push_rejected_then_fixed(hook_env)
    monkeypatch.setenv("CAIRN_HOOKS__ASK_LESSONS", "false")
    assert run_hook("stop", payloads.stop()).stdout == b""


def test_asking_imports_no_heavy_module(hook_env: Path) -> None:
    _push_rejected_then_fixed(hook_env)
    code = (
        "import json, sys; from servers.suite.hooks.commands import stop; "
        f"assert json.loads(stop({payloads.stop()!r}))['decision'] == 'block'; "
        "heavy = ('pydantic', 'numpy', 'apsw', 'fastmcp', 'litellm', 'servers.memory', 'servers.reflection'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("raw", [b"", b"not json", json.dumps(payloads.stop(session="")).encode()])
def test_a_bad_or_empty_stop_answers_nothing(run_hook: RunHook, raw: bytes) -> None:
    result = run_hook("stop", raw)
    assert result.returncode == 0 and result.stdout == b""


# --- the pieces: which prompts are corrections, which lines are lessons ----------------------------------

CORRECTIONS = [
    "Those JSDoc blocks you added to the API client are way too long — I had to cut half of it.",
    "That was way too long — I had to cut half of it before posting.",
    "the release mail you drafted last week was four paragraphs, nobody reads that. cut half of it next time.",
    "cut it in half next time, please",
    "no, that's wrong",
    "No that's not what I asked",
    "that's not what I asked for",
    "Your answer is wrong",
    "That's incorrect, the port is 8080",
    "wrong file",
    "No. I meant the staging cluster",
    "I said use pnpm, not npm",
    "As I said, we use tabs",
    "Hmm, no, use the other config file",
    "Nope, it should return a list",
    "no, not that one",
    "Don't add comments again.",
    "Thanks. Don't do that again!",
    "please don't run migrations on prod again",
    "Stop adding emojis",
    "too long",
    "This is way too long, shorten it",
    "you forgot the tests",
    "It still doesn't work",
    "That didn't work",
    "still broken",
    "不对",
    "嗯，不对，还是报错",
    "不是这样的，应该用 pnpm",
    "错了，端口是 8080",
    "你理解错了",
    "这不是我要的",
    "我说的是生产环境",
    "太长了",
    "还是不行",
    "以后不要再用 var 了",
    "周报你写得太长了，我自己删了一半才发出去",
    "上周你给运营写的那份接入说明太长了，我自己删了一半才发到群里",
    "上次你给 PRJ-2317 写的那个 merge request 描述太长了，我自己删了一半",
]
NOT_CORRECTIONS = [
    "I had to fix the CI config myself yesterday, now add a job for lint",
    "cut the test suite's runtime in half by running it in parallel",
    "I had to delete the old branch, recreate it from main",
    "don't forget to add tests",
    "Don't forget to run the tests again after the change",
    "Do not use global state in the new module",
    "Never push to main",
    "Add a retry so the job doesn't fail again",
    "Make sure we don't hit the rate limit again",
    "Can you run it again? Don't skip lint",
    "Now deploy it again",
    "why is this test wrong?",
    "What's wrong with this code?",
    "Notice the wrong indentation in setup.py and fix it",
    "Write a function that checks whether an answer is wrong",
    "No need to add tests, just fix the bug",
    "No worries, now let's add a CLI flag",
    "No, thanks",
    "No, I'll commit myself",
    "Okay, now add pagination",
    "Actually, let's also add a README",
    "I said hello to the team; now write the release notes",
    "I asked Bob about the API; summarise his notes",
    "Too long to explain; just implement the cache",
    "The function is too long, split it up",
    "stop the dev server and run the migrations",
    "Wait for the CI, then merge",
    "Fix the failing test in tests/test_api.py",
    "不对称加密怎么实现",
    "不对外暴露这个接口",
    "帮我写一个不要再次提交的钩子",
    "错误处理怎么写",
    "我说一下需求：做一个登录页",
    "你给我写一个函数，这个文件太长了，拆一下",
    "你给我写个脚本把这个太长的文件拆开",
    "还是用 Postgres 吧",
    "这个函数写得太长了，拆一下",
]


@pytest.mark.parametrize("prompt", CORRECTIONS)
def test_corrections_of_the_previous_answer_are_recognised(prompt: str) -> None:
    assert is_correction(prompt)


@pytest.mark.parametrize("prompt", NOT_CORRECTIONS)
def test_ordinary_requests_are_not_corrections(prompt: str) -> None:
    assert not is_correction(prompt)


def test_lesson_lines_are_read_in_the_shapes_agents_write_them() -> None:
    said = "\n".join(
        [
            "Pushed.",
            LESSON,
            "**Lesson:** none",
            "- Lesson: None — routine",
            "`Lesson: use pnpm in this repo`",
            "> **Lesson**: run `make gen` before `make test`",
            "Lesson: None of the tests need Docker; run them with `pytest -m 'not docker'`",
            "Lesson: 无",
            LESSON,  # said twice: kept once
            "Lesson: a fourth one is one too many",
        ]
    )
    assert lesson_lines(said) == [
        LESSON.removeprefix("Lesson: "),
        "use pnpm in this repo",
        "run `make gen` before `make test`",
    ]
    assert lesson_lines("Lesson: " + "x" * 2000)[0] == "x" * 2000  # clipped where it is stored (trace)
    assert lesson_lines("The lesson here: none") == [] and lesson_lines("Lessons learned: many") == []


def test_the_trace_carries_lessons_on_their_task(tmp_path: Path) -> None:
    trace = SessionTrace(tmp_path, "s")
    assert trace.current_task() is None
    trace.add_prompt("first")
    trace.add_tool(payloads.bash("make", "ok", 1))
    trace.add_lesson("run make first " + "y" * 600, "when `make test` fails: missing generated code")
    trace.add_prompt("second")
    first, second = trace.tasks()
    assert [len(t.tools) for t in (first, second)] == [1, 0]
    (lesson,) = first.lessons
    assert len(str(lesson["text"])) == 500 and lesson["when"].startswith("when `make test`")
    number, task = trace.current_task() or (0, None)
    assert number == 2 and task is not None and task.prompt == "second"


# --- session end: the lessons become the task's strategies ------------------------------------------------


def test_session_end_reflects_with_the_lesson_as_a_strategy(
    run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _push_rejected_then_fixed(hook_env)
    _blocked(run_hook("stop", payloads.stop()))
    run_hook("stop", payloads.stop(active=True, last_message=LESSON))
    monkeypatch.setenv("CAIRN_HOOKS__DAEMON", "false")  # the session end runs in the hook's own process
    assert run_hook("session-end", payloads.session_end()).stdout == b""
    assert not _trace(hook_env).path.exists()
    reflection = ReflectionService(CairnSettings(home=hook_env, embedder="none"))
    try:
        (reflected,) = reflection.reflections("default")
    finally:
        reflection.close()
    assert reflected.task == "push my branch"
    stated = reflected.strategies[0]
    assert stated.strategy == LESSON.removeprefix("Lesson: ")
    assert stated.scenario == "when `git push` fails: rejected (non-fast-forward)" and stated.confidence == "MEDIUM"


def test_the_same_lesson_from_three_sessions_becomes_a_rule(hook_env: Path) -> None:
    hooks = Hooks(CairnSettings(home=hook_env, embedder="none"))
    lesson = "answer with the breaking changes only when asked for release notes"
    try:
        for n in range(3):
            session = f"session-{n}"
            trace = hooks.sources.trace(session)
            trace.add_prompt("summarise the release notes")
            trace.add_prompt("no, I meant the breaking changes only")  # a correction, and no tool calls
            trace.add_lesson(lesson, "when the user corrects an answer")
            hooks.handle("session-end", payloads.session_end(session=session))
            assert not trace.path.exists()
        reflection = hooks.sources.reflection
        reflections = reflection.reflections("default")
        rules = reflection.rules.all("default")
    finally:
        hooks.close()
    # Two reflections per session: the corrected answer (the next prompt is its feedback) and the correction
    # with the agent's lesson; six tasks in all, and the lesson from three of them is one rule.
    assert len(reflections) == 6 and len({r.task_id for r in reflections}) == 6
    corrected = [r for r in reflections if r.task == "summarise the release notes"]
    assert len(corrected) == 3 and all(
        r.outcome and r.outcome.summary.endswith("the user complained") for r in corrected
    )
    assert [r.text for r in rules] == [lesson]
    assert rules[0].status == "probation" and rules[0].scenario == "when the user corrects an answer"


def test_a_session_opening_with_feedback_on_earlier_work_reaches_the_user_model(hook_env: Path) -> None:
    """The answer it judges was in another session: nothing to attach it to but the user's wishes."""
    hooks = Hooks(CairnSettings(home=hook_env, embedder="none"))
    try:
        trace = hooks.sources.trace("monday")
        trace.add_prompt("上周的 CHANGELOG 你写得太长了，最后是我自己删了一半才推上去的。这次写 1.9.0 的")
        hooks.handle("session-end", payloads.session_end(session="monday"))
        beliefs = hooks.sources.reflection.users.get("default", include_all=True).beliefs
        reflections = hooks.sources.reflection.reflections("default")
    finally:
        hooks.close()
    assert any(b.dimension == "verbosity" and b.value == "concise" for b in beliefs)
    assert reflections == []  # no task was judged by it
