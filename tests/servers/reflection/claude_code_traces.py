"""Task traces shaped like Claude Code's hook captures, with known workflows, recoveries and noise.

Every step is one of Claude Code's tools with its real argument shape (``Bash`` with ``command`` and
``description``, ``Read``/``Edit``/``Write`` with an absolute ``file_path``, ``Grep``, ``Glob``,
``WebFetch``, ``TodoWrite``); some arguments are the JSON text memory keeps. Planted:

| what                                    | tasks | expected                                        |
|-----------------------------------------|-------|-------------------------------------------------|
| alembic migration (one failed revision  | 3     | one draft: edit model → revision → edit the     |
| fixed by an upgrade, then retried)      |       | migration → upgrade, with a note on the failure |
| release: changelog, version, tag, push  | 3     | one draft, with a note on the rejected push     |
| (one push rejected and rebased)         |       |                                                 |
| dbt model change                        | 3     | one draft                                       |
| push rejected → pull --rebase → push    | 3     | no draft: a recovery, not a workflow            |
| Edit before Read → Read → Edit          | 3     | no draft                                        |
| terraform plan → apply                  | 2     | no draft: under the threshold                   |
| one-off tasks; searches, reads, todos   | 4     | nothing                                         |
| and git status between steps            |       |                                                 |

Paths, commit messages and task wording differ from task to task, as they would.
"""

from __future__ import annotations

import json
from typing import Any

from servers.reflection.models import TaskReport, TraceStep

Step = dict[str, Any]

HOME = "/home/dev/shop"
DBT = "/home/dev/analytics"


def bash(command: str, description: str = "", error: str | None = None, as_text: bool = False) -> Step:
    args: dict[str, Any] = {"command": command, "description": description or f"Run {command.split()[0]}"}
    step: Step = {"tool": "Bash", "arguments": json.dumps(args) if as_text else args, "ok": error is None}
    if error:
        step["error"] = error
    return step


def read(path: str) -> Step:
    return {"tool": "Read", "arguments": {"file_path": path}, "ok": True}


def edit(path: str, error: str | None = None) -> Step:
    step: Step = {
        "tool": "Edit",
        "arguments": {"file_path": path, "old_string": "x = 1", "new_string": "x = 2"},
        "ok": error is None,
    }
    if error:
        step["error"] = error
    return step


def write(path: str) -> Step:
    return {"tool": "Write", "arguments": {"file_path": path, "content": "..."}, "ok": True}


def grep(pattern: str) -> Step:
    return {"tool": "Grep", "arguments": {"pattern": pattern, "path": HOME, "output_mode": "content"}, "ok": True}


def glob(pattern: str) -> Step:
    return {"tool": "Glob", "arguments": {"pattern": pattern}, "ok": True}


def todo() -> Step:
    return {"tool": "TodoWrite", "arguments": {"todos": [{"content": "do it", "status": "in_progress"}]}, "ok": True}


REJECTED = "! [rejected]        main -> main (non-fast-forward)\nerror: failed to push some refs"


def migration(column: str, revision: str, *, stale_db: bool = False) -> list[Step]:
    version = f"{HOME}/migrations/versions/{revision}_{column}.py"
    steps = [read(f"{HOME}/src/shop/models.py"), edit(f"{HOME}/src/shop/models.py")]
    if stale_db:
        steps += [
            bash(
                f'cd {HOME} && uv run alembic revision --autogenerate -m "{column}"',
                error="ERROR [alembic.util.messaging] Target database is not up to date.",
            ),
            bash(f"cd {HOME} && uv run alembic upgrade head", "Bring the database up to date"),
        ]
    steps += [
        bash(f'cd {HOME} && uv run alembic revision --autogenerate -m "{column}"', "Generate the migration"),
        read(version),
        edit(version),
        bash("uv run alembic upgrade head", "Apply the migration", as_text=True),
    ]
    return steps


def release(version: str, *, rejected: bool = False) -> list[Step]:
    steps = [
        read(f"{HOME}/CHANGELOG.md"),
        edit(f"{HOME}/CHANGELOG.md"),
        edit(f"{HOME}/pyproject.toml"),
        bash(f'git add -A && git commit -m "Release {version}" && git tag v{version}', "Commit and tag the release"),
    ]
    if rejected:
        steps += [
            bash("git push origin main --tags", error=REJECTED),
            bash("git pull --rebase origin main", "Rebase on the remote"),
        ]
    return [*steps, bash("git push origin main --tags", "Push the release")]


