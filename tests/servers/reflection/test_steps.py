"""A step is its tool plus the shape of its arguments; a task's path leaves its failures and recoveries out."""

from __future__ import annotations

import pytest

from servers.reflection.steps import (
    StepId,
    checking,
    command_heads,
    does_work,
    file_role,
    looking,
    phrase,
    step_ids,
    successful_path,
)
from tests.servers.reflection.claude_code_traces import REJECTED, bash, edit, grep, read, todo, write


@pytest.mark.parametrize(
    ("command", "heads"),
    [
        ("git push origin main", ["git push"]),
        ("cd /home/dev/app && alembic upgrade head", ["alembic upgrade"]),
        ("FOO=1 BAR=2 alembic revision --autogenerate -m 'add orders'", ["alembic revision"]),
        ("uv run --with rich alembic upgrade head", ["alembic upgrade"]),
        ("poetry run dbt run --select orders", ["dbt run"]),
        ("npx prettier --write .", ["prettier"]),
        (".venv/bin/python -m pytest -x tests/", ["pytest"]),
        ("python3.11 manage.py migrate", ["manage.py migrate"]),
        ("pnpm test", ["pnpm test"]),
        ("pnpm run test", ["pnpm test"]),
        ("npm test", ["npm run test"]),
        ("terraform plan -out plan.tfplan", ["terraform plan"]),
        ("kubectl -n prod apply -f k8s/", ["kubectl apply"]),
        ("docker compose -f dev.yml up -d", ["docker compose up"]),
        ("gh pr create --fill", ["gh pr create"]),
        ("sudo -E timeout 60 make test", ["make test"]),
        ("bash -c 'cd x && cargo test'", ["cargo test"]),
        ("./gradlew :app:assembleDebug", ["gradlew assembleDebug"]),
        ("./gradlew --console=plain ktlintCheck detekt", ["gradlew ktlintCheck"]),
        ("docker build -f api.Dockerfile \\\n  -t api:staging \\\n  -t api:staging-1a2b .", ["docker build"]),
        ("sqlx migrate add -r add_weights", ["sqlx migrate add"]),
        ("bin/rails generate sidekiq:job low_stock", ["rails generate sidekiq:job"]),
        ("./mvnw -pl coupon-service test -Dtest=X", ["mvnw test"]),
        ("docker build --label rev=$(git rev-parse HEAD) -t api:$(git rev-parse --short HEAD) .", ["docker build"]),
        ("cargo sqlx prepare --workspace -- --all-targets", ["cargo sqlx prepare"]),
        ("pytest -q 2>&1 | tail -20", ["pytest"]),
        ("cd app\nexport X=1\nruff check .", ["ruff check"]),
        ("grep -rn TODO src", ["grep"]),
        ("echo done", ["echo"]),  # nothing but setup: the first command stands for the call
        # A word with a digit after a long option is its value, not the subcommand; a plain word still is.
        ("python -m esptool --chip esp32c6 -p /dev/ttyUSB0 erase_flash", ["esptool erase_flash"]),
        ("openocd-flash --board nucleo64 write fw.elf", ["openocd-flash write"]),
        ("mvn --batch-mode verify", ["mvn verify"]),
        # A command run on another host over ssh is that command; a session or a tunnel is ssh itself.
        (
            "ssh -p 2201 ops@db1 'sudo -u postgres pg_ctl promote && sudo systemctl reload pgbouncer'",
            ["systemctl reload"],
        ),
        ("ssh ops@db1 docker compose -f /srv/app.yml pull", ["docker compose pull"]),
        ("ssh ops@db1 'sudo systemctl restart api && systemctl is-active api'", ["systemctl restart"]),
        ("ssh -L 5432:localhost:5432 ops@db1", ["ssh"]),
        ("ssh kiosk-04.local 'Kiosk.Display.info()'", ["ssh"]),  # the device's own shell, not a program
    ],
)
def test_command_heads_unwrap_cd_env_wrappers_and_interpreters(command: str, heads: list[str]) -> None:
    assert command_heads(command) == heads


