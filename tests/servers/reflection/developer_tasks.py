"""A labelled set of developer tasks for experience reuse: what was stored, what was asked later, what helps.

Stored tasks are successful Claude Code runs (tool steps with their arguments, some as the JSON text hooks
keep, some as mappings). Each new request lists the stored tasks whose procedure would really help it,
judged by hand; an empty set means none would, and the right advice is to plan from scratch.

Experiences are one per (signature, tool chain), and developer tasks share both often (Bash → Read → Edit →
Bash, a "general" or "code" type): a later task of the same shape updates the earlier experience instead
of adding its own. The stored tasks here differ in their tool chains so that each is kept apart.
"""

from __future__ import annotations

import json
from typing import Any

from servers.reflection.models import TaskReport, TraceStep

Step = tuple[str, dict[str, Any], str | None]  # tool, arguments, error or None


def bash(command: str) -> dict[str, Any]:
    return {"command": command, "description": "run it"}


def path(file_path: str) -> dict[str, Any]:
    return {"file_path": file_path}


STORED: dict[str, tuple[str, list[Step]]] = {
    "users-endpoint": (
        "create a GET /users/{id} route in the FastAPI service",
        [
            ("Read", path("app/main.py"), None),
            ("Write", path("app/routers/users.py"), None),
            ("Edit", path("app/main.py"), None),
            ("Bash", bash("uv run pytest tests/test_users.py -q"), None),
        ],
    ),
    "alembic-users": (
        "generate an alembic revision that adds the users table",
        [
            ("Bash", bash("alembic revision --autogenerate -m 'add users'"), None),
            ("Read", path("migrations/versions/0007_add_users.py"), None),
            ("Edit", path("migrations/versions/0007_add_users.py"), None),
            ("Bash", bash("alembic upgrade head"), None),
        ],
    ),
    "release": (
        "release 1.3.0: bump the version in pyproject.toml and push a v1.3.0 tag",
        [
            ("Edit", path("pyproject.toml"), None),
            ("Bash", bash("git commit -am 'Release 1.3.0'"), None),
            ("Bash", bash("git tag v1.3.0"), None),
            ("Bash", bash("git push origin main --tags"), None),
        ],
    ),
    "orders-test": (
        "tests/test_orders.py::test_total is failing, make it pass",
        [
            ("Bash", bash("pytest tests/test_orders.py -x"), "1 failed: AssertionError"),
            ("Read", path("src/shop/orders.py"), None),
            ("Edit", path("src/shop/orders.py"), None),
            ("Bash", bash("pytest tests/test_orders.py"), None),
        ],
    ),
    "push-rejected": (
        "push to origin failed: rejected, non-fast-forward",
        [
            ("Bash", bash("git push"), "! [rejected] main -> main (non-fast-forward)"),
            ("Bash", bash("git pull --rebase"), None),
            ("Bash", bash("git push"), None),
        ],
    ),
    "nil-pointer-zh": (
        "user_service.go 空指针崩溃了，帮我修一下",
        [
            ("Read", path("internal/user/user_service.go"), None),
            ("Edit", path("internal/user/user_service.go"), None),
            ("Bash", bash("go test ./internal/user/..."), None),
        ],
    ),
    "pnpm-module": (
        "vitest can't resolve '@/utils/format' when I run pnpm test",
        [
            ("Bash", bash("pnpm test"), "Error: Cannot find module '@/utils/format'"),
            ("Read", path("tsconfig.json"), None),
            ("Edit", path("vitest.config.ts"), None),
            ("Bash", bash("pnpm test"), None),
        ],
    ),
    "module-not-found": (
        "ModuleNotFoundError: No module named 'app' when running pytest",
        [
            ("Bash", bash("pytest"), "ModuleNotFoundError: No module named 'app'"),
            ("Glob", {"pattern": "**/conftest.py"}, None),
            ("Read", path("pyproject.toml"), None),
            ("Edit", path("pyproject.toml"), None),
            ("Bash", bash("pytest"), None),
        ],
    ),
    "dockerfile-zh": (
        "给 Dockerfile 加上多阶段构建，减小镜像体积",
        [
            ("Read", path("Dockerfile"), None),
            ("Edit", path("Dockerfile"), None),
            ("Bash", bash("docker build -t shop ."), None),
        ],
    ),
    "ci-workflow": (
        "set up a GitHub Actions workflow that runs ruff and pytest on every push",
        [
            ("Write", path(".github/workflows/ci.yml"), None),
            ("Bash", bash("git add .github/workflows/ci.yml && git commit -m 'Add CI'"), None),
            ("Bash", bash("git push"), None),
        ],
    ),
    "rename": (
        "rename get_user to fetch_user across the codebase",
        [
            ("Grep", {"pattern": "get_user"}, None),
            ("Edit", path("app/users.py"), None),
            ("Edit", path("app/api.py"), None),
            ("Bash", bash("pytest -q"), None),
        ],
    ),
    "alembic-zh": (
        "数据库迁移：给 orders 表加一个 status 字段",
        [
            ("Edit", path("app/models.py"), None),
            ("Bash", bash("alembic revision --autogenerate -m 'order status'"), None),
            ("Bash", bash("cd app && alembic upgrade head"), None),
        ],
    ),
    "merge-conflict": (
        "resolve the merge conflict in app/config.py after rebasing on main",
        [
            ("Bash", bash("git status"), None),
            ("Grep", {"pattern": "<<<<<<<"}, None),
            ("Read", path("app/config.py"), None),
            ("Edit", path("app/config.py"), None),
            ("Bash", bash("git add app/config.py && git rebase --continue"), None),
        ],
    ),
    "redis-cache": (
        "add a Redis cache in front of the product lookup",
        [
            ("Read", path("app/products.py"), None),
            ("Edit", path("app/products.py"), None),
            ("Write", path("tests/test_product_cache.py"), None),
            ("Bash", bash("pytest tests/test_product_cache.py"), None),
        ],
    ),
    "flaky-test": (
        "tests/test_payments.py fails now and then with a timeout; make it reliable",
        [
            ("Bash", bash("pytest tests/test_payments.py --count 20"), "1 failed: TimeoutError"),
            ("Read", path("tests/test_payments.py"), None),
            ("Read", path("src/shop/payments.py"), None),
            ("Edit", path("tests/test_payments.py"), None),
            ("Read", path("tests/conftest.py"), None),
            ("Bash", bash("pytest tests/test_payments.py --count 20"), None),
            ("Bash", bash("git commit -am 'Stabilise the payments test'"), None),
        ],
    ),
    "changelog": (
        "write the CHANGELOG entry for 1.3.0",
        [
            ("Bash", bash("git log v1.2.0..HEAD --oneline"), None),
            ("Edit", path("CHANGELOG.md"), None),
        ],
    ),
    "docker-push": (
        "tag the docker image and push it to the registry",
        [
            ("Bash", bash("docker tag shop:latest registry.example.com/shop:1.3.0"), None),
            ("Bash", bash("docker push registry.example.com/shop:1.3.0"), None),
            ("Read", path("deploy/values.yaml"), None),
        ],
    ),
    "readme": (
        "write the README section on configuration",
        [
            ("Read", path("README.md"), None),
            ("Edit", path("README.md"), None),
        ],
    ),
}