def dbt_change(model: str) -> list[Step]:
    sql = f"{DBT}/models/marts/{model}.sql"
    return [
        read(sql),
        edit(sql),
        bash(f"cd {DBT} && dbt run --select {model}", "Build the model"),
        bash(f"dbt test --select {model}", "Test the model"),
    ]


def pushed_after_rebase(before: list[Step]) -> list[Step]:
    return [
        *before,
        bash("git push", error=REJECTED),
        bash("git pull --rebase", "Rebase"),
        bash("git push", "Push"),
    ]


def edited_before_read(path: str) -> list[Step]:
    return [
        edit(path, error="File has not been read yet. Read it first before writing to it."),
        read(path),
        edit(path),
    ]


TASKS: list[tuple[str, str, list[Step]]] = [
    ("m1", "Add an orders.status column with a migration", [grep("class Order"), *migration("orders_status", "3f2a")]),
    ("r1", "Release version 1.4.0", [*release("1.4.0"), todo()]),
    ("d1", "Change the orders dbt model to add a refund flag", dbt_change("orders")),
    ("p1", "push my fix for the cart total", pushed_after_rebase([edit(f"{HOME}/src/shop/cart.py")])),
    (
        "n1",
        "What does the checkout service return on a declined card?",
        [grep("declined"), read(f"{HOME}/src/shop/checkout.py")],
    ),
    (
        "m2",
        "Add a migration for the invoices.paid_at column",
        [todo(), *migration("invoices_paid_at", "9b1c", stale_db=True), bash("git status", "Check")],
    ),
    ("e1", "fix the typo in the README", [*edited_before_read(f"{HOME}/README.md"), bash("git diff", "Show")]),
    ("r2", "Cut the 1.5.0 release", [bash("git status", "Check"), *release("1.5.0", rejected=True)]),
    ("t1", "Plan and apply the staging bucket change", [bash("terraform plan"), bash("terraform apply -auto-approve")]),
    (
        "p2",
        "push the docs update",
        pushed_after_rebase([write(f"{HOME}/docs/api.md"), bash("git commit -am 'Document the API'", "Commit")]),
    ),
    (
        "d2",
        "Update the customers dbt model with lifetime value",
        [glob("models/**/*.sql"), *dbt_change("customers")],
    ),
    (
        "n2",
        "Read the FastAPI docs on background tasks",
        [
            {
                "tool": "WebFetch",
                "arguments": {"url": "https://fastapi.tiangolo.com/tutorial/background-tasks/", "prompt": "summarise"},
            }
        ],
    ),
    ("e2", "rename the settings module docstring", [*edited_before_read(f"{HOME}/src/shop/settings.py")]),
    ("m3", "Create a migration adding an index on users.email", migration("users_email_index", "c7d0")),
    ("p3", "push the hotfix", pushed_after_rebase([bash(".venv/bin/python -m pytest -q", "Run the tests")])),
    ("r3", "Release 2.0.0 with the new checkout", release("2.0.0")),
    ("t2", "terraform: plan and apply the CDN change", [bash("cd infra && terraform plan"), bash("terraform apply")]),
    ("d3", "Change the payments dbt model to drop test rows", [todo(), *dbt_change("payments"), todo()]),
    ("e3", "tidy the Makefile comment", [*edited_before_read(f"{HOME}/Makefile"), bash("make lint", "Lint")]),
    ("n3", "Which endpoints are slow?", [grep("@router"), glob("src/**/*.py"), read(f"{HOME}/src/shop/api.py")]),
    ("n4", "Bump ruff", [edit(f"{HOME}/pyproject.toml"), bash("uv lock", "Lock")]),
]

MIGRATION = ("Edit(python source)", "Bash(alembic revision)", "Edit(migration)", "Bash(alembic upgrade)")
RELEASE = ("Edit(changelog)", "Edit(package manifest)", "Bash(git commit)", "Bash(git tag)", "Bash(git push)")
DBT_CHANGE = ("Edit(dbt model)", "Bash(dbt run)", "Bash(dbt test)")


def task_report(task_id: str, task: str, steps: list[Step]) -> TaskReport:
    """The task as the hooks report it to reflection."""
    trace = [
        TraceStep(tool=s["tool"], arguments=s["arguments"], ok=s.get("ok", True), error=s.get("error")) for s in steps
    ]
    return TaskReport(task=task, task_id=task_id, trace=trace)