def test_a_chain_is_one_step_per_command_that_does_something() -> None:
    assert command_heads("cd app && make build && docker push registry/app:1.4 && echo ok") == [
        "make build",
        "docker push",
    ]
    # Staging belongs to the commit; a quoted here-document is part of its argument, not commands of its own.
    heredoc = "git add -A && git commit -m \"$(cat <<'EOF'\nfix: it's done; really\nEOF\n)\" && git push"
    assert command_heads(heredoc) == ["git commit", "git push"]


@pytest.mark.parametrize(
    ("command", "heads"),
    [
        ("source build/envsetup.sh && lunch sdm845-userdebug && m framework-minus-apex", ["m framework-minus-apex"]),
        ("module load gcc/13.2 openmpi/5 && make -j8 ocean", ["make ocean"]),
        ("nvm use 20 && pnpm run build", ["pnpm build"]),
        ("conda activate tiles && python -m pytest tests/", ["pytest"]),
        ("lunch sdm845-userdebug && atest FrameworksServicesTests", ["atest"]),
        ("lunch sdm845-userdebug", ["lunch sdm845-userdebug"]),  # nothing after it: the switch is the step
        ("sudo -u postgres psql -d billing -c 'vacuum'", ["psql"]),  # the user sudo runs it as is no command
    ],
)
def test_switching_the_environment_is_setup_not_a_step(command: str, heads: list[str]) -> None:
    """A command that only switches what the rest runs in (a build target, a toolchain, an interpreter) is no
    step of its own, whichever target it names; a test runner's argument is the test, not a subcommand."""
    assert command_heads(command) == heads


@pytest.mark.parametrize(
    ("path", "role"),
    [
        ("/home/dev/app/migrations/versions/3f2a_add_orders.py", "migration"),
        ("db/migrate/20240101_add_users.rb", "migration"),
        ("/home/dev/app/tests/test_orders.py", "test"),
        ("web/src/Cart.test.tsx", "test"),
        ("CHANGELOG.md", "changelog"),
        ("/home/dev/app/pyproject.toml", "package manifest"),
        ("package.json", "package manifest"),
        ("uv.lock", "lockfile"),
        ("models/marts/orders.sql", "dbt model"),
        (".github/workflows/ci.yml", "ci config"),
        ("infra/main.tf", "terraform config"),
        ("Makefile", "build config"),
        ("config/settings.yaml", "config"),
        ("docs/api.md", "docs"),
        ("src/shop/models.py", "python source"),
        ("web/src/App.tsx", "typescript source"),
    ],
)
def test_files_count_by_role_not_path(path: str, role: str) -> None:
    assert file_role(path) == role


def test_identity_is_the_tool_plus_its_argument_shape() -> None:
    assert step_ids(bash("cd /srv && uv run alembic upgrade head")) == (StepId("Bash", "shell", "alembic upgrade"),)
    assert step_ids(edit("/home/dev/app/migrations/versions/9b1c_x.py"))[0].label == "Edit(migration)"
    search = {"tool": "mcp__search__web", "arguments": {"query": "q", "limit": 5}}
    assert step_ids(search) == (StepId("mcp__search__web", "call", "limit,query"),)
    assert step_ids(search)[0].label == "mcp__search__web"  # the keys compare, the label stays the tool's name
    assert step_ids(todo()) == ()  # planning is not a step
    cut = {"tool": "Bash", "arguments": '{"command": "alembic upgrade head", "descrip'}  # JSON text cut off
    assert step_ids(cut) == (StepId("Bash", "shell", "alembic upgrade"),)


def test_a_failure_and_its_recovery_are_left_out_of_the_path() -> None:
    steps = [
        edit("/app/src/cart.py"),
        bash("git push", error=REJECTED),
        bash("git pull --rebase", "Rebase"),
        bash("git push", "Push"),
    ]
    path = successful_path(steps)
    assert [p.id.label for p in path] == ["Edit(python source)", "Bash(git push)"]
    assert (path[1].first, path[1].last) == (1, 3)  # the kept push stands for the failed attempt too