# New request → the stored tasks that would really help it (empty: none would).
ASKED: dict[str, set[str]] = {
    "add a /health endpoint to the FastAPI app": {"users-endpoint"},
    "write the alembic migration for the orders table": {"alembic-users", "alembic-zh"},
    "bump the version and tag the release": {"release"},
    "fix the failing test in tests/test_billing.py": {"orders-test", "flaky-test"},
    "git push was rejected": {"push-rejected"},
    "修复 order_service.go 里的空指针": {"nil-pointer-zh"},
    "pytest fails with ModuleNotFoundError: No module named 'billing'": {"module-not-found"},
    "docker build 太慢了，镜像也太大": {"dockerfile-zh"},
    "pnpm test: Cannot find module '@/components/Button'": {"pnpm-module"},
    "resolve the rebase conflicts in app/models.py": {"merge-conflict"},
    "加一个 Redis 缓存给商品查询接口": {"redis-cache"},
    "translate the error messages into German": set(),
    "add rate limiting to the login endpoint": set(),
    "upgrade pydantic to v2 and fix the validators": set(),
}


def stored_report(key: str, as_hook_text: bool = False) -> TaskReport:
    """The stored task ``key`` as a report; ``as_hook_text`` keeps arguments as JSON text, as hooks do."""
    task, steps = STORED[key]
    trace = [
        TraceStep(
            tool=tool,
            arguments=json.dumps(arguments) if as_hook_text else arguments,
            ok=error is None,
            error=error,
        )
        for tool, arguments, error in steps
    ]
    return TaskReport(task=task, trace=trace, task_id=key)
