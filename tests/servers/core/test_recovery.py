"""Failure → recovery in tool traces shaped as Claude Code's hooks record them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from servers.core.recovery import (
    Signature,
    added_words,
    changed_lines,
    command_head,
    common_command,
    error_phrase,
    find_recoveries,
    invocation,
    is_looking,
    recovery_steps,
    removed_words,
    step_key,
)

MODIFIED = (
    "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it."
)
REJECTED = (
    "Exit code 1\nTo github.com:acme/shop.git\n ! [rejected]        feat/cart -> feat/cart (non-fast-forward)\n"
    "error: failed to push some refs to 'github.com:acme/shop.git'\nhint: Updates were rejected because the tip"
)


def bash(command: str, error: str | None = None) -> dict[str, Any]:
    # Hooks keep arguments as JSON text; both shapes must work.
    return {"name": "Bash", "input": json.dumps({"command": command, "description": "run"}), "error": error}


def tool(name: str, path: str, error: str | None = None) -> dict[str, Any]:
    return {"tool": name, "arguments": {"file_path": path}, "ok": error is None, "error": error}


@pytest.mark.parametrize(
    ("command", "head"),
    [
        ("git push origin feat/x", "git push"),
        ("git -C app push", "git push"),
        ("cd api && FOO=1 uv run pytest -q tests/", "pytest"),
        (".venv/bin/python -m pytest -x", "pytest"),
        ("python3 manage.py migrate", "manage.py migrate"),
        ("npx tsc --noEmit", "tsc"),
        ("kubectl --context prod config use-context staging", "kubectl config use-context"),
        ("terraform -chdir=envs/prod plan -out=tfplan", "terraform plan"),
        ("pnpm run build", "pnpm run build"),
        ("docker compose up -d db", "docker compose up"),
        # Programs no table knows: a plain word after them is their subcommand, a file or operand is not.
        ("kind load docker-image tenant-operator:dev --name tenant-dev", "kind load"),
        ("cd ios && pod install --repo-update", "pod install"),
        ("mix ecto.migrate", "mix ecto.migrate"),
        ("flutter build apk --flavor dev", "flutter build"),
        ("pytest tests", "pytest"),
        ("node server.js", "node"),
        ("deploy.sh staging", "deploy.sh"),
        ("foo main.go", "foo"),
        ("cmake --build --preset asan --target bench", "cmake build"),
        ("cmake --preset asan", "cmake configure"),
        ("ctest --preset asan -R Simplify", "ctest"),  # a value after an option is not a subcommand
        ("git diff -U0 origin/main | /usr/bin/clang-tidy-diff-18.py -p1", "clang-tidy-diff-18.py"),
        ("pytest -q | tail -5", "pytest"),
        # A pipe's failure is its last part's, unless that part only shows or keeps the output.
        ("helm template api ./chart -f values.yaml | kubeconform -strict -summary", "kubeconform"),
        ("kustomize build overlays/prod | kubectl apply -f -", "kubectl apply"),
        ("cargo build --release 2>&1 | tee build.log", "cargo build"),
        ("dotnet build 2>&1 | Tee-Object -FilePath build.log", "dotnet build"),  # PowerShell's filters, any case
        # A script run by a shell is the script's step; a script handed over by an option is the step too.
        ("bash bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 6.6 true", "install-wp-tests.sh"),
        ("bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 latest true", "install-wp-tests.sh"),
        ("vivado -mode batch -source scripts/build.tcl -tclargs synth", "vivado build.tcl"),
        ("vivado -mode batch -source scripts/gen_ip.tcl -tclargs ila_0", "vivado gen_ip.tcl"),
    ],
)
def test_the_step_is_the_command_head(command: str, head: str) -> None:
    assert command_head(command) == head


def test_invocation_keeps_how_the_step_was_run() -> None:
    assert invocation("python -m pytest tests/test_a.py") == "python -m pytest"
    assert invocation(".venv/bin/python -m pytest -q") == ".venv/bin/python -m pytest"
    assert invocation("FOO=1 uv run pytest") == "uv run pytest"


@pytest.mark.parametrize(
    ("error", "phrase"),
    [
        (REJECTED, "rejected (non-fast-forward)"),
        (MODIFIED, "file modified since it was read"),
        (
            "Exit code 1\nTraceback (most recent call last):\n  File x\nModuleNotFoundError: No module named 'app'",
            "ModuleNotFoundError",
        ),
        (
            "Exit code 1\n╷\n│ Error: Module not installed\n│\n│ This module is not yet installed.",
            "working directory not initialized (terraform init)",
        ),
        (
            "Exit code 1\n> shop@1.0.0 test:e2e /home/u/shop\n\nError: http://localhost:3000 is already used",
            "address already in use",
        ),
        (
            'Exit code 1\n RUN  v2.1.5 /x\n FAIL  a.test.tsx\nError: Failed to resolve import "date-fns"',
            "cannot find module",
        ),
        ("Exit code 1\ninternal/a.go:8:2: missing go.sum entry for module providing package x", "missing go.sum entry"),
        (
            "Exit code 1\n09:21:05  Encountered an error:\nCompilation Error\n"
            "  dbt found 2 package(s) specified in packages.yml",
            "packages not installed (dbt deps)",
        ),
        ("Exit code 2\nsrc/a.ts(3,1): error TS2345: Argument of type", "TS2345"),
        ("Exit code 1\nWARNING: DATA RACE\n  internal/pkg/ratelimit/limiter.go:40", "warning: data race"),
        ("Exit code 3", "exit code 3"),
        (
            "Exit code 1\nAnalyzing app...\n\n   info • Don't use 'BuildContext's across async gaps • "
            "lib/a_page.dart:27:34 • use_build_context_synchronously\n\n1 issue found.",
            "don't use 'buildcontext's across async gaps",
        ),
        (
            "Exit code 1\n#13 3.112    Compiling pt-db v0.1.0\n#13 14.351 error: `SQLX_OFFLINE=true` but there is no "
            "cached data for this query\n#13 14.351    = note: this error originates in the macro\n",
            "error: '…' but there is no cached data",
        ),
        (
            'Exit code 22\n{"statusCode":400,"message":["property remark should not exist"],"error":"Bad Request",'
            '"path":"/api/v1/refunds","timestamp":"2026-08-17T01:48:33.616Z"}\ncurl: (22) The requested URL returned '
            "error: 400",
            "property remark should not exist",
        ),
        ('{"error": {"code": 403, "message": "Caller has no access to bucket"}}', "caller has no access to bucket"),
        # The recipe make echoes names an option with "error" in it; the TeX error under it is the failure, and
        # which character it was is this run's own.
        (
            "Exit code 2\ncd papers/a && latexmk -interaction=nonstopmode -file-line-error -pdf main.tex\n"
            "Latexmk: applying rule 'pdflatex'...\n./tables/t.tex:7: LaTeX Error: Unicode character Δ (U+0394)\n"
            "               not set up for use with LaTeX.\n",
            "latex error: unicode character … (u+#)",
        ),
        # A resource named by a URI is this run's own, scheme and all.
        (
            "Exit code 1\nERROR: Assets: cannot load res://levels/forest_02.tscn (File not found).",
            "error: assets: cannot load <path> (file not found).",
        ),
        (
            "Exit code 1\nupload failed: out/tiles.pmtiles to s3://maps-bucket/v3/tiles.pmtiles Could not connect",
            "upload failed: <path> to <path> could not connect",
        ),
    ],
)
def test_error_phrases_name_what_failed(error: str, phrase: str) -> None:
    assert error_phrase(error) == phrase


def test_push_rejected_then_pull_rebase_is_a_lesson_with_its_command() -> None:
    trace = [
        bash("git push origin feat/cart", REJECTED),
        bash("git status"),  # looking is not the fix
        bash("git fetch origin && git log --oneline HEAD..origin/feat/cart"),
        bash("git pull --rebase origin feat/cart"),
        bash("git push origin feat/cart"),
    ]
    [found] = find_recoveries(trace)
    assert (found.failed, found.fixed) == (0, 4)
    assert found.fix_commands == ["git pull --rebase origin feat/cart"]
    assert found.procedural and found.kind == "inserted"
    assert found.key == "bash|*|rejected (non-fast-forward)=>git pull"
    lesson = found.lesson()
    assert "`git pull --rebase origin feat/cart`" in lesson and "`git push`" in lesson
    assert "avoid" not in lesson.lower() and "never" not in lesson.lower()


def test_the_program_run_another_way_before_the_same_command_prepared_it() -> None:
    """`pio run --target erase`, then the upload that had failed, exactly as it was: the other run prepared the
    retry (a run that worked the other way and nothing after would itself be the retry)."""
    failed = "pio run -e feather --target upload"
    trace = [
        bash(failed, "Exit code 1\nError: flash is write-protected (PROTECTED)"),
        bash("qstat -u ana"),  # the batch queue only looks
        bash("pio run -e feather --target erase"),
        bash(failed),
    ]
    [found] = find_recoveries(trace)
    assert (found.failed, found.fixed) == (0, 3)
    assert found.fix_commands == ["pio run -e feather --target erase"] and found.kind == "inserted"
    assert "then retry" in found.lesson()
    # Run another way and never as it failed: that way was the fix, as before.
    [other] = find_recoveries(trace[:3])
    assert other.fixed == 2 and other.fix_commands == [] and other.change is not None


def test_a_batch_schedulers_queue_only_looks() -> None:
    for command in ("squeue -u ana", "sacct -j 4711 -X", "qstat -f", "bjobs -w"):
        assert is_looking("Bash", {"command": command}), command
    assert not is_looking("Bash", {"command": "sbatch run.sh"})


def test_another_interpreter_is_the_fix() -> None:
    trace = [
        bash("python -m pytest tests/test_billing.py", "Exit code 1\nModuleNotFoundError: No module named 'fastapi'"),
        bash(".venv/bin/python -m pytest tests/test_billing.py"),
    ]
    [found] = find_recoveries(trace)
    assert found.change == ".venv/bin/python -m pytest" and found.kind == "changed"
    assert found.lesson() == (
        'When `pytest` fails with "ModuleNotFoundError", run it as `.venv/bin/python -m pytest` instead.'
    )


def test_a_failed_edit_fixed_by_reading_again() -> None:
    trace = [
        tool("Read", "/a/x.py"),
        tool("Edit", "/a/x.py", MODIFIED),
        tool("Read", "/a/x.py"),
        tool("Edit", "/a/x.py"),
    ]
    [found] = find_recoveries(trace)
    assert found.reread and found.procedural and found.fix_key == "reread"
    assert "`Read` the file again" in found.lesson()


def test_fixing_the_code_is_the_task_not_a_lesson() -> None:
    trace = [
        bash("pytest -q", "Exit code 1\nFAILED tests/test_a.py::test_x - AssertionError: assert 1 == 2"),
        tool("Edit", "/a/src.py"),
        bash("pytest -q"),
    ]
    [found] = find_recoveries(trace)
    assert not found.procedural and found.work
    # A rebuild after editing is the development loop too, not "run dbt run when dbt test fails".
    trace = [
        bash("dbt test -s m", "Exit code 1\nCompleted with 1 error"),
        tool("Edit", "/m.sql"),
        bash("dbt run -s m"),
        bash("dbt test -s m"),
    ]
    assert not find_recoveries(trace)[0].procedural


def test_a_plain_retry_is_a_lesson_only_for_transient_errors() -> None:
    timeout = [
        bash("curl -sf https://x", "Exit code 28\ncurl: (28) Operation timed out after 10001 ms"),
        bash("curl -sf https://x"),
    ]
    assert find_recoveries(timeout)[0].procedural
    broken = [bash("make build", "Exit code 2\nmake: *** [all] Error 1"), bash("make build")]
    assert not find_recoveries(broken)[0].procedural


def test_giving_up_is_not_a_recovery_and_a_streak_of_attempts_is_one_failure() -> None:
    assert find_recoveries([bash("pnpm build", "Exit code 1\nerror TS2345"), bash("git status")]) == []
    streak = [
        bash("python -m pytest", "Exit code 1\nModuleNotFoundError: x"),
        bash("python -m pytest -x", "Exit code 1\nModuleNotFoundError: x"),
        bash("uv run pytest -x"),
    ]
    [found] = find_recoveries(streak)
    assert (found.failed, found.fixed) == (1, 2) and found.change == "uv run pytest"


def test_recovery_steps_are_left_out_of_workflows() -> None:
    trace = [
        bash("pnpm lint"),
        bash("git push", REJECTED),
        bash("git log --oneline -3"),
        bash("git pull --rebase"),
        bash("git push"),
        bash("gh pr create --fill"),
    ]
    assert recovery_steps(trace) == {1, 2, 3}


def test_looking_commands_and_tools() -> None:
    assert is_looking("Bash", {"command": "git status && git diff --stat"})
    assert is_looking("Bash", {"command": "kubectl config current-context"})
    assert is_looking("web_fetch", {"url": "https://x"}) and is_looking("Grep", {"pattern": "x"})
    assert not is_looking("Bash", {"command": "kubectl config use-context staging"})
    assert not is_looking("Bash", {"command": "pnpm install"})
    # Any program's asking verbs, not only the ones a table lists; `go get` and `flutter pub get` change things.
    for command in ("kind get clusters", "flutter devices", "helm status api", "flutter doctor -v"):
        assert is_looking("Bash", {"command": command}), command
    for command in ("git worktree list", "nm -DC build/libx.so | grep simplify", "docker network ls"):
        assert is_looking("Bash", {"command": command}), command
    for command in ("go get example.com/x@v1", "flutter pub get", "kind load docker-image x"):
        assert not is_looking("Bash", {"command": command}), command


def test_an_option_added_after_looking_around_is_the_fix() -> None:
    nodes = 'Exit code 1\nERROR: no nodes found for cluster "kind"'
    load = "kind load docker-image ghcr.io/acme/op:v0.4.0"
    [found] = find_recoveries([bash(load, nodes), bash("kind get clusters"), bash(f"{load} --name tenant-dev")])
    assert found.kind == "changed" and found.change == "kind load --name tenant-dev"


def test_common_command_of_a_mode_written_as_an_option_keeps_the_option() -> None:
    assert common_command(["cmake --preset asan", "cmake --preset dev"]) == "cmake --preset …"
    # An option's value every run gave is shown; one each run gave its own is a gap; a switch stays a switch.
    topics = "kafka-topics --bootstrap-server localhost:9092 --create --topic {} --partitions {}"
    assert common_command([topics.format("a.v1", 3), topics.format("b.v1", 6)]) == (
        "kafka-topics --bootstrap-server localhost:9092 --create --topic … --partitions …"
    )
    assert common_command(["git pull --rebase", "git pull --rebase origin feat/x"]) == "git pull --rebase"


def test_common_command_of_a_script_shows_it_as_written_without_its_shell() -> None:
    install = "bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 {} true"
    runs = [f"bash {install.format('6.6')}", install.format("latest"), f"bash {install.format('6.6')}"]
    assert common_command(runs) == "bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 6.6 true"
    assert common_command([install.format("6.6"), install.format("latest")]) == (
        "bin/install-wp-tests.sh wordpress_test wp wp 127.0.0.1 …"
    )


def test_common_command_keeps_what_every_run_shared() -> None:
    assert common_command(["git pull --rebase", "git pull --rebase origin feat/x"]) == "git pull --rebase"
    assert common_command(["terraform -chdir=a init", "terraform -chdir=b init -reconfigure"]) == "terraform init"
    assert common_command(["kill 4821", "kill 9037"]) == "kill …"
    assert common_command(["pnpm install", "pnpm install"]) == "pnpm install"


def test_signatures_compare_by_tool_step_and_phrase() -> None:
    a = Signature.of("Bash", {"command": "git push origin a"}, REJECTED)
    b = Signature.of("Bash", '{"command": "git push -u origin b"}', REJECTED.replace("feat/cart", "main"))
    c = Signature.of("Bash", {"command": "git push"}, "Exit code 128\nfatal: Authentication failed for 'x'")
    assert a == b and hash(a) == hash(b) and a != c


def test_arguments_cut_at_the_hook_limit_still_name_the_command() -> None:
    cut = '{"command": "git push origin feat/very-long-branch", "description": "Push the bra…'
    assert command_head(json.loads(json.dumps(cut)).split('"command": "')[1].split('"')[0]) == "git push"
    found = find_recoveries(
        [{"name": "Bash", "input": cut, "error": REJECTED}, bash("git pull --rebase"), bash("git push")]
    )
    assert found and found[0].signature.step == "git push"


def test_a_changed_part_of_a_chained_line_is_the_fix() -> None:
    hook = (
        "Exit code 1\ntrim trailing whitespace.................................................Passed\n"
        "ruff-format..............................................................Failed\n- hook id: ruff-format\n"
        "- files were modified by this hook"
    )
    trace = [
        bash('git add -A && git commit -m "Add late fees"', hook),
        bash("git status --short"),
        bash('git add -u && git commit -m "Add late fees"'),
    ]
    [found] = find_recoveries(trace)
    assert found.signature.step == "git commit" and found.signature.phrase == "pre-commit hook failed (files modified)"
    assert found.fix_commands == ["git add -u"] and found.procedural
    assert found.lesson() == (
        'When `git commit` fails with "pre-commit hook failed (files modified)", run `git add -u`, then retry '
        "`git commit`."
    )


def test_the_main_command_of_a_line() -> None:
    assert command_head("cd api && uv run pytest -q | tail -20") == "pytest"
    assert command_head("source .venv/bin/activate && pytest") == "pytest"
    assert command_head("git add -A && git commit -m x") == "git commit"
    assert command_head("docker compose up -d db && sleep 3") == "docker compose up"
    assert error_phrase("Exit code 1\n/usr/bin/python3: No module named pytest") == "ModuleNotFoundError"
    # A look afterwards or committing the result is not what a line does; xargs runs the step on a list.
    assert command_head("bin/rails db:migrate && git status --short db/") == "rails db:migrate"
    assert command_head("git mv db/V27__a.sql db/V31__a.sql && git commit -m 'bump'") == "git mv"
    assert command_head("git diff --name-only main -- '*.rb' | xargs bin/rubocop") == "rubocop"


def test_the_cause_of_a_chained_exception_is_its_phrase() -> None:
    spring = (
        "Exit code 1\n[ERROR] Tests run: 3, Errors: 3\n"
        "java.lang.IllegalStateException: Failed to load ApplicationContext\n"
        "Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean 'flyway'\n"
        "Caused by: org.flywaydb.core.api.FlywayException: Found more than one migration with version 27"
    )
    assert error_phrase(spring) == "FlywayException"
    assert error_phrase("Exit code 1\nENTRYPOINT java -XX:+ExitOnOutOfMemoryError\nError: build failed") != (
        "ExitOnOutOfMemoryError"
    )
    keyed = [
        error_phrase(f'ERROR: failed to calculate checksum of ref {ref}::{key}: "/target/app.jar": not found')
        for ref, key in (("9wz3mzq8jo", "vbrx2c7grf"), ("d1a4hd0c5h", "o8evqplrs1"))
    ]
    assert keyed[0] == keyed[1] and "<id>" in keyed[0]


def test_a_flag_added_on_the_retry_keeps_its_value() -> None:
    workspace = "Exit code 101\nerror: `cargo run` could not determine which binary to run. Use the `--bin` option"
    [found] = find_recoveries([bash("cargo run -- seed --n 5", workspace), bash("cargo run --bin cli -- seed --n 5")])
    assert found.change == "cargo run --bin cli"
    [forced] = find_recoveries(
        [bash("git push origin main", REJECTED), bash("git push --force-with-lease origin main")]
    )
    assert forced.change == "git push --force-with-lease"


def test_an_option_given_once_more_with_a_new_value_is_the_fix_not_a_retry() -> None:
    refused = "Exit code 1\nError: init mode failed (unable to connect to the target)"
    program = '-c "program fw.elf verify reset exit"'
    [found] = find_recoveries(
        [
            bash(f"openocd -f board/nucleo.cfg {program}", refused),
            bash(f'openocd -f board/nucleo.cfg -c "reset_config connect_assert_srst" {program}'),
        ]
    )
    assert found.kind == "changed" and found.change == "openocd -c 'reset_config connect_assert_srst'"
    # The same option with other code is another program, not an added one.
    [other] = find_recoveries(
        [bash('python -c "import app"', "ModuleNotFoundError: x"), bash('python -c "import api"')]
    )
    assert other.change != "python -c 'import api'"


def test_committing_what_the_fix_changed_is_not_another_fix() -> None:
    sqlx = "error: `SQLX_OFFLINE=true` but there is no cached data for this query"
    prepare = "cargo sqlx prepare --workspace -- --all-targets"
    alone = find_recoveries([bash("make lint", sqlx), bash(prepare), bash("make lint")])
    pushed = find_recoveries(
        [
            bash("docker build -t api .", sqlx),
            bash(prepare),
            bash("git add .sqlx && git commit -m x && git push"),
            bash("docker build -t api ."),
        ]
    )
    assert alone[0].key == pushed[0].key
    assert "git push" in pushed[0].lesson()  # the wording still says what the task did


def test_an_edit_that_fixed_a_failure_says_what_it_added() -> None:
    spec = "spec/system/cart_spec.rb"
    edit = {
        "tool": "Edit",
        "arguments": {
            "file_path": spec,
            "old_string": 'describe "Cart" do',
            "new_string": 'describe "Cart", js: true do',
        },
        "ok": True,
    }
    driver = "Exit code 1\nCapybara::NotSupportedByDriverError: Capybara::Driver::Base#accept_modal"
    [found] = find_recoveries([bash(f"bundle exec rspec {spec}", driver), edit, bash(f"bundle exec rspec {spec}")])
    assert found.kind == "edited" and not found.procedural
    assert found.added == ["js:", "true"] and found.key.endswith("=>edited")
    # The line was changed in place: what was inserted into it is shown, not the whole line.
    assert found.added_lines == ["js: true"]


def test_an_edit_keeps_the_lines_it_added_as_written() -> None:
    edit = {
        "tool": "Edit",
        "arguments": {
            "file_path": "lib/a_page.dart",
            "old_string": "    await repo.save(input);\n    Navigator.pop(context);",
            "new_string": "    await repo.save(input);\n    if (!context.mounted) return;\n    Navigator.pop(context);",
        },
        "ok": True,
    }
    [found] = find_recoveries(
        [bash("flutter analyze", "Exit code 1\ninfo • x • a.dart:1:1 • r"), edit, bash("flutter analyze")]
    )
    assert found.added_lines == ["if (!context.mounted) return;"]


GRADLE_TESTS = (
    "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
    "Problem configuring task {task} from command line.\n> Unknown command-line option '--tests'.\n\n"
    "* Try:\n> Run gradlew help --task :test to get task usage details.\n\nBUILD FAILED in 2s"
)


def test_a_more_specific_task_with_the_same_arguments_is_the_same_step_done_right() -> None:
    keys = set()
    for module in (":app", ":core:data"):
        error = GRADLE_TESTS.format(task=f"{module}:test")
        found = find_recoveries(
            [
                bash(f"./gradlew {module}:test --tests '*RepoTest'", error),
                bash(f"./gradlew {module}:testDebugUnitTest --tests '*RepoTest'"),
            ]
        )
        assert [r.signature.phrase for r in found] == ["unknown command-line option '…'."]
        keys.add(found[0].key)
    assert len(keys) == 1 and next(iter(keys)).endswith("=>as:./gradlew testDebugUnitTest")
    # Another subcommand is another step, not a fix: `git pull` does not "fix" a failed `git push`.
    assert find_recoveries([bash("git push origin main", REJECTED), bash("git pull origin main")]) == []


def test_the_kotlin_compilers_own_line_is_the_error_not_gradles_summary() -> None:
    """`e: …` is what kotlinc says failed; "Compilation finished with errors" under "What went wrong" only says
    that it did, for any compile error of any module."""
    from servers.core.recovery import error_phrase

    error = (
        "Exit code 1\n> Task :core:compileKotlinJvm FAILED\n"
        "e: file:///home/ana/ledger/core/src/jvmMain/kotlin/Rates.kt:12:5 Unresolved reference: roundHalfEven"
        "\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task "
        "':core:compileKotlinJvm'.\n> Compilation finished with errors\n\n* Try:\n> Run with --stacktrace option.\n\n"
        "BUILD FAILED in 12s"
    )
    assert error_phrase(error) == "unresolved reference: roundhalfeven"
    # Without kotlinc's line, Gradle's summary points back at the compiler's output: no phrase of its own.
    gradle_only = error.replace(error.splitlines()[2] + "\n", "")
    assert "compilation finished" not in error_phrase(gradle_only)


def test_a_word_put_in_front_as_the_error_listed_it_is_the_same_step_done_right() -> None:
    error = "Exit code 1\n[!] Could not find lane 'promote'. Available lanes: ios beta, android promote"
    [found] = find_recoveries([bash("fastlane promote", error), bash("fastlane android promote")])
    assert found.change == "fastlane android"
    # Not listed so: another command that happens to be longer is no retry of this one.
    assert find_recoveries([bash("fastlane promote", error), bash("fastlane match promote")]) == []


def test_a_variable_set_on_the_retry_is_the_fix_wherever_it_was_set() -> None:
    oom = "Exit code 1\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    keys = {
        find_recoveries(
            [bash(f"python -m {m} x=1", oom), bash("nvidia-smi"), bash(f"CUDA_VISIBLE_DEVICES=2 python -m {m} x=1")]
        )[0].key
        for m in ("train", "evaluate")
    }
    assert keys == {"bash|*|out of memory=>as:CUDA_VISIBLE_DEVICES=…"}


def test_a_variable_exported_before_the_retried_step_is_set_for_it() -> None:
    """`export CUDA_HOME=… PATH=…:$PATH && pip install …` over ssh is `CUDA_HOME=… pip install …`: one fix, and
    the search path extended beside it only serves it."""
    error = (
        "Exit code 1\nRuntimeError: The detected CUDA version (11.8) mismatches the version that was used to compile"
        " PyTorch (12.4). Please make sure to use the same CUDA version."
    )
    build = "cd ~/work/hck && source ~/venvs/infer/bin/activate && MAX_JOBS=32 pip install -e . --no-build-isolation"
    fixes = (
        build.replace("MAX_JOBS=32", "CUDA_HOME=/usr/local/cuda-12.4 MAX_JOBS=32"),
        build.replace(
            "MAX_JOBS=32", "export CUDA_HOME=/usr/local/cuda-12.4 PATH=/usr/local/cuda-12.4/bin:$PATH && MAX_JOBS=32"
        ),
    )
    found = [
        find_recoveries(
            [
                bash(f"ssh h800-03 '{build}'", error),
                bash("ssh h800-03 'ls -ld /usr/local/cuda*'"),
                bash(f"ssh h800-03 '{fix}'"),
            ]
        )
        for fix in fixes
    ]
    assert [r[0].kind for r in found] == ["changed", "changed"]
    assert {r[0].key for r in found} == {"bash|*|runtimeerror=>as:CUDA_HOME=…"}
    assert "CUDA_HOME=/usr/local/cuda-12.4" in found[1][0].change


def test_a_variable_given_to_make_on_the_retry_is_the_fix_with_its_value_as_written() -> None:
    """`make spark-local SPARK_HOME=…` after `make spark-local` failed; the home written three ways is one value."""
    error = 'Exit code 2\nException in thread "main" java.lang.NoSuchMethodError: scala.Predef$.refArrayOps'
    homes = ("$HOME/opt/spark-3.5.5", "/home/declan/opt/spark-3.5.5", '"$HOME/opt/spark-3.5.5"')
    found = [
        find_recoveries(
            [
                bash(f"make spark-local JOB={job} ARGS='in out'", error),
                bash("ls -d ~/opt/spark-*"),
                bash(f"make spark-local SPARK_HOME={home} JOB={job} ARGS='in out'"),
            ]
        )[0]
        for job, home in zip(("DailyUsageJob", "AnomalyJob", "DedupJob"), homes, strict=True)
    ]
    assert {r.key for r in found} == {"bash|*|nosuchmethoderror=>as:SPARK_HOME=…"}
    assert {r.change for r in found} == {"make spark-local SPARK_HOME=$HOME/opt/spark-3.5.5"}
    # A lower-case argument is the program's own option (`x=1` to a training script), no variable.
    assert find_recoveries([bash("python train.py x=1", error), bash("python train.py x=2")])[0].change is None


def test_the_first_acting_command_is_the_fix_and_looks_around_it_are_not() -> None:
    no_device = "Exit code 1\n> com.android.builder.testing.api.DeviceException: No connected devices!"
    one = find_recoveries(
        [
            bash("./gradlew connectedDebugAndroidTest", no_device),
            bash("adb devices"),
            bash("nohup emulator -avd Pixel_8 -no-window &"),
            bash("adb wait-for-device"),
            bash("./gradlew connectedDebugAndroidTest"),
        ]
    )
    other = find_recoveries(
        [
            bash("./gradlew installDebug", no_device),
            bash("emulator @Pixel_8 -no-snapshot-save &"),
            bash("adb devices -l"),
            bash("./gradlew installDebug"),
        ]
    )
    assert one[0].key == other[0].key == "bash|*|deviceexception=>emulator"


def test_qualified_names_are_this_tasks_detail() -> None:
    phrases = {
        error_phrase(f"Exit code 1\nerror: [Dagger/MissingBinding] app.core.data.repository.{name} cannot be provided")
        for name in ("TideAlertsRepository", "UserPreferencesRepository")
    }
    assert len(phrases) == 1 and "<name>" in next(iter(phrases))


def test_added_words_keep_an_argument_with_its_value() -> None:
    edit = {"old_string": "torch.load(path)", "new_string": "torch.load(path, weights_only=False)"}
    assert added_words(edit) == ["weights_only=False"]
    assert added_words({"content": "a whole new file"}) == []


NO_DOCKER = (
    "Exit code 1\n  Failed Api.Tests.HealthTests.Healthz [1 ms]\n  Error Message:\n"
    "   System.AggregateException : One or more errors occurred. (Docker is either not running or misconfigured.)\n"
    "---- DotNet.Testcontainers.Builders.DockerUnavailableException : Docker is either not running or misconfigured.\n"
    "---- The following constructor parameters did not have matching fixture data: ApiFactory factory"
)


def test_an_inner_exception_names_the_failure_not_the_wrapper() -> None:
    assert error_phrase(NO_DOCKER) == "DockerUnavailableException"
    dotnet = (
        "Unhandled exception. System.InvalidOperationException: Startup failed\n"
        " ---> Npgsql.NpgsqlException (0x80004005): Failed to connect to 127.0.0.1:5432"
    )
    assert error_phrase(dotnet) == "NpgsqlException"
    # A diff header or a rule of dashes is no cause.
    assert error_phrase("Exit code 1\n--- a/src/app.py\nValueError: bad value") == "ValueError"


@pytest.mark.parametrize(
    "fix",
    [
        # Started, then waited for in a loop, then looked at: the start is the fix, however it was written.
        ["systemctl --user start docker-desktop", "until docker info >/dev/null 2>&1; do sleep 3; done"],
        [
            "systemctl --user start docker-desktop && until docker info >/dev/null 2>&1; do sleep 2; done"
            " && docker version"
        ],
        [
            "systemctl --user start docker-desktop",
            "timeout 120 sh -c 'until docker info >/dev/null 2>&1; do sleep 2; done' && docker context show",
        ],
    ],
)
def test_waiting_for_what_the_fix_started_is_not_another_fix(fix: list[str]) -> None:
    [found] = find_recoveries([bash("dotnet test", NO_DOCKER), *[bash(c) for c in fix], bash("dotnet test")])
    assert found.key == "bash|*|dockerunavailableexception=>systemctl start"
    assert found.fix_commands == ["systemctl --user start docker-desktop"]


def test_shell_loops_and_version_queries_only_look() -> None:
    assert is_looking("Bash", {"command": "until docker info >/dev/null 2>&1; do sleep 3; done"})
    assert is_looking("Bash", {"command": "node --version && docker version --format '{{.Server.Version}}'"})
    assert not is_looking("Bash", {"command": "while ! pg_isready; do sleep 1; done; psql -f seed.sql"})
    assert command_head("timeout 60 sh -c 'make build'") == "make build"


def test_an_option_written_long_or_short_is_the_same_fix() -> None:
    error = "Exit code 1\nUnable to create a 'DbContext' of type 'PayoutsDbContext'."
    keys = {
        find_recoveries([bash(f"dotnet ef {cmd} --project src/Infra", error), bash(f"dotnet ef {cmd} {fixed}")])[0].key
        for cmd, fixed in (
            ("migrations add X", "--project src/Infra --startup-project src/Api"),
            ("database update", "--project src/Infra -s src/Api"),
        )
    }
    assert len(keys) == 1
    # Options without a value keep their spelling: `--force` and `--force-with-lease` are different fixes.
    forced = {
        find_recoveries([bash("git push origin x", REJECTED), bash(f"git push {flag} origin x")])[0].key
        for flag in ("--force", "--force-with-lease")
    }
    assert len(forced) == 2


def test_an_edit_fix_keeps_the_names_of_the_files_it_wrote() -> None:
    nu1008 = "Exit code 1\nApi.csproj : error NU1008: Projects that use central package version management …"
    steps = [
        bash("dotnet build src/Api", nu1008),
        tool("Read", "/repo/Directory.Packages.props"),
        {
            "tool": "Edit",
            "arguments": {
                "file_path": "/repo/Directory.Packages.props",
                "old_string": "</ItemGroup>",
                "new_string": '<PackageVersion Include="Polly" Version="8.4.0" />\n</ItemGroup>',
            },
            "ok": True,
        },
        bash("dotnet build src/Api"),
    ]
    [found] = find_recoveries(steps)
    assert found.kind == "edited" and found.files == ["Directory.Packages.props"]
    assert "PackageVersion" in found.added


def test_an_edited_file_is_named_as_the_project_where_the_host_ran_names_it() -> None:
    """With the folder the host ran in (Claude Code's hooks send it), `docs/src/api.md`; without, the task shows
    no project folder above the one file it touched, so only its name."""
    undocumented = "Exit code 1\n┌ Error: 2 docstrings not included in the manual:\n│     Plasma.boris_push!"

    def steps(cwd: str | None) -> list[dict[str, Any]]:
        edit = {
            "tool": "Edit",
            "arguments": {
                "file_path": "/home/ana/Plasma.jl/docs/src/api.md",
                "old_string": "```@docs\nPlasma.step!\n```",
                "new_string": "```@docs\nPlasma.step!\nPlasma.boris_push!\n```",
            },
            "ok": True,
        }
        out = [bash("julia --project=docs docs/make.jl", undocumented), edit, bash("julia --project=docs docs/make.jl")]
        return [{**step, "cwd": cwd} for step in out] if cwd else out

    [found] = find_recoveries(steps("/home/ana/Plasma.jl"))
    assert found.files == ["docs/src/api.md"]
    [found] = find_recoveries(steps(None))
    assert found.files == ["api.md"]
    # A folder the file is not in says nothing about how the project names it.
    [found] = find_recoveries(steps("/home/ana/other"))
    assert found.files == ["api.md"]


def test_another_program_doing_the_failed_steps_job_is_its_fix() -> None:
    no_uikit = (
        "Exit code 1\nerror: emit-module command failed with exit code 1\nHaptics.swift:1:8: error: no such module"
    )
    keys = set()
    for destination, between in (("iPhone 16", ["xcodebuild -list"]), ("iPhone 16 Pro", [])):
        run = f"xcodebuild test -scheme Kit-Package -destination 'platform=iOS Simulator,name={destination}'"
        [found] = find_recoveries([bash("swift test --filter A", no_uikit), *[bash(c) for c in between], bash(run)])
        assert found.replaced and "-scheme Kit-Package" in (found.change or "")
        keys.add(found.key)
    assert keys == {"bash|swift test|error: emit-module command failed with exit code #=>as:xcodebuild test"}
    # An edit in between is the task going on, and another purpose (`swift build`) is no replacement.
    assert find_recoveries([bash("swift test", no_uikit), tool("Edit", "Package.swift"), bash("xcodebuild test")]) == []
    assert find_recoveries([bash("swift test", no_uikit), bash("xcodebuild build")]) == []


def test_an_edit_cut_at_the_hooks_limit_still_reads_as_text() -> None:
    # The hook keeps 600 characters of a call's JSON; a cut inside an escape must not turn `\n@x` into `n@x`.
    edit = json.dumps(
        {"file_path": "/t/test_b.py", "old_string": "def test_a():\n", "new_string": "@mark.db\ndef test_a():\n" * 40}
    )
    for cut in range(150, 170):
        words = added_words(edit[:cut] + "…")
        assert words[:1] == ["@mark.db"] and not any(w.startswith("n") and w != "n" for w in words)


def test_each_acting_command_of_a_chained_fix_is_a_fix() -> None:
    stale = "Exit code 2\nsrc/a.ts(3,1): error TS2305: Module '@prisma/client' has no exported member 'Invoice'."
    [found] = find_recoveries(
        [
            bash("pnpm typecheck", stale),
            bash("git diff --stat HEAD@{1} HEAD -- prisma"),
            bash("pnpm prisma generate && pnpm prisma migrate deploy && pnpm test"),
            bash("pnpm typecheck"),
        ]
    )
    assert found.fix_commands == ["pnpm prisma generate", "pnpm prisma migrate deploy"]  # the test run only checked


def test_one_word_run_another_way_is_the_fix_wherever_the_line_carried_it() -> None:
    unavailable = (
        "Exit code 1\n** (RuntimeError) could not lookup Ecto repo Harbourline.Repo because it was not started"
    )
    expression = "'Harbourline.Repo.aggregate(Harbourline.Bookings.Booking, :count)'"
    remote = f'fly ssh console -a harbourline-prod -C "/app/bin/harbourline {{}} {expression}"'
    local = f"docker compose -f docker-compose.release.yml exec app bin/harbourline {{}} {expression}"
    keys = set()
    for line in (remote, local, local.replace(" -f docker-compose.release.yml", "")):
        [found] = find_recoveries([bash(line.format("eval"), unavailable), bash(line.format("rpc"))])
        assert found.change == "harbourline rpc" and "run it as `harbourline rpc`" in found.lesson()
        keys.add(found.key)
    assert len(keys) == 1  # the same word swapped inside `fly ssh` or `docker compose exec`: one lesson
    # A value changed (another branch) is the task's detail: the change is that run's own, so two tasks that each
    # pushed their own branch are not one lesson.
    refspec = "Exit code 1\nerror: src refspec"
    branches = [
        find_recoveries([bash(f"git push origin {name}/a", refspec), bash(f"git push origin {name}-a")])[0]
        for name in ("feat", "fix")
    ]
    assert branches[0].key != branches[1].key


def test_a_command_every_task_pointed_the_same_new_way_is_one_lesson() -> None:
    """Gerrit refused each direct push; each task pushed to the review ref instead, whatever it had pushed."""
    refused = (
        "Exit code 1\nremote: error: branch refs/heads/develop:\nremote: You need 'Push' rights to push to this "
        "branch.\n ! [remote rejected] HEAD -> develop (prohibited by Gerrit: not permitted: update)"
    )
    found = [
        find_recoveries([bash(f"git push {target}", refused), bash("git push origin HEAD:refs/for/develop")])[0]
        for target in ("-u origin feat/cart", "origin HEAD:develop", "origin HEAD")
    ]
    assert {r.change for r in found} == {"git push origin HEAD:refs/for/develop"}
    assert len({r.key for r in found}) == 1
    # A file named on the retry is that task's own, never a way to run the step.
    [other_file] = find_recoveries([bash("ruff check a.py", "Exit code 1\nE999"), bash("ruff check b.py")])
    assert other_file.change is None


def test_a_test_diff_of_an_error_body_is_named_by_its_message() -> None:
    """Jest printed the API's 400 body as a diff: its message says what failed, not the `"error"` line above it."""
    diff = (
        "Exit code 1\n  ● OrdersController (e2e) › stores the channel\n\n    expect(received).toMatchObject(expected)\n"
        '      Object {\n    +   "error": "Bad Request",\n    +   "message": Array [\n'
        '    +     "property channel should not exist",\n    +   ],\n      }'
    )
    assert error_phrase(diff) == "property channel should not exist"


def test_arguments_handed_on_after_a_separator_are_one_fix_whatever_they_were() -> None:
    """`nox -s tests-3.13 -- -x` after `nox -s tests-3.13 -x` failed; sessions on two Pythons are one step."""
    usage = "Exit code 2\nusage: nox [-h] [--version] [-s [SESSIONS ...]]\nnox: error: unrecognized arguments: {}"
    runs = [("tests-3.12", "tests/test_properties.py --hypothesis-profile=ci"), ("tests-3.11 tests-3.14", "--cov=q")]
    found = [
        find_recoveries([bash(f"nox -s {s} {a}", usage.format(a)), bash(f"nox -s {s} -- {a}")])[0] for s, a in runs
    ]
    assert {r.fix_key for r in found} == {"as:nox --"} and {r.signature.step for r in found} == {"nox tests"}
    assert found[0].change == "nox -s tests-3.12 -- tests/test_properties.py --hypothesis-profile=ci"


def test_paths_and_source_lines_in_an_error_are_not_read_as_its_message() -> None:
    """`rate-limit.ts` is no rate limit and `parseAst.js:401:41` no 401: the diagnostic says what failed."""
    check = (
        "Exit code 1\n/home/sam/dev/trailmark/src/lib/server/rate-limit.ts:31:27\n"
        "Error: Property 'RATE_LIMITS' does not exist on type 'Env'. (ts)\n\tconst kv = platform?.env.RATE_LIMITS;"
    )
    assert error_phrase(check) == "error: property '…' does not exist on type"
    rollup = (
        'RollupError: "SECRET" is not exported by "virtual:$env/static/private"\n'
        "    at getRollupError (file:///home/sam/node_modules/rollup/dist/es/shared/parseAst.js:401:41)"
    )
    assert error_phrase(rollup) == "RollupError"


def test_another_package_script_is_another_step_not_the_same_one_run_another_way() -> None:
    """`bun run cf-typegen` between two `bun run check`s is the fix, not `check` run as `cf-typegen`."""
    error = "Exit code 1\nError: Property 'AVATARS' does not exist on type 'Env'. (ts)"
    [found] = find_recoveries([bash("bun run check", error), bash("bun run cf-typegen"), bash("bun run check")])
    assert found.key.endswith("=>bun run cf-typegen") and found.change is None


def test_a_command_the_container_could_not_start_is_run_through_another_carrier() -> None:
    """A distroless image has no `env`, `curl` or `sh`: exec failed before the command ran; each task ran it in
    an ephemeral debug container instead, whatever the command was."""
    no_binary = (
        "Exit code 1\nerror: Internal error occurred: error executing command in container: failed to exec in "
        'container: OCI runtime exec failed: exec failed: unable to start container process: exec: "{}": '
        "executable file not found in $PATH: unknown"
    )
    runs = (
        ("env", "busybox:1.36", 'sh -c \'tr "\\0" "\\n" < /proc/1/environ\''),
        ("curl -s localhost:9000/q/metrics", "curlimages/curl:8.11.1", "curl -s localhost:9000/q/metrics"),
        ("sh -c 'getent hosts api.example.net'", "nicolaka/netshoot:v0.13", "sh -c 'dig +short api.example.net'"),
    )
    found = []
    for inside, image, instead in runs:
        failed = bash(f"kubectl -n dev exec -it deploy/app -- {inside}", no_binary.format(inside.split()[0]))
        pods = bash("kubectl -n dev get pods -l app=app -o name")
        debug = bash(f"kubectl -n dev debug app-7z7pm -q --image={image} --target=app -i -- {instead}")
        [recovery] = find_recoveries([failed, pods, debug])
        found.append(recovery)
    assert {r.signature.step for r in found} == {"kubectl exec"}
    assert {r.signature.phrase for r in found} == {"command not found in the container"}
    assert len({r.key for r in found}) == 1
    assert all(r.change and r.change.startswith("kubectl -n dev debug") and "--target=app" in r.change for r in found)
    # As the tasks wrote it, the namespace before the subcommand and the separator kept.
    assert (
        common_command([r.change for r in found if r.change])
        == "kubectl -n dev debug -q --image=… --target=app -i -- …"
    )


def test_what_a_line_runs_reads_through_substitutions_and_subshells() -> None:
    secret = "PGPASSWORD=$(kubectl -n dev get secret db -o jsonpath='{.data.password}' | base64 -d) psql -h db"
    assert command_head(secret) == "psql"  # the variable's value is a command of its own, not the step
    forward = "(kubectl -n dev port-forward svc/db 15432:5432 > /tmp/pf.log 2>&1 &); sleep 3; cat /tmp/pf.log"
    assert command_head(forward) == "kubectl port-forward"
    assert command_head("kubectl -n dev exec deploy/app -- env") == "env"  # a prefix program alone is the command


@pytest.mark.parametrize(
    "command", ["git check-ignore -v data/x.csv || true", "ss -ltn 'sport = :15432'", "pg_isready -h 127.0.0.1"]
)
def test_questions_about_the_system_only_look(command: str) -> None:
    assert is_looking("Bash", {"command": command})


def test_a_port_forward_every_task_started_first_is_shown_as_most_of_them_wrote_it() -> None:
    refused = 'Exit code 2\npsql: error: connection to server at "127.0.0.1", port 15432 failed: Connection refused'
    forwards = ["kubectl -n dev port-forward svc/db 15432:5432", "kubectl port-forward -n dev service/db 15432:5432"]
    found = [
        find_recoveries([bash("psql -h 127.0.0.1 -p 15432 -c 'select 1'", refused), bash(f"{fwd} &"), bash(query)])[0]
        for fwd, query in zip([*forwards, forwards[0]], ["psql -c 'select 1'"] * 3, strict=True)
    ]
    assert len({r.key for r in found}) == 1
    shown = common_command([c for r in found for c in r.fix_commands])
    assert shown == "kubectl port-forward -n dev svc/db 15432:5432"


@pytest.mark.parametrize(
    ("error", "phrase"),
    [
        # pre-commit's dot leaders are no part of what failed.
        (
            "Exit code 1\ncheck for added large files..............................................Failed\n"
            "- hook id: check-added-large-files",
            "check for added large files … failed",
        ),
        # A name the error gives is that run's own.
        (
            "Exit code 1\njupyter_client.kernelspec.NoSuchKernel: No such kernel named conda-env-churn-py",
            "jupyter_client.kernelspec.nosuchkernel: no such kernel named …",
        ),
        # A labelled message, not the numbered summary above it.
        (
            "Exit code 255\n> hvigor ERROR: ArkTS Compiler Error\n1 ERROR: 10605038 ArkTS Compiler Error\n"
            "Error Message: Object literal must correspond to some explicitly declared class or interface "
            "(arkts-no-untyped-obj-literals) At File: /p/entry/src/main/ets/CartViewModel.ets:54:12",
            "object literal must correspond to some explicitly declared",
        ),
        # A test that waited in vain for what a handler never did: the exception the handler threw.
        (
            "Exit code 1\n13:35:33 ERROR [io.qua.ver.cor.run.VertxCoreRecorder] (vert.x-eventloop-thread-1) Uncaught "
            "exception received by Vert.x: io.quarkus.runtime.BlockingOperationNotAllowedException: You have "
            "attempted to perform a blocking operation on a IO thread.\n"
            "org.awaitility.core.ConditionTimeoutException: Assertion condition … within 5 seconds.",
            "BlockingOperationNotAllowedException",
        ),
        # A refused connection is the cause itself, whatever exception wraps it.
        (
            "Exit code 1\nERROR tests/integration/test_api.py - sqlalchemy.exc.OperationalError: "
            '(psycopg.OperationalError) connection failed: connection to server at "127.0.0.1", port 5432 failed: '
            "Connection refused",
            "connection refused",
        ),
        # A network timeout stays a timeout, whatever help link Maven prints under it.
        (
            "[ERROR] Failed to execute goal: Could not transfer artifact x: Connect timed out\n"
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException",
            "timeout",
        ),
    ],
)
def test_error_phrases_of_labelled_led_and_logged_failures(error: str, phrase: str) -> None:
    assert error_phrase(error) == phrase


def test_a_placeholder_left_by_the_scrubber_is_never_a_value_runs_shared() -> None:
    watches = ["gh run watch [PHONE] --interval 20 --exit-status", "gh run watch [PHONE] -i 30 --exit-status"]
    assert common_command(watches) == "gh run watch --exit-status"


def test_the_failed_lines_own_staging_is_no_fix_once_the_fix_was_made_in_between() -> None:
    large = "Exit code 1\ncheck for added large files.......Failed\n- hook id: check-added-large-files"
    [found] = find_recoveries(
        [
            bash("git add reports/drift.ipynb && git commit -m 'reports: drift'", large),
            bash("git restore --staged reports/drift.ipynb && dvc add reports/drift.ipynb"),
            bash("git add reports/drift.ipynb.dvc reports/.gitignore && git commit -m 'reports: drift'"),
        ]
    )
    assert found.fix_commands == ["git restore --staged reports/drift.ipynb", "dvc add reports/drift.ipynb"]


def test_paths_made_absolute_on_the_retry_are_one_fix_whatever_the_paths() -> None:
    """The program ran somewhere else than the shell that started it: each task anchored its own paths."""
    missing = "Exit code 1\nseed: read {0}: open {0}: no such file or directory"
    runs = [
        ("tools/seed -- --file testdata/a.sql", 'tools/seed -- --file "$PWD/testdata/a.sql"'),
        ("tools/load -- --csv=fixtures/b.csv", "tools/load -- --csv=$(pwd)/fixtures/b.csv"),
        ("tools/ctl -- check configs/c.yaml", "tools/ctl -- check /home/olu/src/repo/configs/c.yaml"),
    ]
    found = [
        find_recoveries([bash(f"bazel run //{old}", missing.format(old.split()[-1])), bash(f"bazel run //{new}")])[0]
        for old, new in runs
    ]
    assert {r.change for r in found} == {'bazel run … "$PWD/…"'}
    assert len({r.key for r in found}) == 1
    # Another path altogether is this task's own business, not the anchoring.
    [elsewhere] = find_recoveries([bash("tool --file a/x.sql", missing.format("a/x.sql")), bash("tool --file b/x.sql")])
    assert elsewhere.change != 'tool … "$PWD/…"'


def test_one_option_given_another_value_is_the_fix_with_that_value() -> None:
    """The project was open in another instance: every task pointed `-projectPath` at the clone."""
    busy = (
        "Exit code 1\nAborting batchmode due to fatal error:\n"
        "It looks like another Unity instance is running with this project open.\n\n"
        "Multiple Unity instances cannot open the same project."
    )
    found = []
    for platform in ("EditMode", "PlayMode", "EditMode -testFilter Tides"):
        run = f"~/Unity/Editor/Unity -batchmode -projectPath {{}} -runTests -testPlatform {platform}"
        steps = [bash(run.format("."), busy), bash("pgrep -af Editor/Unity"), bash(run.format("../game_clone_0"))]
        [recovery] = find_recoveries(steps)
        found.append(recovery)
    assert {r.signature.phrase for r in found} == {"it looks like another unity instance is running"}
    assert {r.change for r in found} == {"Unity … -projectPath ../game_clone_0"}
    assert len({r.key for r in found}) == 1 and all(r.fix_commands == [] for r in found)  # pgrep only looked
    # Another value is another lesson.
    [other] = find_recoveries([bash("tool -p .", busy), bash("tool -p ../other")])
    assert other.key != found[0].key


def test_a_runner_in_front_is_not_part_of_the_fix() -> None:
    """`npx tcb fn …` and `pnpm exec tcb fn …` given an environment are one fix, spelled `-e` or `--envId`."""
    no_env = "Exit code 1\n ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id"
    pairs = [
        ("npx tcb fn log coupon --limit 20", "npx tcb fn log coupon -e dev-1 --limit 20"),
        ("pnpm exec tcb fn detail refund", "pnpm exec tcb fn detail refund --envId dev-1"),
    ]
    found = [find_recoveries([bash(old, no_env), bash(new)])[0] for old, new in pairs]
    assert len({r.key for r in found}) == 1


@pytest.mark.parametrize(
    ("error", "phrase"),
    [
        # A header line names nothing; the line it introduces does.
        (
            "Exit code 1\nBuilt from 'staging'\n\nAborting batchmode due to fatal error:\n"
            "It looks like another Unity instance is running with this project open.",
            "it looks like another unity instance is running",
        ),
        # That the build failed and how long it took says nothing: the plugin's line after it does.
        (
            "Exit code 1\nvite v6.3.6 building for production...\n✗ Build failed in 812ms\n"
            "[vite:css] unknown word found in src/app.css\n    at Input.error (file:///x/postcss/lib/input.js:1:1)",
            "[vite:css] unknown word found in <path>",
        ),
        # A status that only says it failed and how long it ran: the line that says what failed wins.
        (
            "Exit code 1\nSubmitting job 41 ...\n  state: Queued\n  state: Failed (1m 02s)\n--- Errors ---\n"
            "Add-Type: The assembly 'Acme.Interop' was not loaded because it targets another runtime.\nJob failed.",
            "add-type: the assembly '…' was not loaded because",
        ),
        # A versioned artifact is this run's own build.
        (
            'Exit code 65\nCloudKit query for Inkwell-1.9.0-x64.dmg (2/8e3f0c2a) failed due to "Record not found".',
            "cloudkit query for <file> (<path>) failed due to",
        ),
        # A linter's report line: the message between the position and the rule.
        (
            'Exit code 2\nsrc/a.scss\n  3:12   ✖  Unexpected unit "rpx"  unit-disallowed-list\n\n✖ 1 problem',
            "unexpected unit '…'",
        ),
        (
            "Exit code 1\n/app/src/x.ts\n  4:7  error  Unexpected console statement  no-console\n\n✖ 1 problem",
            "unexpected console statement",
        ),
    ],
)
def test_what_an_error_says_past_its_header_and_in_a_linter_report(error: str, phrase: str) -> None:
    assert error_phrase(error) == phrase


def test_an_edit_that_replaced_words_records_what_it_took_out() -> None:
    edit = {"tool": "Edit", "arguments": {"file_path": "a.scss", "old_string": "rpx", "new_string": "px"}, "ok": True}
    lint = 'Exit code 2\n  3:12   ✖  Unexpected unit "rpx"  unit-disallowed-list'
    [found] = find_recoveries([bash("pnpm lint", lint), edit, bash("pnpm lint")])
    assert found.kind == "edited" and found.removed == ["rpx"] and found.added == ["px"]


def test_a_fix_the_error_offered_is_one_lesson_whichever_of_its_spellings_a_task_ran() -> None:
    """CocoaPods offers `pod repo update` or `pod install --repo-update`; tasks took one or the other, run
    directly, inserted before the retry, or through a runner; a suggestion naming this task's pod stays out."""
    outdated = (
        'Exit code 1\n[!] CocoaPods could not find compatible versions for pod "{pod}":\n'
        "You have either:\n * out-of-date source repos which you can update with `pod repo update` or with "
        "`pod install --repo-update`.\n * changed the constraints. You should run `pod update {pod}` to apply them."
    )
    runs = [
        [bash("cd ios && pod install", outdated.format(pod="Firebase")), bash("cd ios && pod install --repo-update")],
        [bash("cd ios && pod install", outdated.format(pod="Sentry")), bash("pod repo update && pod install")],
        [
            bash("cd ios && pod install", "[10:14:13]: ▸ " + outdated.format(pod="Mapbox")),
            bash("bundle exec pod install --repo-update"),
            bash("cd ios && pod install"),
        ],
    ]
    found = [find_recoveries(run)[0] for run in runs]
    assert {r.signature.phrase for r in found} == {"[!] cocoapods could not find compatible versions for"}
    assert {tuple(r.suggested) for r in found} == {("pod repo update", "pod install --repo-update")}
    assert len({r.key for r in found}) == 1
    assert "do what the error suggests: `pod repo update` or `pod install --repo-update`" in found[0].lesson()
    # A fix the error did not offer is learned as it was done.
    [own] = find_recoveries([bash("pod install", outdated.format(pod="X")), bash("rm -rf Pods"), bash("pod install")])
    assert own.suggested == [] and own.key.endswith("=>rm")


def test_a_command_an_error_says_to_run_in_quotes_is_offered() -> None:
    uninit = 'Exit code 1\nError: Module not installed\n\nThis module is not yet installed. Run "terraform init".'
    [found] = find_recoveries([bash("terraform plan", uninit), bash("terraform init"), bash("terraform plan")])
    assert found.suggested == ["terraform init"]


def test_a_line_that_only_publishes_and_looks_is_its_publishing() -> None:
    """`git add -N new.nix && git status --short` adds (intent to add): the look after it is not what it does."""
    assert command_head("git add -N modules/a.nix && git status --short") == "git add"
    missing = "Exit code 1\nerror: path '/nix/store/x-source/modules/a.nix' does not exist"
    fixes = ["git add -N modules/a.nix && git status --short", "git add --intent-to-add b.nix c.nix", "git add -N d"]
    check = "nix flake check"
    found = [find_recoveries([bash(check, missing), bash(fix), bash(check)])[0] for fix in fixes]
    assert len({r.key for r in found}) == 1 and found[0].key.endswith("=>git add")
    # Shown with the option most runs gave.
    assert common_command([c for r in found for c in r.fix_commands]) == "git add -N …"


def test_an_edit_that_added_what_the_error_quoted_says_so() -> None:
    unfree = "Exit code 1\nerror: Package ‘{p}-1.2.3’ in /nix/store/x/default.nix:40 has an unfree license (‘bsl11’)"
    edit = {
        "tool": "Edit",
        "arguments": {"file_path": "/h/lib/unfree.nix", "old_string": '  "a"\n', "new_string": '  "a"\n  "slack"\n'},
        "ok": True,
    }
    [found] = find_recoveries([bash("nix build", unfree.format(p="slack")), edit, bash("nix build")])
    assert found.kind == "edited" and found.adds_named
    assert error_phrase(unfree.format(p="slack")) == error_phrase(unfree.format(p="ngrok"))  # the name is blanked
    [other] = find_recoveries([bash("nix build", unfree.format(p="zoom")), edit, bash("nix build")])
    assert not other.adds_named  # `slack` is not what this error named


def test_a_variable_set_anywhere_on_the_line_is_the_fix() -> None:
    """In a launcher's option, after `export` inside `bash -c`, or through `env`: the variable's name is the fix."""
    hang = "Exit code 1\nwandb: ERROR Run initialization has timed out after 90.0 sec."
    run = "srun -p debug --gres=gpu:1 python train.py --config c{n}.yaml"
    fixed = [
        "srun -p debug --export=ALL,WANDB_MODE=offline --gres=gpu:1 python train.py --config c1.yaml",
        'srun -p debug --gres=gpu:1 bash -c "export WANDB_MODE=offline; python train.py --config c2.yaml"',
        "srun -p debug --gres=gpu:1 env WANDB_MODE=offline python train.py --config c3.yaml",
    ]
    found = [find_recoveries([bash(run.format(n=n), hang), bash(fix)])[0] for n, fix in enumerate(fixed, 1)]
    assert {r.fix_key for r in found} == {"as:WANDB_MODE=…"}
    assert len({r.key for r in found}) == 1


def test_a_subcommand_written_before_the_options_stays_before_them() -> None:
    waits = [
        "xcrun notarytool wait 2f4b9c1e --keychain-profile inkwell-notary",
        "xcrun notarytool wait b71e04d9 --keychain-profile inkwell-notary --timeout 30m",
        "xcrun notarytool wait e94c2b70 -p inkwell-notary",
    ]
    assert common_command(waits) == "xcrun notarytool wait --keychain-profile inkwell-notary"


def test_a_header_that_names_something_is_kept_over_the_line_after_it() -> None:
    """Gerrit's `remote: error: branch refs/heads/x:` is what its refusals share; the line after it varies."""
    refused = (
        "Exit code 1\nremote: error: branch refs/heads/feat/cart:\n"
        "remote: You need 'Create' rights to create new references.\n ! [remote rejected] feat/cart -> feat/cart"
    )
    assert error_phrase(refused) == "remote: error: branch <path>:"


def test_arguments_handed_on_through_one_option_once_or_twice_are_one_fix() -> None:
    """`--runner-args='-k x'` and `--runner-arg=-k --runner-arg=x` hand the arguments on alike; the quoting that
    keeps a value with spaces one word is kept, so the fix can be typed again."""
    unknown = "Exit code 1\ntool: unrecognized 'check' option `--filter'"
    runs = [
        ("tool check --filter a", "tool check '--runner-args=--filter a'"),
        ("tool check --filter b --seed 3", "tool check --runner-arg=--filter=b --runner-arg=--seed=3"),
        ("tool check --filter c --filter d", "tool check '--runner-args=-f c -f d'"),
    ]
    found = [find_recoveries([bash(bad, unknown), bash(good)])[0] for bad, good in runs]
    assert {r.fix_key for r in found} == {"as:tool check -r"}
    assert found[0].change == "tool check '--runner-args=--filter a'"
    # Another option given a value is another fix.
    [other] = find_recoveries([bash("tool check --filter a", unknown), bash("tool check --filter a --quiet=yes")])
    assert other.fix_key != found[0].fix_key


def test_status_checks_read_only_queries_and_check_modes_only_look() -> None:
    assert is_looking("Bash", {"command": "klist -s"})
    assert is_looking("Bash", {"command": "mysql -h db -D shop -e \"select count(*) from orders where dt='x'\""})
    assert is_looking("Bash", {"command": "psql -c 'SHOW search_path; select 1'"})
    assert not is_looking("Bash", {"command": "psql -c 'update t set a = 1'"})
    assert not is_looking("Bash", {"command": 'mysql -e "select 1; delete from t"'})
    assert is_looking("Bash", {"command": "npx prettier --check src/a.ts"})
    assert is_looking("Bash", {"command": "terraform fmt -check"})
    assert not is_looking("Bash", {"command": "npx prettier --write src/a.ts"})


def test_a_check_run_beside_the_fix_does_not_change_the_lesson() -> None:
    """One task checked the token before renewing it, another after, a third twice: renewing it was the fix."""
    denied = "Exit code 1\norg.apache.hadoop.security.AccessControlException: Client cannot authenticate via:[TOKEN]"
    runs = [
        ["kinit -kt ~/k.keytab me@REALM", "klist"],
        ["klist -s", "kinit -kt ~/k.keytab me@REALM", "klist"],
        ["klist", "kinit -kt ~/k.keytab me@REALM"],
    ]
    found = [
        find_recoveries([bash("hdfs dfs -ls /x", denied), *map(bash, fixes), bash("hdfs dfs -ls /x")])[0]
        for fixes in runs
    ]
    assert {r.fix_key for r in found} == {"kinit"}


def test_a_setting_the_error_names_is_one_fix_however_it_was_set() -> None:
    """Given as an option, written into the script, or put in front of the statement: the error said which."""
    strict = (
        "Exit code 2\nError: FAILED: SemanticException [Error 10096]: Dynamic partition strict mode requires at "
        "least one static partition column. To turn this off set hive.exec.dynamic.partition.mode=nonstrict "
        "(state=42000,code=10096)"
    )
    as_option = [
        bash('beeline -u "jdbc:hive2://h:10000/" -e "insert overwrite table a partition (dt) select 1"', strict),
        bash(
            'beeline -u "jdbc:hive2://h:10000/" --hiveconf hive.exec.dynamic.partition.mode=nonstrict '
            '-e "insert overwrite table a partition (dt) select 1"'
        ),
    ]
    edit = {
        "tool": "Edit",
        "arguments": {
            "file_path": "/h/jobs/b.sql",
            "old_string": "-- b\n",
            "new_string": "-- b\nset hive.exec.dynamic.partition.mode=nonstrict;\n",
        },
        "ok": True,
    }
    in_script = [bash('beeline -u "jdbc:hive2://h/" -f jobs/b.sql', strict), edit, bash('beeline -u "x" -f jobs/b.sql')]
    found = [find_recoveries(run)[0] for run in (as_option, in_script)]
    assert {tuple(r.suggested) for r in found} == {("hive.exec.dynamic.partition.mode=nonstrict",)}
    assert len({r.key for r in found}) == 1
    assert "set `hive.exec.dynamic.partition.mode=nonstrict` as the error says" in found[0].lesson()
    # A dotted setting the fix did not set is not the lesson.
    [other] = find_recoveries([bash("beeline -f jobs/b.sql", strict), bash("beeline -f jobs/b.sql --verbose")])
    assert other.suggested == []


def test_an_edit_word_does_not_keep_the_quote_that_closes_the_string_around_it() -> None:
    edit = {
        "file_path": "/h/job.json",
        "old_string": '"jdbcUrl": "jdbc:mysql://db:3306/app?useSSL=false"',
        "new_string": '"jdbcUrl": "jdbc:mysql://db:3306/app?useSSL=false&zeroDateTimeBehavior=convertToNull"',
    }
    assert added_words(edit) == ["zeroDateTimeBehavior=convertToNull"]


def test_a_batch_file_run_through_the_other_systems_shell_is_one_fix() -> None:
    """bash cannot run a `.bat`; `cmd.exe /c "…"` with the same command (backslashes, no `./`) can."""
    broken = "Exit code 2\n{0}: line 1: @echo: command not found\n{0}: line 2: $'\\r': command not found"
    runs = [
        ("Build/Run.bat Cook -p='D:\\g\\x.proj'", 'cmd.exe /c "Build\\Run.bat Cook -p=D:\\g\\x.proj"'),
        ("./Gen.bat -p='D:\\g\\x.proj' -game", 'cmd.exe /c "Gen.bat -p=D:\\g\\x.proj -game"'),
    ]
    found = [find_recoveries([bash(bad, broken.format(bad.split()[0])), bash(good)])[0] for bad, good in runs]
    assert {r.change for r in found} == {"cmd.exe /c …"}
    assert len({r.key for r in found}) == 1 and "run it as `cmd.exe /c …` instead" in found[0].lesson()
    # Another command handed to the shell is another step.
    assert find_recoveries([bash("Build/Run.bat Cook", broken.format("x")), bash('cmd.exe /c "Other.bat"')]) == []


def test_a_tools_usage_text_is_not_its_error() -> None:
    """The complaint is above `Usage:`; the flags listed under it ("Exit with non-zero status if run fails") are
    help. A line that starts with "run" is no Dockerfile step."""
    error = (
        "Exit code 1\nrun ID required when not running interactively\n\nUsage:  tool run watch <run-id> [flags]\n"
        "\nFlags:\n      --exit-status    Exit with non-zero status if run fails\n"
    )
    assert error_phrase(error) == "run id required when not running interactively"
    assert error_phrase("Exit code 2\nUsage: tool [options]\n  -x  fails hard") == "usage: tool [options]"


def test_a_look_that_gave_the_value_the_retry_lacked_is_the_fix() -> None:
    """`tool run watch` needs an id; `tool run list --json id` printed it and the retry passed it."""
    lacking = "Exit code 1\nrun ID required when not running interactively\n\nUsage:  tool run watch <run-id>"
    runs = []
    for run_id in ("11842231507", "11903417786"):
        listed = {**bash("tool run list --limit 1 --json id"), "result": {"stdout": f'{{"id":{run_id}}}'}}
        runs.append(
            [bash("tool run watch --exit-status", lacking), listed, bash(f"tool run watch {run_id} --exit-status")]
        )
    found = [find_recoveries(run)[0] for run in runs]
    assert len({r.key for r in found}) == 1 and found[0].change is None
    assert found[0].fix_commands == ["tool run list --limit 1 --json id"] and found[0].kind == "inserted"
    # A retry that added an option of its own, not what the look printed, is the option's lesson.
    other = [bash("tool run watch", lacking), bash("tool run list"), bash("tool run watch --interactive")]
    assert find_recoveries(other)[0].fix_commands == []


def test_an_alias_option_first_after_the_program_is_what_it_runs() -> None:
    """`clojure -M:itest` runs the tests, `clojure -X:seed` the seeding: another alias is another step, so the
    seeding run before the same test run is a preparation, not a new way of running the tests."""
    assert command_head("clojure -M:itest --focus shop.cart-test") == "clojure -M:itest"
    assert command_head("clj -X:seed:local seed :env :ci") == "clj -X:seed:local"
    assert command_head("clj -Sdeps '{}' -M") == "clj"
    behind = (
        'Exit code 1\nERROR in (cart-total-test)\norg.h2.jdbc.JdbcSQLSyntaxErrorException: Table "COUPONS" not found'
    )
    [found] = find_recoveries(
        [
            bash("clojure -M:itest --focus shop.cart-test", behind),
            bash("clojure -X:seed seed :env :ci"),
            bash("clojure -M:itest --focus shop.cart-test"),
        ]
    )
    assert found.kind == "inserted" and found.change is None
    assert found.fix_commands == ["clojure -X:seed seed :env :ci"]
    assert "run `clojure -X:seed seed :env :ci`, then retry `clojure -M:itest`" in found.lesson()


def test_listing_the_agents_keys_only_looks_and_an_options_named_value_is_no_variable() -> None:
    """`ssh-add -l` lists keys (without it, ssh-add adds one); `--mount-ssh default=$SOCK` gives the option a named
    value, so the retry's fix is the option, as in the tasks that wrote `--mount-ssh default`."""
    assert is_looking("Bash", {"command": "ssh-add -l"}) and not is_looking("Bash", {"command": "ssh-add ~/.ssh/k"})
    no_key = 'Exit code 1\nERROR: failed to solve: no agent socket "default" given to the builder'
    listed = find_recoveries(
        [bash("imgtool build -t x .", no_key), bash("ssh-add -l"), bash("imgtool build --mount-ssh default=$SOCK .")]
    )
    plain = find_recoveries([bash("imgtool build -t y .", no_key), bash("imgtool build --mount-ssh default -t y .")])
    assert listed[0].fix_commands == [] and listed[0].key.endswith("=>as:imgtool build -m")
    assert plain[0].key == listed[0].key
    # An upper-case name after an option is a variable handed on (`-e API_TOKEN=…`): named by the variable.
    missing = "Exit code 1\nerror: API_TOKEN missing"
    [env] = find_recoveries([bash("runner go --fast", missing), bash("runner go --fast -e API_TOKEN=x")])
    assert env.key.endswith("=>as:API_TOKEN=…")


def test_a_command_the_error_offers_for_the_name_it_quotes_is_offered_for_any_name() -> None:
    """The error names the import it could not resolve and offers to add it: one lesson whatever was named."""
    error = (
        'Exit code 1\nerror: Bare import "{0}" is not in the import map of "file:///h/app/main.ts"\n'
        "  hint: to use a registry package, run `pkgr add reg:{0}` or `pkgr add npm:{0}`"
    )
    found = [
        find_recoveries([bash("pkgr check main.ts", error.format(name)), bash(f"pkgr add {fix}"), bash("pkgr check")])
        for name, fix in (("left-pad", "reg:left-pad"), ("@acme/dates", "npm:@acme/dates"), ("yaml", "reg:yaml"))
    ]
    assert {tuple(r[0].suggested) for r in found} == {("pkgr add reg:…", "pkgr add npm:…")}
    assert len({r[0].key for r in found}) == 1
    assert "do what the error suggests: `pkgr add reg:…` or `pkgr add npm:…`" in found[0][0].lesson()


def test_an_edit_that_lengthened_a_settings_list_went_to_that_setting() -> None:
    """`--allow-net=a,b` became `--allow-net=a,b,c`: the place is `--allow-net=`, not its first entry; a key
    opening the map the edit wrote into (`:aliases {`) is a place as written."""
    from servers.core.recovery import kept_words

    lengthened = {"old_string": '"dev": "rt --allow-net=db.local,cache.local app.ts"'}
    lengthened["new_string"] = lengthened["old_string"].replace("cache.local", "cache.local,queue.local")
    assert "--allow-net=" in kept_words(lengthened) and "allow-net=db.local" not in kept_words(lengthened)
    opened = {"old_string": ' :aliases {:dev {:extra-paths ["dev"]}}', "new_string": " :aliases {:dev {}\n :x {}}"}
    assert ":aliases" in kept_words(opened)
    # A list opened at the end of a line and going on below (`ModulesToImport = @(`, `"plugins": [`): as written.
    before = "NestedModules   = @(\n    'Core.psm1'\n)"
    listed = {"old_string": before, "new_string": before.replace("'Core.psm1'", "'Core.psm1'\n    'Mail.psm1'")}
    assert "NestedModules = @(" in kept_words(listed)


def test_a_windows_shell_says_what_it_does_not_recognise_under_the_underlined_command() -> None:
    """PowerShell's concise view quotes the line, underlines the command with `~`, and says what failed below."""
    error = (
        "Exit code 1\nImported 12 rows\nNew-AcmeTicket: C:\\src\\ops\\run.ps1:8\nLine |\n"
        "   8 |      $t = New-AcmeTicket -Title $row.Title\n     |           ~~~~~~~~~~~~~~\n"
        "     | The term 'New-AcmeTicket' is not recognized as a name of a cmdlet, function, script file, or "
        "executable program."
    )
    assert error_phrase(error).startswith("the term '…' is not recognized")


def test_a_build_logs_notes_are_not_its_error_and_a_packages_version_is_this_runs_own() -> None:
    """`NOTE: Resolving any missing task queue dependencies` says what the build is doing; the ERROR line says
    what failed, with the package and its version (`acme-agent-2.1+git-r0`) blanked: three packages, one phrase."""
    log = (
        "Exit code 1\nParsing recipes...done.\nNOTE: Resolving any missing task queue dependencies\n"
        "NOTE: Executing Tasks\nERROR: {0} do_compile: oe_runmake failed\nSummary: 1 task failed:"
    )
    phrases = {error_phrase(log.format(pkg)) for pkg in ("acme-agent-2.1+git-r0", "libfoo-0.9.3-r1", "hmi-1.0-r0")}
    assert phrases == {"error: <package> do_compile: oe_runmake failed"}


def test_fixing_commands_pointed_at_one_tree_show_where_they_ran() -> None:
    """Commits made with `git -C` in each task's own checkout under one tree: shown as run in that tree; one
    task that ran from inside it (its `cd` is not part of the fix) does not hide where the others ran."""
    runs = [
        "git -C build/work/src/kernel commit -s -m 'dts: uart'",
        "git commit -a -s -m 'defconfig: bootdelay'",
        "git -C build/work/src/hmi commit -a -s -m 'timeout'",
    ]
    assert common_command(runs) == "cd build/work/src/… && git commit -s -a"
    assert common_command(["git -C a/b/c commit", "git -C a/b/c commit -q"]) == "cd a/b/c && git commit"
    # One level says nothing of where (`envs/a`, `envs/b`).
    assert common_command(["terraform -chdir=envs/a init", "terraform -chdir=envs/b init -reconfigure"]) == (
        "terraform init"
    )


def test_a_julia_script_is_its_step_and_a_load_error_is_what_it_wraps() -> None:
    assert command_head("julia --project=. --threads=4 scripts/run_case.jl tokamak --debug") == "julia run_case.jl"
    assert command_head("julia --project -e 'using Pkg; Pkg.test()'") == "julia"
    assert error_phrase("ERROR: LoadError: UndefVarError: `spitzer` not defined in `Larmor`\nStacktrace:") == (
        "UndefVarError"
    )
    made = "ERROR: LoadError: `makedocs` encountered an error [:missing_docs] -- terminating build before rendering."
    assert error_phrase(made) == "'…' encountered an error [:missing_docs] -- terminating build"


def test_code_handed_to_an_interpreter_sets_no_variable() -> None:
    """`f(threads=4, args=["x"])` inside `-e '…'` is code, not `args=` set for the run."""
    missing = "Exit code 1\nERROR: ArgumentError: Package Fixtures not found in current path."
    [found] = find_recoveries(
        [
            bash("lang --project test/run.lang unit", missing),
            bash('lang --project -e \'run_tests(opts=["-t"], args=["unit"])\''),
        ]
    )
    assert "=…" not in found.key and found.key.endswith("=>as:lang -e")


def test_a_listing_that_first_refreshes_its_cache_acts() -> None:
    """`ansible-inventory --list` only shows the inventory; with `--flush-cache` it re-reads it first, the fix
    for a host the cached inventory did not know."""
    no_hosts = "Exit code 1\nERROR! Specified inventory, host pattern and/or --limit leaves us with no hosts to target."
    run = "ansible-playbook -i inventories/aws-staging/ playbooks/kafka.yml --limit role_kafka"
    refresh = (
        "ansible-inventory -i inventories/aws-staging/aws_ec2.yml --flush-cache --list | jq -r '.role_kafka.hosts[]'"
    )
    [found] = find_recoveries([bash(run, no_hosts), bash(refresh), bash(run)])
    assert found.kind == "inserted" and found.procedural and "--flush-cache" in found.fix_commands[0]
    assert is_looking("Bash", {"command": "ansible-inventory -i inventories/aws-staging/ --list"})


def test_a_line_changed_in_place_is_kept_as_it_reads_after_the_edit() -> None:
    """`launch` inserted into an `install(...)` line: the word alone does not say where it went; the line does.
    A line added whole, or one left as it was, is no changed line."""
    edit = {
        "file_path": "src/arm/CMakeLists.txt",
        "old_string": "install(DIRECTORY config DESTINATION share/${PROJECT_NAME})\nament_package()",
        "new_string": "install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})\nament_package()\n"
        "ament_export_dependencies(rclcpp)",
    }
    assert changed_lines(edit) == ["install(DIRECTORY config launch DESTINATION share/${PROJECT_NAME})"]
    assert changed_lines({"file_path": "a.txt", "old_string": "alpha beta", "new_string": "gamma delta"}) == []


def test_a_script_run_for_a_purpose_done_through_the_programs_entry_point_is_its_fix() -> None:
    """`python tools/run_tests.py linalg` could not import the built package; the program's own test entry point
    (`numpy.test(...)`) ran the tests: the same job, run the way it needs. A script for nothing known, or another
    program, is no replacement."""
    broken = "Exit code 1\nModuleNotFoundError: No module named 'numpy._core._multiarray_umath'"
    entry = "python -c \"import numpy; numpy.test(label='fast', extra_argv=['-k', 'linalg'])\""
    [found] = find_recoveries([bash("python tools/run_tests.py linalg", broken), bash("git status"), bash(entry)])
    assert found.replaced and "numpy.test(" in (found.change or "")
    assert find_recoveries([bash("python tools/latest_release.py", broken), bash(entry)]) == []
    assert find_recoveries([bash("python tools/run_tests.py", broken), bash("node -e 'require(\"x\").test()'")]) == []
    assert find_recoveries([bash("python tools/run_tests.py", broken), bash("python -c 'print(1)'")]) == []


def test_a_keyword_added_to_a_long_line_is_the_fix_whatever_else_each_line_named() -> None:
    """runqemu takes its options as bare words: `nographic` added after SDL could not open a display is the fix,
    for any machine and image. A short line given a word (`git push origin` → `… main`) names a target instead."""
    no_display = "Exit code 1\nrunqemu - ERROR - Failed to run qemu: Could not initialize SDL(x11 not available)"
    changes = set()
    for machine, image in (("qemux86-64", "core-image-minimal"), ("qemuarm64", "lx-image-dev")):
        line = f"runqemu {machine} {image} ext4 snapshot"
        [found] = find_recoveries([bash(line, no_display), bash(f"{line} nographic")])
        changes.add(found.change)
    assert changes == {"runqemu … nographic"}
    rejected = "Exit code 1\nfatal: The current branch wip has no upstream branch."
    [found] = find_recoveries([bash("git push origin", rejected), bash("git push origin wip")])
    assert found.change != "git … wip"


def test_code_that_opens_a_file_to_read_it_only_looks() -> None:
    reads = (
        "python3 -c \"import json; print(sorted(json.load(open('out/sheet.json'))['meta']))\"",
        "python -c \"print(open('dist/app.js', 'rb').read()[:80])\"",
    )
    for command in reads:
        assert is_looking("Bash", {"command": command}), command
    writes = ("python3 -c \"open('VERSION', 'w').write('2.0')\"", "python -c \"open('log.txt', 'a')\"")
    for command in writes:
        assert not is_looking("Bash", {"command": command}), command


def test_a_program_named_for_what_it_reports_only_looks() -> None:
    """`ogrinfo -so` between a failed script and its edit is a look: the edit alone is the fix, as in the tasks
    where nothing was looked at first."""
    for command in ("ogrinfo -so data/raw/site.geojson site", "gdalinfo dem.tif", "ffprobe -hide_banner in.mp4"):
        assert is_looking("Bash", {"command": command}), command
    for command in ("makeinfo manual.texi", "ogr2ogr -f GPKG out.gpkg in.geojson"):
        assert not is_looking("Bash", {"command": command}), command
    no_overlap = "Exit code 1\nrasterio.errors.WindowError: windows do not intersect"
    script = "python pipelines/p1/clip.py"
    change = {
        "file_path": "pipelines/p1/clip.py",
        "old_string": "site.geometry",
        "new_string": "site.to_crs(src.crs).geometry",
    }
    edit = {"tool": "Edit", "arguments": change, "ok": True, "error": None}
    looked = find_recoveries(
        [bash(script, no_overlap), bash("ogrinfo -so data/raw/site.geojson site"), edit, bash(script)]
    )
    straight = find_recoveries([bash(script, no_overlap), edit, bash(script)])
    assert [r.key for r in looked] == [r.key for r in straight]


def test_a_long_fixing_command_keeps_its_options_before_its_folders() -> None:
    """Cut at the limit, `--list-tags` at the end of a long re-export would be lost; the folders go first."""
    export = (
        "aseprite -b art/characters/player/knight.aseprite --sheet art/export/characters/player/knight.png "
        "--data art/export/characters/player/knight.json --format json-array --sheet-type packed --list-tags"
    )
    no_tags = "Exit code 1\nSCRIPT ERROR: Invalid access to property or key 'frameTags' on a base object."
    importer = "godot --headless --script tools/import_sheet.gd -- art/export/characters/player/knight.json"
    [found] = find_recoveries([bash(importer, no_tags), bash(export), bash(importer)])
    assert found.fix_commands == [
        "aseprite -b …/knight.aseprite --sheet …/knight.png --data …/knight.json --format json-array "
        "--sheet-type packed --list-tags"
    ]


def test_a_job_launched_on_the_cluster_is_the_step_it_runs() -> None:
    """`srun -p debug -c 8 julia … run_case.jl` runs run_case.jl; the sysimage build launched the same way in between
    is another step, the fix, and the same run after it is the failed step done. `sbatch` submits its script."""
    run = "srun -p debug -A ocean -c 8 -t 00:15:00 julia --project=. --threads=8 scripts/run_case.jl cases/gyre.toml"
    build = "srun -p compute -A ocean -c 16 -t 00:45:00 julia --project=sysimage sysimage/build_sysimage.jl"
    assert command_head(run) == "julia run_case.jl" and command_head(build) == "julia build_sysimage.jl"
    assert command_head("mpirun -np 4 ./bin/ocean_model namelist.nml") == "ocean_model namelist.nml"
    assert command_head("srun --pty bash") == "bash" and command_head("srun -p debug") == "srun"
    assert command_head("sbatch --parsable --wait -p gpu jobs/build_sysimage.sbatch") == "sbatch build_sysimage.sbatch"
    stale = "Exit code 1\\nERROR: LoadError: UndefVarError: `drag!` not defined in `Gyre`"
    [found] = find_recoveries([bash(run, stale), bash(build), bash(run)])
    assert found.fix_commands and "build_sysimage.jl" in found.fix_commands[0] and not found.change


def test_common_command_keeps_what_every_run_ended_with_past_where_they_parted() -> None:
    """Two runs wrote `IF NOT EXISTS`, one did not: all three created `pg_trgm`, which is the fix to show."""
    runs = [
        "psql -d shop_a -c CREATE EXTENSION IF NOT EXISTS pg_trgm",
        "psql -d shop_b -c CREATE EXTENSION pg_trgm",
        "psql -d shop_c -c CREATE EXTENSION IF NOT EXISTS pg_trgm",
    ]
    assert common_command(runs) == "psql -d … CREATE EXTENSION … pg_trgm"
    assert common_command(["psql -d a -c VACUUM orders", "psql -d b -c VACUUM orders"]) == "psql -d … VACUUM orders"


def test_reading_the_system_log_only_looks_and_loading_a_module_acts() -> None:
    for command in ("sudo dmesg | tail -n 20", "journalctl -u nginx -n 50", "ssh rig 'lsmod | grep snd'"):
        assert is_looking("Bash", {"command": command}), command
    for command in (
        "sudo dmesg -C",
        "journalctl --vacuum-time=2d",
        "sudo modprobe snd_usb_audio",
        "partprobe /dev/sdb",
    ):
        assert not is_looking("Bash", {"command": command}), command
    missing = "insmod: ERROR: could not insert module {}: Unknown symbol in module"
    keys = []
    for module, dependency in (("/tmp/snd_x.ko", "snd_pcm"), ("snd_y.ko", "snd-timer")):
        load = f"sudo insmod {module}"
        steps = [bash(load, missing.format(module)), bash("sudo dmesg | tail"), bash(f"sudo modprobe {dependency}")]
        [found] = find_recoveries([*steps, bash(load)])
        assert found.fix_commands == [f"sudo modprobe {dependency}"]  # not the look at the log
        keys.append(found.key)
    assert keys[0] == keys[1]  # a module named with or without its folder, one module loaded first: one lesson


def test_an_include_added_is_code_and_a_device_tree_path_is_one_path() -> None:
    edit = {"old_string": "/dts-v1/;\n", "new_string": "#include <dt-bindings/gpio/gpio.h>\n\n/dts-v1/;\n"}
    assert "dt-bindings" in added_words(edit)
    assert error_phrase(
        "Error: Documentation/devicetree/bindings/sound/acme,codec.example.dts:12.3-4 syntax error"
    ) == (error_phrase("Error: arch/arm64/boot/dts/acme/board.dts:40.1-2 syntax error"))


def test_an_attribute_added_is_code() -> None:
    """Rust's `#[derive(…)]` and `#![…]` start with `#` as a comment does, but they are code."""
    edit = {"old_string": "#[derive(Debug, Clone)]\n", "new_string": "#[derive(Debug, Clone, serde::Serialize)]\n"}
    assert added_words(edit) == ["serde::Serialize"]


def test_a_password_read_out_of_a_file_is_no_variable_set_and_is_shown_as_written() -> None:
    """`-a "$(sed -n 's/^REDIS_PASS=//p' .env)"`: the command reads a value; the fix is the options it added, shown
    quoted as typed."""
    noauth = "Exit code 1\n(error) NOAUTH Authentication required."
    fixed = "redis-cli -h cache --tls -a \"$(sed -n 's/^REDIS_PASS=//p' .env)\" ping"
    [found] = find_recoveries([bash("redis-cli -h cache ping", noauth), bash(fixed)])
    assert found.change == "redis-cli --tls -a \"$(sed -n 's/^REDIS_PASS=//p' .env)\"", found.change


def test_the_user_sudo_runs_a_command_as_is_not_the_command() -> None:
    running = "Exit code 38\nERROR: [038]: unable to restore while PostgreSQL is running"
    restore = "sudo -u postgres pgbackrest --stanza=main --delta restore"
    steps = [bash(restore, running), bash("sudo systemctl stop postgresql@16-main"), bash(restore)]
    [found] = find_recoveries(steps)
    assert found.signature.step == "pgbackrest" and found.fix_commands == ["sudo systemctl stop postgresql@16-main"]


def test_a_config_file_given_before_the_subcommand_is_the_fix_and_stays_before_it() -> None:
    """`-c` followed by a path is a config file, not inline code; a group option given before the subcommand is
    shown there (a CLI built on subcommand groups refuses it after); the subcommand is still the step."""
    missing = "Exit code 1\nError: could not find a configuration file for the cluster store"
    steps = [
        bash("ssh db1 'stackctl status main'", missing),
        bash("ssh db1 'stackctl -c /etc/stack/stack.yaml status main'"),
    ]
    [found] = find_recoveries(steps)
    assert found.signature.step == "stackctl status"
    assert found.change == "stackctl -c /etc/stack/stack.yaml status"
    assert command_head("python3 -c 'import sys; print(sys.path)'") == command_head("python3 -c 'print(1)'")


def test_a_suite_tool_named_for_listing_or_showing_only_looks() -> None:
    """`pg_lsclusters` before stopping a cluster is a look: the stop is the fix, as in the tasks that stopped it
    without looking first. Only parts of compound names count: a whole name starting with "ls" may act."""
    for command in ("pg_lsclusters", "pg_lsclusters 16 main", "ceph-status", "zfs-list -t snapshot"):
        assert is_looking("Bash", {"command": command}), command
    for command in ("lsyncd /etc/lsyncd.conf", "pg_ctlcluster 16 main stop", "kafka-topics.sh --create --topic t"):
        assert not is_looking("Bash", {"command": command}), command
    running = "ERROR: [038]: unable to restore while PostgreSQL is running"
    restore = "sudo -u postgres pgbackrest --stanza=main --delta restore"
    stop = bash("sudo systemctl stop postgresql@16-main")
    looked = find_recoveries([bash(restore, running), bash("pg_lsclusters"), stop, bash(restore)])
    straight = find_recoveries([bash(restore, running), stop, bash(restore)])
    assert [r.key for r in looked] == [r.key for r in straight]


def test_common_command_keeps_the_start_of_a_word_the_runs_parted_in() -> None:
    """Two units of one template stopped (`redis@cache`, `redis@sessions`): the template is what the runs shared
    and says what was stopped; a number or a bare letter says nothing."""
    assert common_command(["systemctl stop redis@cache", "systemctl stop redis@sessions"]) == "systemctl stop redis@…"
    assert common_command(["kill 48211", "kill 48290"]) == "kill …"
    assert common_command(["docker start web-a", "docker start wb-b"]) == "docker start …"


def test_the_phrase_of_a_located_message_leaves_out_the_progress_printed_before_it() -> None:
    """A migration runner prints the step's name and a dot leader, then the client's located message: the message
    is the failure, whichever step it was."""
    message = "ERROR:  VACUUM cannot run inside a transaction block"
    first = f"Exit code 1\n  * vacuum_events ...... psql:migrations/vacuum_events.sql:2: {message}"
    other = f"Exit code 1\n  * vacuum_audit .. psql:migrations/vacuum_audit.sql:5: {message}"
    assert error_phrase(first) == error_phrase(other)
    assert error_phrase(first).startswith("error: vacuum cannot run inside")


def test_a_sentence_about_code_left_in_a_comment_is_no_code_added() -> None:
    """A comment saying why, naming keywords in capitals, is words; a tool's directive written as a comment is
    code the edit added."""
    why = "-- VACUUM has to run outside any transaction, so no BEGIN/COMMIT here.\n"
    change = {
        "file_path": "m/v.sql",
        "old_string": "BEGIN;\nVACUUM events;\nCOMMIT;\n",
        "new_string": why + "VACUUM events;\n",
    }
    assert added_words(change) == []
    assert removed_words(change) == ["BEGIN", "COMMIT"]
    todo = {
        "file_path": "a.py",
        "old_string": "x = 1\n",
        "new_string": "# TODO move this to the shared config later\nx = 1\n",
    }
    assert added_words(todo) == []
    for directive in ("# type: ignore[attr-defined]", "# shellcheck disable=SC2086"):
        marked = {"file_path": "a.py", "old_string": "x = f()\n", "new_string": f"{directive}\nx = f()\n"}
        assert added_words(marked), directive


def test_a_variable_named_by_the_error_is_the_fix_though_a_file_was_written_first() -> None:
    """The retry wrote an input file and set the variable the error asked for: the variable is the fix, the file
    was that run's own input."""
    failed = "cd /tmp/run1 && ./bin/ledger-post"
    error = "Exit code 1\nledger-post: cannot open input for unit 'POSTINGS' (set LEDGER_POSTINGS)"
    fixed = "cd /tmp/run1 && cp /srv/inputs/postings.txt . && LEDGER_POSTINGS=postings.txt ./bin/ledger-post"
    [found] = find_recoveries([bash(failed, error), bash(fixed)])
    assert found.change is not None and "LEDGER_POSTINGS=postings.txt" in found.change
    assert found.key.endswith("=>cp+as:LEDGER_POSTINGS=…")
    # A variable the error did not name, set after a command that fixed something, stays incidental.
    other = "cd /tmp/run1 && make inputs && TZ=UTC ./bin/ledger-post"
    [incidental] = find_recoveries([bash(failed, error), bash(other)])
    assert incidental.change is None


def test_a_job_log_s_own_number_on_every_line_is_no_error_code() -> None:
    """A job log prefixes each line with the job's number: the code on the line that says what failed is the
    error, the same in every run."""
    steps = [f" 10.02.0{i} JOB07111  IEF40{i}I PAYROLL - STEP {i} ENDED" for i in range(6)]
    failure = [" PAYROLL *** FILE ERROR IN 300-READ", " IGZ0201W File PAYIN could not be opened: attribute mismatch."]
    log = "\n".join([*steps, *failure])
    other = log.replace("JOB07111", "JOB09342")
    assert error_phrase(log) == error_phrase(other) == "IGZ0201"


def test_a_runner_given_another_file_in_between_did_the_fix() -> None:
    """`jobrun jobs/reindex.yml` between a failed `jobrun jobs/report.yml` and its rerun is a step of its own."""
    failed = "bin/jobrun jobs/report.yml"
    error = "Exit code 2\nreport: index 'sales_by_day' is stale, rebuild it"
    [found] = find_recoveries([bash(failed, error), bash("bin/jobrun jobs/reindex.yml"), bash(failed)])
    assert found.fix_commands == ["bin/jobrun jobs/reindex.yml"] and found.fixed == 2


def test_a_subcommand_s_short_name_is_the_same_step() -> None:
    assert command_head("npm i --no-save left-pad") == command_head("npm install left-pad") == "npm install"
    assert command_head("cargo t -p core") == "cargo test"


def test_a_command_the_error_is_about_is_not_offered_and_a_suggestion_run_with_options_is_shown_as_run() -> None:
    error = "Exit code 1\n`pnpm run build` failed: node_modules is out of date. Update it with `pnpm install` first."
    failed = "pnpm run build"
    [found] = find_recoveries([bash(failed, error), bash("pnpm i --prefer-offline"), bash(failed)])
    assert found.suggested == ["pnpm install"]
    assert "run `pnpm i --prefer-offline` (what the error suggests: `pnpm install`)" in found.lesson()


def test_a_comment_in_chinese_or_after_code_is_no_code_added() -> None:
    """A comment saying why in Chinese, on its own line or after the code, adds no word of the fix: `Excel` in
    `# Excel 不支持带时区的时间` is not what two edits shared."""
    change = {
        "file_path": "reports/orders.py",
        "old_string": "df.to_excel(path)\n",
        "new_string": (
            "# Excel 不支持带时区的时间\ndf['ts'] = df['ts'].dt.tz_localize(None)  # 保留北京时间的钟点\n"
            "df.to_excel(path)\n"
        ),
    }
    assert "Excel" not in added_words(change) and "dt.tz_localize" in added_words(change)
    english = {
        "file_path": "a.py",
        "old_string": "x = 1\n",
        "new_string": "x = int(v)  # the export sends it as a string\n",
    }
    assert added_words(english) == ["int", "v"]
    directive = {
        "file_path": "a.py",
        "old_string": "x = f()\n",
        "new_string": "x = f()  # type: ignore[no-any-return]\n",
    }
    assert "type:" in added_words(directive)


def test_a_command_handed_as_a_string_to_the_remote_shells_own_function_is_the_same_step() -> None:
    """The box's ssh lands in a Lua prompt, not a POSIX shell: a command given to ssh is read as Lua. Each task
    ran the same command again inside `os.execute("…")`: one fix, whatever the command was."""
    lua = "Exit code 1\nstdin:1: syntax error near '{}'"
    runs = (("uname -a", "-"), ("cat /tmp/gw.log", "/"), ("df -h /data", "-"))
    found = []
    for command, near in runs:
        failed = bash(f"ssh gw-04.lan '{command}'", lua.format(near))
        fixed = bash(f"ssh gw-04.lan 'os.execute(\"{command}\")'")
        [recovery] = find_recoveries([failed, fixed])
        found.append(recovery)
    assert {r.change for r in found} == {'os.execute("…")'}
    assert len({r.key for r in found}) == 1
    assert 'run it as `os.execute("…")` instead' in found[0].lesson()
    # Another command given to the function is another step.
    other = bash("ssh gw-04.lan 'print(\"hi\")'")
    assert find_recoveries([bash("ssh gw-04.lan 'uname -a'", lua.format("-")), other]) == []


def test_common_command_shows_runs_of_one_length_as_run_where_options_came_before_the_subcommand() -> None:
    """The compose file's option before `exec`, and the service and the program inside it both `api`: the runs
    differed only in the database, so they are shown as run, not with `exec` moved up or a word lost."""
    run = "docker compose -f ops/dev.yml exec -T api api migrate --db {}"
    assert common_command([run.format("billing"), run.format("ledger"), run.format("billing")]) == (
        "docker compose -f ops/dev.yml exec -T api api migrate --db …"
    )


def test_a_credo_issue_line_is_the_phrase_not_its_progress_line() -> None:
    """Credo prints how many files it checks, then each issue under a heavy bar with its category and priority:
    the issue is the failure, whichever module it was found in."""
    report = (
        "Exit code 2\nChecking 112 source files (this might take a while) ...\n\n  Warnings - please take a look\n"
        "┃ \n┃ [W] ↗ There should be no calls to `IO.inspect/2`.\n┃       lib/{0}.ex:41:5 #({1}.run)\n\n"
        "88 mods/funs, found 1 warning."
    )
    phrases = {error_phrase(report.format(name, name.title())) for name in ("ingest", "billing")}
    assert phrases == {"there should be no calls to '…'."}


def test_an_option_c_naming_a_config_is_the_fix_where_code_after_c_would_not_be() -> None:
    """`-c` gives code to an interpreter or a shell, but names the active configuration of a CLI: three queries,
    each refused on the default configuration and run again with `-c readonly`, are one fix, however each query
    read."""
    refused = "Exit code 1\nError: failed to execute query: 401 Unauthorized: unauthorized access"
    queries = ('from(bucket:"iot") |> range(start: -1h)', 'from(bucket:"ops") |> range(start: -1d)', "buckets()")
    found = []
    for query in queries:
        failed = bash(f"influx query '{query}'", refused)
        [recovery] = find_recoveries([failed, bash(f"influx query '{query}' -c readonly")])
        found.append(recovery)
    assert {r.change for r in found} == {"influx query -c readonly"}
    assert len({r.key for r in found}) == 1
    # Code after `-c` stays code: another snippet given to python is no option added.
    code = find_recoveries(
        [bash("python -c 'import x'", "ModuleNotFoundError: No module named 'x'"), bash("python -c 'import y'")]
    )
    assert all(r.change != "python -c" for r in code)


def test_a_status_look_while_waiting_for_a_fix_is_not_the_fix() -> None:
    """A stopped database instance is started by a service update; one task looked at the instance first, the others
    after: either way the update is the fix, and the look (`cf service x`) is not."""
    refused = "Exit code 1\nError: Connection failed (RTE:[89008] Socket closed by peer {host})"
    start = 'cf update-service orders-db -c \'{"data":{"serviceStopped":false}}\''
    orders = [
        [bash("cf service orders-db"), bash(start)],
        [bash(start), bash("cf service orders-db")],
    ]
    keys = []
    for between in orders:
        failed, retried = bash("npx cds deploy --to hana", refused), bash("npx cds deploy --to hana")
        [recovery] = find_recoveries([failed, *between, retried])
        keys.append(recovery.fix_key)
    assert len(set(keys)) == 1 and keys[0].startswith("cf update-service")


def test_an_error_type_that_only_classes_the_failure_is_named_by_its_reason() -> None:
    """A search server answers a mapping change and a bad sort with the same `illegal_argument_exception`: the
    reason beside it tells them apart, in the JSON body and in the client exception that carries it. A type
    that names the failure itself stays its phrase."""
    body = (
        '{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"mapper [price] cannot be changed '
        'from type [float] to [long]"}],"type":"illegal_argument_exception","reason":"mapper [price] cannot be '
        'changed from type [float] to [long]"},"status":400}'
    )
    sort = (
        "opensearchpy.exceptions.RequestError: RequestError(400, 'search_phase_execution_exception', "
        "'No mapping found for [created] in order to sort on')"
    )
    assert error_phrase(body) == "mapper [price] cannot be changed from type [float]"
    assert error_phrase(sort) == "no mapping found for [created] in order to"
    assert error_phrase(body) != error_phrase(sort)
    named = '{"error":{"type":"version_conflict_engine_exception","reason":"[42]: version conflict, current 3"}}'
    assert error_phrase(named) == "version_conflict_engine_exception"


def test_a_list_of_placeholders_is_one_placeholder() -> None:
    """One static setting refused or three: the same failure."""
    one = "Can't update non dynamic settings [[index.analysis.analyzer.folded.tokenizer]] for open indices [[o/x1]]"
    three = (
        "Can't update non dynamic settings [[index.analysis.analyzer.folded.tokenizer, index.analysis.filter.syn.type, "
        "index.analysis.filter.syn.synonyms]] for open indices [[o/x1]]"
    )
    assert error_phrase(one) == error_phrase(three)


def test_the_first_sentence_names_a_message_of_several() -> None:
    """A message goes on with advice in a second sentence: the phrase stops where the first one ends."""
    error = "Fatal: The lockfile is from a newer client. Please upgrade to 9.2 or later and try again."
    assert error_phrase(error) == "fatal: the lockfile is from a newer client"


def test_rustc_s_first_diagnostic_without_a_code_is_the_cause_of_the_coded_ones_after_it() -> None:
    """A crate's `compile_error!` stops the build for a target, and the unresolved imports rustc reports after it
    only follow from it; a build whose only diagnostic has no code is named as before."""
    error = (
        "   Compiling getrandom v0.2.15\n"
        'error: the wasm*-unknown-unknown targets are not supported by default, you may need to enable the "js" '
        "feature.\n"
        "   --> /home/u/.cargo/registry/src/getrandom-0.2.15/src/lib.rs:346:9\n"
        "    |\n"
        "error[E0433]: failed to resolve: use of undeclared crate or module `imp`\n"
        "   --> /home/u/.cargo/registry/src/getrandom-0.2.15/src/lib.rs:402:9\n"
        "error: could not compile `getrandom` (lib) due to 2 previous errors\n"
    )
    assert error_phrase(error).startswith("the wasm*-unknown-unknown targets are not supported")
    coded_only = error.replace("error: the wasm", "warning: the wasm")
    assert error_phrase(coded_only) == "error[E0433]"


def test_common_command_keeps_the_end_of_a_path_runs_at_different_addresses_shared() -> None:
    """An index closed on two clusters, each by its own address: what was done there is the path's end."""
    runs = [
        "curl -s -X POST http://localhost:9200/orders_dev/_close",
        "curl -s -X POST https://search.staging.internal:9243/invoices_v3/_close",
    ]
    assert common_command(runs) == "curl -s -X POST …/_close"
    # Addresses that share no telling end say nothing more.
    assert "…/" not in common_command(["curl -s http://a.test/x1", "curl -s http://b.test/y2"])


def test_common_command_counts_an_option_by_the_runs_that_gave_it() -> None:
    """Two runs gave `-p web`, one the long form: the option most runs gave is shown, repeats counted."""
    runs = ["yarn run lint -p web", "yarn run lint -p web", "yarn run lint --project apps/web"]
    assert common_command(runs) == "yarn run lint -p web"


def test_an_edit_that_added_the_path_the_error_named_says_so() -> None:
    """A packaging check lists files built but not packaged; the fix adds that file, or its folder, to a list."""
    missing = (
        "Exit code 2\nerror: opt/app/share/locale/app_fr.mo was built but is listed in no package\nmake: *** Error 1"
    )

    def listed(line: str) -> dict[str, Any]:
        return {
            "tool": "Edit",
            "arguments": {
                "file_path": "/h/pkg/app.files",
                "old_string": "opt/app/bin/\n",
                "new_string": f"opt/app/bin/\n{line}\n",
            },
            "ok": True,
        }

    for line in ("opt/app/share/locale/app_fr.mo", "opt/app/share/locale/"):
        [found] = find_recoveries([bash("pkgbuild app", missing), listed(line), bash("pkgbuild app")])
        assert found.adds_named, line
    [other] = find_recoveries([bash("pkgbuild app", missing), listed("opt/app/share/icons/"), bash("pkgbuild app")])
    assert not other.adds_named


def test_a_crates_own_error_code_names_the_panic_whichever_test_hit_it() -> None:
    """A crate reports its errors in rustc's form (`error[B0002]: …`) inside a test's panic: the code is the
    failure, not the line naming which test failed."""
    run = (
        "Exit code 100\n        FAIL [   0.020s] orchard {test}\n\n--- STDOUT:              orchard {test} ---\n\n"
        "running 1 test\ntest {test} ... FAILED\n\n--- STDERR:              orchard {test} ---\n"
        "thread '{test}' panicked at /home/ana/.cargo/registry/src/bevy_ecs-0.15.1/src/system/function_system.rs:"
        "216:28:\nerror[B0002]: ResMut<orchard::{res}> in system orchard::{system} conflicts with a previous "
        "Res<orchard::{res}> access. Consider removing the duplicate access.\n"
        "     Summary [   0.300s] 4 tests run: 3 passed, 1 failed, 0 skipped\nerror: test run failed"
    )
    phrases = {
        error_phrase(run.format(test=test, res=res, system=system))
        for test, res, system in (
            ("harvest::tests::ripe_fruit_falls", "Weather", "harvest::drop_fruit"),
            ("market::tests::prices_follow_season", "Ledger", "market::reprice"),
        )
    }
    assert phrases == {"error[B0002]"}


def test_what_was_logged_before_a_generic_traceback_names_the_failure() -> None:
    """A framework logs what happened at ERROR level, then a traceback ends in whatever generic exception surfaced
    in that run (`RuntimeError` from one loop, `SystemError` from another): the logged line is the failure. An
    exception that names something itself keeps its name."""
    logged = "ERROR: Worker 2 lost its heartbeat to the coordinator after 30s, please check the network between hosts"
    traceback = (
        'Traceback (most recent call last):\n  File "/srv/train/loop.py", line 88, in step\n    batch = next(it)\n'
    )
    surfaced = [
        f"Exit code 1\n[2026/10/02 10:11:12] INFO: epoch 3\n{logged}\n{traceback}RuntimeError: queue closed",
        f"Exit code 1\n{logged}\n{traceback}SystemError: (Fatal) Blocking queue is killed because the reader failed.",
    ]
    assert {error_phrase(error) for error in surfaced} == {"worker # lost its heartbeat to the coordinator"}
    assert error_phrase(f"Exit code 1\n{logged}\n{traceback}KeyError: 'lr'") == "KeyError"
    # Logged after the traceback (another message of the run), it names nothing of this failure.
    assert error_phrase(f"Exit code 1\n{traceback}RuntimeError: queue closed\n{logged}") == "RuntimeError"


def test_an_address_given_to_an_option_before_the_subcommand_is_its_value() -> None:
    """`nerdctl --address unix:///run/k3s/containerd/containerd.sock ps` is still `nerdctl ps`: a socket's or a
    server's address is the option's value, as a path is, so the run with it is the failed step run another way."""
    failed = 'Exit code 1\ntime=... level=fatal msg="cannot access containerd socket: no such file or directory"'
    [recovery] = find_recoveries(
        [
            bash("ssh ops@edge-3 'sudo nerdctl ps -a'", failed),
            bash("ssh ops@edge-3 'sudo nerdctl --address unix:///run/k3s/containerd/containerd.sock ps -a'"),
        ]
    )
    assert recovery.kind == "changed" and "--address unix:///run/k3s/containerd/containerd.sock" in recovery.change
    assert step_key("Bash", {"command": "boxctl --addr https://10.0.0.5:8200 status"}) == step_key(
        "Bash", {"command": "boxctl status"}
    )


def test_an_option_the_error_spelled_out_fixes_the_program_whichever_subcommand_ran_next() -> None:
    """`agentctl health` could not reach the server address; the next run of `agentctl`, another subcommand, gave
    `--server-address` and worked: the option the error spelled out is the fix. An option the error never named
    does not make another subcommand the same step."""
    refused = "Exit code 1\nerror: could not reach server address 127.0.0.1:7070: dial tcp: connect: connection refused"
    [recovery] = find_recoveries(
        [bash("agentctl health", refused), bash("agentctl --server-address 10.0.0.9:7070 status")]
    )
    assert recovery.fixed == 1
    assert find_recoveries([bash("agentctl health", refused), bash("agentctl --output-format json status")]) == []


def test_jest_names_a_suite_that_could_not_load_by_the_message_under_its_header() -> None:
    """ "● Test suite failed to run" heads every suite that could not load; the message under it is the failure,
    the same for two native modules missing under Jest."""
    run = (
        "Exit code 1\n FAIL  src/screens/__tests__/{0}.test.tsx\n  ● Test suite failed to run\n\n"
        "    Invariant Violation: Native module '{1}' cannot be null, it must be registered in the binary.\n\n"
        "    > 1 | import x from '{2}';\n        | ^\n\nTest Suites: 1 failed, 1 total"
    )
    phrases = {
        error_phrase(run.format(screen, module, package))
        for screen, module, package in (
            ("Splash", "RNBootSplash", "react-native-bootsplash"),
            ("Files", "RNFSManager", "react-native-fs"),
        )
    }
    assert len(phrases) == 1 and phrases.pop().startswith("invariant violation: native module")


def test_a_retry_that_fails_in_the_file_the_fix_just_edited_is_the_fixs_slip() -> None:
    """The fix added a mock to `jest.setup.js` with a typo; the retry failed on that typo, the next edit mended it
    and the run worked. The failure fixed is the first one; the typo was the fix's own."""
    missing = (
        "Exit code 1\n  ● Test suite failed to run\n\n    Invariant Violation: Native module 'RNShare' cannot be null."
    )
    typo = "Exit code 1\n  ● Test suite failed to run\n\n    SyntaxError: /h/app/jest.setup.js: Unexpected token (4:10)"
    steps = [
        bash("pnpm test src/share", missing),
        {"tool": "Edit", "arguments": {"file_path": "/h/app/jest.setup.js", "old_string": "", "new_string": "x"}},
        bash("pnpm test src/share", typo),
        {"tool": "Edit", "arguments": {"file_path": "/h/app/jest.setup.js", "old_string": "x", "new_string": "y"}},
        bash("pnpm test src/share"),
    ]
    [recovery] = find_recoveries(steps)
    assert (recovery.failed, recovery.fixed) == (0, 4)
    assert recovery.signature.phrase.startswith("invariant violation")
    # A second failure in a file no edit touched is a failure of its own, fixed in its turn.
    other = "Exit code 1\n  ● Test suite failed to run\n\n    SyntaxError: /h/src/Share.tsx: Unexpected token (4:10)"
    steps[2] = bash("pnpm test src/share", other)
    assert [(r.failed, r.fixed) for r in find_recoveries(steps)] == [(2, 4)]


def test_a_command_run_again_by_a_shell_of_its_own_over_ssh_is_run_another_way() -> None:
    """A bare ssh command skips the profile that puts the tool on PATH; `bash -lc '…'` reads it. The fix is the
    shell, the same wherever and whichever remote command failed."""
    missing = "Exit code 127\nbash: pm2: command not found"
    steps = [
        bash("ssh deploy@10.0.4.21 'pm2 restart api'", missing),
        bash("ssh deploy@10.0.4.21 \"bash -lc 'pm2 restart api; pm2 save'\""),
    ]
    [recovery] = find_recoveries(steps)
    assert recovery.change == "ssh … \"bash -lc '…'\""
    assert step_key("Bash", {"command": "bash -l -c 'pm2 list'"}) == step_key("Bash", {"command": "pm2 list"})
    # Here, without ssh, the shell is still what changed.
    [local] = find_recoveries([bash("pm2 list", missing), bash("zsh -ic 'pm2 list'")])
    assert local.change == "zsh -ic '…'"


def test_a_json_document_an_error_echoes_back_is_that_runs_own() -> None:
    """A client refused its input and printed it back, on one line or over many: the input is no part of what failed."""
    phrases = {
        error_phrase(body)
        for body in (
            'Exit code 2\nMalformed payload: "{"sku": "A-19", "qty": 3, "note": "gift"}"',
            'Exit code 2\nMalformed payload: "{\n  "sku": "B-7",\n  "qty": 1\n}\n"',
            'Exit code 2\nMalformed payload: \'[{"sku": "C-2"}]\'',
        )
    }
    assert phrases == {"malformed payload: '…'"}
    # A value quoted in the middle of a sentence keeps the words after it.
    assert error_phrase('Invalid value "[1, 2]" for --ids') == "invalid value '…' for --ids"


def test_a_scripts_interpreter_line_is_code_an_edit_changed() -> None:
    """`#!/usr/bin/env bun` reads like four plain words of a comment, but it says what runs the script."""
    edit = {"file_path": "/h/seed.ts", "old_string": "#!/usr/bin/env node\n", "new_string": "#!/usr/bin/env bun\n"}
    assert added_words(edit) == ["bun"]
    assert changed_lines(edit) == ["#!/usr/bin/env bun"]


def test_a_json_body_curl_printed_before_its_own_line_is_read_for_its_message() -> None:
    """`curl --fail-with-body` prints the body and then its own complaint with no newline between them: the body's
    message names the failure, however long the name of the thing it mentions."""
    body = (
        'Exit code 22\n{{"code":409,"message":"Pipeline must be paused before its schedule can be changed. Pause it '
        "with a 'POST' to '/pipelines/{0}/pause' first\"}}curl: (22) The requested URL returned error: 409"
    )
    phrases = {error_phrase(body.format(name)) for name in ("etl", "nightly-warehouse-rebuild-with-long-name")}
    assert phrases == {"pipeline must be paused before its schedule can"}


def test_a_message_that_prints_an_object_is_told_by_what_comes_before_it() -> None:
    """The object lists this run's own keys; two runs missing different settings failed the same way."""
    phrases = {
        error_phrase(f"Exit code 1\n✖ Invalid settings: {{ {key}: [ 'Required' ] }}")
        for key in ("SMTP_HOST", "SENTRY_DSN")
    }
    assert phrases == {"✖ invalid settings"}


def test_a_wrapper_is_shown_with_the_options_it_was_given() -> None:
    """The env file the wrapper loads is what made the step work: `dotenv -e .env.test -- …`, not `dotenv -- …`."""
    steps = [
        bash("pnpm exec knex migrate:latest", "Exit code 1\nError: connect ECONNREFUSED 127.0.0.1:5432"),
        bash("pnpm exec dotenv -e .env.test -- knex migrate:latest"),
    ]
    [recovery] = find_recoveries(steps)
    assert recovery.change == "dotenv -e .env.test -- …"


def test_options_put_in_before_the_subcommand_are_the_same_step_run_another_way() -> None:
    """`ops-cli --profile staging deploy web` reads as the program `ops-cli` with an unknown first word; it is
    `ops-cli deploy web` given a profile."""
    steps = [
        bash("ops-cli deploy web --wait", "Exit code 2\nerror: no credentials for profile 'default'"),
        bash("ops-cli --profile staging deploy web --wait"),
    ]
    [recovery] = find_recoveries(steps)
    assert recovery.change == "ops-cli --profile staging deploy"


def test_a_json_message_over_several_lines_is_named_by_its_first() -> None:
    """The lines under the first list this run's own findings; the first says what failed."""
    body = (
        'Exit code 22\n{{"error_code":400,"message":"Pipeline definition is invalid and has the following 1 error(s):'
        '\\n{0}\\nSee the validate endpoint for the full list"}}curl: (22) The requested URL returned error: 400'
    )
    phrases = {error_phrase(body.format(detail)) for detail in ("Missing stage name", "Unknown trigger cron2")}
    assert phrases == {"pipeline definition is invalid and has the following"}


def test_a_database_drivers_message_is_read_under_its_labels() -> None:
    """SQL Server prints a header line and the message under it; ODBC chains its sources in brackets before the
    message, or puts the driver's name before a colon. Each run's server, line and state are its own."""
    header = "Exit code 1\nMsg 156, Level 15, State 1, Server {0}, Line {1}\nIncorrect syntax near the keyword 'JOIN'."
    assert {error_phrase(header.format(s, n)) for s, n in (("db-a", 3), ("db-b", 41))} == {
        "incorrect syntax near the keyword '…'."
    }
    chained = (
        "Exit code 1\nSQLState = 28000, NativeError = 18456\nError = [Microsoft][ODBC Driver 18 for SQL Server]"
        "[SQL Server]Login failed for user 'svc_{0}'."
    )
    labelled = "Exit code 1\nSqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Login failed for user 'svc_{0}'."
    assert error_phrase(chained.format("etl")) == error_phrase(labelled.format("bi")) == "login failed for user '…'."


def test_one_setting_given_its_own_value_each_run_is_shown_by_its_name() -> None:
    runs = [
        "flink run -D taskmanager.memory.managed.size=2g job.jar",
        "flink run -D taskmanager.memory.managed.size=512m job.jar",
    ]
    assert common_command(runs) == "flink run -D taskmanager.memory.managed.size=… job.jar"


def test_a_table_named_with_its_schema_is_that_runs_own() -> None:
    phrases = {
        error_phrase(f"Exit code 2\n[check] FAIL {t} rows=0 < 1") for t in ("stg.stg_orders", "mart.fct_refunds")
    }
    assert len(phrases) == 1 and "<name>" in phrases.pop()


def test_reading_a_clusters_application_logs_is_a_look() -> None:
    assert is_looking("Bash", {"command": "yarn logs -applicationId application_17_0042 -log_files stderr"})
    assert not is_looking("Bash", {"command": "yarn add left-pad"})