def test_rereading_a_file_to_edit_it_is_a_recovery_and_repeats_collapse() -> None:
    steps = [
        edit("/app/README.md", error="File has not been read yet. Read it first before writing to it."),
        read("/app/README.md"),
        edit("/app/README.md"),
        edit("/app/docs/usage.md"),
    ]
    assert [p.id.label for p in successful_path(steps)] == ["Edit(docs)"]


def test_looking_is_not_a_step_of_the_path() -> None:
    steps = [
        grep("class Order"),
        read("/app/src/shop/models.py"),
        edit("/app/src/shop/models.py"),
        bash("git status && git diff --stat"),
        read("/app/src/shop/orders.py"),
        write("/app/src/shop/orders.py"),  # written anew or edited: the same step
        bash("pytest -q"),
    ]
    assert [p.id.label for p in successful_path(steps)] == ["Edit(python source)", "Bash(pytest)"]
    assert looking(StepId("Bash", "shell", "git log")) and not looking(StepId("Bash", "shell", "git push"))


def test_the_fix_between_a_failing_and_a_passing_test_run_is_not_a_step() -> None:
    steps = [
        edit("/app/tests/test_cart.py"),
        bash("pytest tests/test_cart.py", error="1 failed: AssertionError"),
        edit("/app/src/cart.py"),
        bash("pytest tests/test_cart.py"),
    ]
    assert [p.id.label for p in successful_path(steps)] == ["Edit(test)", "Bash(pytest)"]


def test_phrases_say_what_a_step_does() -> None:
    assert phrase(StepId("Bash", "shell", "git push")) == "run `git push`"
    assert phrase(StepId("Edit", "file", "migration")) == "edit the migration"
    assert phrase(StepId("web_search", "call", "query")) == "web_search"


def test_edits_and_checks_alone_are_the_everyday_loop_not_a_workflow() -> None:
    def shell(head: str) -> StepId:
        return StepId("Bash", "shell", head)

    source, test = StepId("Edit", "file", "rust source"), StepId("Edit", "file", "test")
    assert all(checking(shell(h)) for h in ["cargo test", "pytest", "pnpm lint", "cargo clippy", "ruff check"])
    assert not any(checking(shell(h)) for h in ["alembic upgrade", "git push", "dbt run", "terraform plan"])
    assert not does_work([source, test, shell("cargo test")])
    assert not does_work([source, shell("pytest"), shell("ruff check"), StepId("Read", "file", "python source")])
    # Compiling to see whether it builds is a check; packing or building an image is work.
    assert not does_work([StepId("Edit", "file", "go source"), shell("go build"), shell("go test")])
    assert does_work([source, shell("dotnet build"), shell("dotnet pack"), shell("dotnet nuget")])
    assert does_work([source, shell("dbt run"), shell("dbt test")])
    assert does_work([StepId("web_search", "call", "query"), StepId("web_fetch", "call", "url")])
    assert not does_work([shell("git commit"), shell("git push")])  # two commands in a row: any day holds them
    assert does_work([source, shell("git commit"), shell("git tag"), shell("git push")])


def test_moving_work_between_branches_and_remotes_is_no_work_of_its_own() -> None:
    def shell(head: str) -> StepId:
        return StepId("Bash", "shell", head)

    source = StepId("Edit", "file", "java source")
    # Switch a branch, edit, test, commit, push: what every task does around its work.
    assert not does_work([shell("git switch"), source, StepId("Edit", "file", "test"), shell("mvnw test")])
    assert not does_work([shell("git switch"), shell("git pull"), shell("git switch")])
    assert not does_work([shell("mvnw verify"), shell("git commit"), shell("git push")])
    # A pull request, a tag, a deploy after the same bookkeeping are the work.
    assert does_work([shell("mvnw verify"), shell("git push"), shell("glab mr create")])
    assert does_work([StepId("Edit", "file", "changelog"), shell("git tag"), shell("git push")])
    assert does_work([shell("git switch"), source, shell("kubectl apply")])
