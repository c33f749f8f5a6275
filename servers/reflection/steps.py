"""What one step of a task trace is: its tool plus the shape of its arguments, for mining and drafting.

Comparing steps by tool name alone makes every coding task look alike (a release and a migration are both
"Bash, Edit, Bash"). A step is identified instead by what it does:

| step (tool and arguments)                                          | identity, as labelled          |
|--------------------------------------------------------------------|--------------------------------|
| ``Bash {"command": "cd app && uv run alembic upgrade head"}``      | ``Bash(alembic upgrade)``      |
| ``Bash {"command": "FOO=1 .venv/bin/python -m pytest -x tests"}``  | ``Bash(pytest)``               |
| ``Bash {"command": "git add -A && git commit -m x && git push"}``  | ``Bash(git commit)``, ``Bash(git push)`` |
| ``Edit {"file_path": "/home/dev/app/migrations/versions/3f.py"}``  | ``Edit(migration)``            |
| ``web_search {"query": "…"}``                                      | ``web_search`` (and its keys)  |

Shell tools are any with a ``command`` string; a chain of commands (``&&``, ``;``, new lines) is one
identity per command that does something (``cd``, ``export``, ``echo`` … do not), and a pipeline counts by
its first command (``git add`` before a ``git commit`` is part of it). File tools are Claude Code's
(``Read``, ``Edit``, ``Write``, ``MultiEdit``, ``Notebook*``: writing and editing are one step) and any
tool with a ``file_path``; the file counts by its role, not its path. Planning calls (``TodoWrite``) are
not steps at all.

:func:`successful_path` is what a task did once its failures are taken out: failed calls, and the calls
that fixed them before the same step was retried and worked (the recovery, as :mod:`servers.core.recovery`
finds it), are dropped; the retry is kept. A recovery is a lesson about a step, not a workflow of its own.
Steps that only look (Claude Code's ``Read``, ``Grep``, ``Glob``; ``git status``, ``ls``) are left out of
the path too: an agent reads before every edit and searches as it pleases, so they differ from task to
task of one workflow without changing what was done.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from servers.core import recovery
from servers.core.recent import Recent

Step = dict[str, Any]
Kind = Literal["shell", "file", "call"]

FILE_TOOLS = frozenset({"Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead"})
# Writing a file anew and editing it are one step: tasks of one workflow do either, as the file exists or not.
_AS_TOOL = {"Write": "Edit", "MultiEdit": "Edit", "NotebookEdit": "Edit", "NotebookRead": "Read"}
_BOOKKEEPING = frozenset({"TodoWrite", "TodoRead", "ExitPlanMode"})


@dataclass(frozen=True, order=True)
class StepId:
    tool: str
    kind: Kind
    detail: str  # shell: command head; file: role; call: the sorted argument keys, comma-separated

    @property
    def label(self) -> str:
        """How the step is shown and keyed: argument keys stay out, so a plain tool reads as its name."""
        return f"{self.tool}({self.detail})" if self.kind != "call" and self.detail else self.tool


class PathStep(NamedTuple):
    id: StepId
    first: int  # index of the earliest raw call this step stands for (a failed attempt it recovered)
    last: int  # index of the call that worked


# --- arguments -----------------------------------------------------------------------------------------

_LOOSE_STRING = re.compile(r'"(command|file_path|notebook_path|path)"\s*:\s*"((?:[^"\\]|\\.)*)')


def arguments(step: Step) -> dict[str, Any]:
    """The step's arguments as a dict; memory keeps them as JSON text, possibly cut off at a length limit."""
    args = step.get("arguments")
    if isinstance(args, str) and args.lstrip().startswith("{"):
        try:
            args = json.loads(args)
        except ValueError:
            # A cut-off text still names its command or file: enough to tell what the step did.
            return {k: v.replace('\\"', '"') for k, v in _LOOSE_STRING.findall(args)}
    return args if isinstance(args, dict) else {}


def ok(step: Step) -> bool:
    return bool(step.get("ok", True))


# --- shell commands ------------------------------------------------------------------------------------

_SETUP = frozenset("cd pushd popd export source . set unset alias true false : echo printf sleep clear wait".split())
# Commands that only switch the environment what follows runs in (a toolchain, an interpreter, a build target):
# `source build/envsetup.sh && lunch <target> && m services` is the build step `m services`, whichever target.
_SWITCHES = frozenset("lunch workon deactivate chruby ulimit umask ml".split())
_SWITCHING = frozenset(
    "nvm use|fnm use|conda activate|conda deactivate|mamba activate|micromamba activate|pyenv shell|rbenv shell|"
    "sdk use|module load|module purge|module swap|module unload|spack load|spack env".split("|")
)
_PREFIXES = {"sudo": 0, "env": 0, "time": 0, "nohup": 0, "exec": 0, "command": 0, "nice": 0, "timeout": 1}
# Programs that run another command after one word of their own (``uv run pytest``).
_WRAPPERS = {
    "uv": {"run"},
    "poetry": {"run"},
    "pipenv": {"run"},
    "pdm": {"run"},
    "hatch": {"run"},
    "rye": {"run"},
    "conda": {"run"},
    "bundle": {"exec"},
    "pnpm": {"exec", "dlx"},
    "yarn": {"exec", "dlx"},
    "npm": {"exec"},
}
_RUNNERS = frozenset({"npx", "uvx", "bunx", "pipx"})
_INTERPRETERS = frozenset({"python", "node", "ruby", "perl", "bash", "sh", "zsh", "php", "tsx", "ts-node"})
# Programs whose first word is an operand (a path, a pattern), never a subcommand.
_NO_SUBCOMMAND = frozenset(
    """pytest mypy pyright black isort flake8 pylint eslint prettier tsc jest vitest mocha rg grep egrep ls cat
    head tail less more wc find fd sed awk sort uniq cut tr xargs tee rm cp mv mkdir rmdir touch chmod chown ln
    diff patch curl wget open which file stat du df ps kill pkill date tar zip unzip gzip jq yq code vim nano
    ssh scp rsync psql sqlite3 mysql tree realpath basename dirname test atest""".split()
)
# Subcommands that take one more word (``gh pr create``, ``docker compose up``, ``npm run build``).
_GROUPS: dict[str, frozenset[str] | None] = {
    "gh": None,  # every gh command is two words
    "aws": None,
    "gcloud": None,
    "az": None,
    "docker": frozenset({"compose", "container", "image", "network", "volume", "buildx", "system"}),
    "git": frozenset({"stash", "remote", "submodule", "worktree", "lfs"}),
    "kubectl": frozenset({"rollout", "config"}),
    "terraform": frozenset({"state", "workspace"}),
    "npm": frozenset({"run", "run-script"}),
    "uv": frozenset({"pip", "tool", "python"}),
    "prisma": frozenset({"migrate", "db"}),
    "supabase": frozenset({"db", "migration", "functions"}),
    "dotnet": frozenset({"ef"}),
    "sqlx": frozenset({"migrate", "database"}),
    "rails": frozenset({"generate", "g", "destroy"}),  # `rails generate sidekiq:job` is not `rails generate model`
    "cargo": frozenset({"sqlx"}),
}
_VALUE_OPTIONS = frozenset(
    "-C -c -n -f -p --file --namespace --context --kubeconfig --python --with --directory --project --package "
    "--filter --prefix --cwd --profile --region --config -pl --projects -rf --resume-from".split()
)
_SEPARATORS = frozenset(";&|\n()")
_DIGIT = re.compile(r"\d")
_SUBSTITUTION = re.compile(r"\$\([^()]*\)|`[^`]*`")
_WORD = re.compile(r"[a-z][a-z0-9_-]*(?::[a-z0-9_-]+)*")
_GRADLE_TASK = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_VERSIONED = re.compile(r"(python|pip|ruby|perl|php|node)[\d.]*")


def _tokens(command: str) -> list[str]:
    command = command.replace("\\\n", " ")  # a line continued with a backslash is one command
    # A command substitution is a value of the command around it (`-t app:$(git rev-parse HEAD)`), not a step.
    previous = None
    while previous != command:
        previous, command = command, _SUBSTITUTION.sub("SUBST", command)
    for text in (command, command.split("<<", 1)[0]):  # an unquoted here-document body is not shell code
        lexer = shlex.shlex(text, posix=True, punctuation_chars="();<>|&\n")
        lexer.whitespace, lexer.whitespace_split = " \t\r", True
        try:
            return list(lexer)
        except ValueError:
            continue
    return command.split()


def _segments(command: str) -> list[list[str]]:
    """The commands of a shell line, each as its words; of a pipeline only the first (the rest filter it)."""
    out: list[list[str]] = []
    current: list[str] = []
    piped = False
    for token in _tokens(command):
        if token and set(token) <= _SEPARATORS:
            if current and not piped:
                out.append(current)
            current, piped = [], token.strip("\n()") in ("|", "|&")
        else:
            current.append(token)
    if current and not piped:
        out.append(current)
    return out


def _program(word: str) -> str:
    name = posixpath.basename(word.replace("\\", "/")).lower().removesuffix(".exe")
    versioned = _VERSIONED.fullmatch(name)
    return versioned.group(1) if versioned else "pytest" if name == "py.test" else name


def _positionals(words: list[str]) -> list[int]:
    """Indices of the words that are not options (nor values of known options), up to a redirection."""
    out: list[int] = []
    skip = False
    for i, word in enumerate(words):
        if skip:
            skip = False
        elif word.startswith("-"):
            # A word with a digit right after a long option is that option's value (`esptool --chip esp32s3
            # write_flash`, `tool --api-version 2025-10 push`), not a subcommand: subcommands are words.
            value = words[i + 1] if i + 1 < len(words) else ""
            valued = word.startswith("--") and "=" not in word and _DIGIT.search(value) and not value.startswith("-")
            skip = word in _VALUE_OPTIONS or bool(valued)
        elif set(word) & set("<>"):
            break
        else:
            out.append(i)
    return out


def _head(words: list[str], depth: int = 0) -> str:
    """``git push`` from ``["git", "push", "origin"]``: the program and its subcommands, wrappers unwrapped."""
    i = 0
    while i < len(words):
        if _ASSIGNMENT.match(words[i]):  # FOO=1 cmd
            i += 1
        elif _program(words[i]) in _PREFIXES:  # sudo cmd, timeout 60 cmd
            prefix, i = _program(words[i]), i + 1
            while i < len(words) and words[i].startswith("-"):
                # `sudo -u postgres psql`: the user is the option's value, not the command
                i += 2 if prefix == "sudo" and words[i] in recovery.SUDO_VALUE_OPTIONS else 1
            i += _PREFIXES[prefix]
        else:
            break
    if i >= len(words):
        return ""
    program, rest = _program(words[i]), words[i + 1 :]
    at = _positionals(rest)
    positional = [rest[k] for k in at]
    if depth < 3:
        if program in _RUNNERS and at:
            return _head(rest[at[0] :], depth + 1)
        if program == "sail" and positional and positional[0] in recovery.SAIL_RUNS:
            return _head(rest[at[0] :], depth + 1)  # `sail artisan migrate` is `artisan migrate` in a container
        inner = recovery.container_command(words, i)
        if inner is not None:
            return _head(words[inner:], depth + 1)  # `docker compose exec web pytest` runs pytest
        if program in _WRAPPERS and len(at) > 1 and positional[0] in _WRAPPERS[program]:
            return _head(rest[at[1] :], depth + 1)
        if program in _INTERPRETERS:
            return _interpreted(program, rest, depth)
        if program == "ssh":
            return _remote_head(rest, depth) or program
    if program in ("gradle", "gradlew") and positional:
        # `./gradlew :app:assembleDebug`: the task is the step (camelCase, in whichever module).
        task = positional[0].rsplit(":", 1)[-1]
        return f"{program} {task}" if _GRADLE_TASK.fullmatch(task) else program
    if program in _NO_SUBCOMMAND or program in _SETUP or not positional or not _WORD.fullmatch(positional[0]):
        return program
    sub = positional[0]
    group = _GROUPS.get(program, frozenset())
    if program in ("pnpm", "yarn", "bun") and sub == "run" and len(positional) > 1:
        sub = positional[1]  # ``pnpm run test`` is ``pnpm test``
    elif program == "npm" and sub in ("test", "start", "stop", "restart"):
        sub = f"run {sub}"  # ``npm test`` is ``npm run test``
    elif (group is None or sub in group) and len(positional) > 1 and _WORD.fullmatch(positional[1]):
        sub += f" {positional[1]}"
    return f"{program} {sub}"


def _remote_head(rest: list[str], depth: int) -> str:
    """What ``ssh host 'sudo systemctl restart x'`` does on the host (``systemctl restart``): the step is the remote
    command, as it would be run there; of several, the last that does something. "" for a session or a tunnel."""
    remote = recovery.ssh_remote(["ssh", *rest]) or []
    text = remote[0] if len(remote) == 1 else shlex.join(remote)
    first = text.split()[0] if text.split() else ""
    # Only a shell's command line: what an embedded device's own shell takes (`VintageNet.info`, `cmd("uptime")`,
    # an Erlang `:erlang.memory()`) is no program run there.
    if not (_ASSIGNMENT.match(first) or _PROGRAM_WORD.fullmatch(first)):
        return ""
    heads = command_heads(text, depth + 1)
    # (`… && sudo systemctl restart x && systemctl is-active x`: the restart, not the look after it.)
    acting = [head for head in heads if not recovery.is_looking("Bash", {"command": head})]
    return (acting or heads)[-1] if heads else ""


_PROGRAM_WORD = re.compile(r"[a-z0-9_][\w.+-]*|[./~][\w./+-]*")


def _interpreted(program: str, rest: list[str], depth: int) -> str:
    """``python -m pytest`` is pytest, ``python manage.py migrate`` is ``manage.py migrate``, ``bash -c`` its text."""
    for i, word in enumerate(rest):
        if word == "-m" and i + 1 < len(rest):
            return _head(rest[i + 1 :], depth + 1)
        if word in ("-c", "-lc") and program in ("bash", "sh", "zsh") and i + 1 < len(rest):
            heads = command_heads(rest[i + 1], depth + 1)
            return heads[0] if heads else program
        if word in ("-c", "-e"):
            return program  # inline code: nothing more to name
        if not word.startswith("-"):
            script = "." in word or "/" in word or word in recovery.SCRIPTS_WITH_COMMANDS  # `php artisan migrate`
            return _head(rest[i:], depth + 1) if script else program
    return program


@lru_cache(maxsize=8192)
def _heads(command: str, depth: int) -> tuple[str, ...]:
    heads = [_head(words, depth) for words in _segments(command)]
    doing = [h for h in heads if h and h.split()[0] not in _SETUP and not _switches(h)]
    if "git commit" in doing:
        # Staging is part of committing: `git add -A && git commit` is the step `git commit -am` is.
        doing = [h for h in doing if h not in ("git add", "git stage")]
    return tuple(doing or [h for h in heads if h][:1])


def _switches(head: str) -> bool:
    """Whether a step only switches the environment the steps after it run in (`lunch lyra-userdebug`)."""
    words = head.split()
    return words[0] in _SWITCHES or " ".join(words[:2]) in _SWITCHING


def command_heads(command: str, depth: int = 0) -> list[str]:
    """The heads of the commands a shell line runs, setup steps (``cd``, ``export``, ``echo``) left out.

    >>> command_heads("cd app && FOO=1 uv run alembic upgrade head 2>&1 | tail -5")
    ['alembic upgrade']
    """
    return list(_heads(command, depth))


# --- files ---------------------------------------------------------------------------------------------

_MANIFESTS = frozenset(
    "pyproject.toml package.json cargo.toml go.mod setup.py setup.cfg gemfile pom.xml build.gradle "
    "build.gradle.kts composer.json mix.exs pipfile".split()
)
_LOCKFILES = frozenset("uv.lock poetry.lock package-lock.json pnpm-lock.yaml yarn.lock cargo.lock go.sum".split())
_SOURCES = {
    ".py": "python source",
    ".ts": "typescript source",
    ".tsx": "typescript source",
    ".js": "javascript source",
    ".jsx": "javascript source",
    ".mjs": "javascript source",
    ".go": "go source",
    ".rs": "rust source",
    ".java": "java source",
    ".kt": "kotlin source",
    ".rb": "ruby source",
    ".swift": "swift source",
    ".c": "c source",
    ".h": "c source",
    ".cpp": "c++ source",
    ".cs": "c# source",
    ".php": "php source",
    ".sh": "shell script",
    ".sql": "sql",
    ".ipynb": "notebook",
    ".html": "template",
    ".css": "stylesheet",
}
_TEST_NAME = re.compile(r"(^test_.*|.*_test\.\w+$|.*\.(test|spec)\.\w+$|.*Tests?\.(java|kt|swift|cs)$)")
_CONFIG_EXT = frozenset(".toml .yaml .yml .ini .cfg .conf .json .env .properties".split())


@lru_cache(maxsize=8192)
def file_role(path: str) -> str:
    """What a file is to the project (``test``, ``migration``, ``changelog``, ``python source`` …), not where."""
    parts = [p.lower() for p in path.replace("\\", "/").split("/") if p]
    name = parts[-1] if parts else ""
    dirs = set(parts[:-1])
    ext = posixpath.splitext(name)[1]
    if _TEST_NAME.match(parts[-1] if parts else "") or dirs & {"tests", "test", "__tests__", "spec"}:
        return "test"
    if dirs & {"migrations", "alembic", "migrate"} or {"db", "migrate"} <= dirs:
        return "migration"
    if re.match(r"(changelog|changes|history|news|release[-_]?notes)\b", name):
        return "changelog"
    if name in _MANIFESTS or name.endswith(".gemspec") or re.fullmatch(r"requirements.*\.txt", name):
        return "package manifest"
    if name in _LOCKFILES:
        return "lockfile"
    if ".github" in dirs or name in (".gitlab-ci.yml", "jenkinsfile") or ".circleci" in dirs:
        return "ci config"
    if name.startswith("dockerfile") or re.fullmatch(r"(docker-)?compose.*\.ya?ml", name):
        return "docker config"
    if ext in (".tf", ".tfvars"):
        return "terraform config"
    if ext == ".sql" and "models" in dirs:
        return "dbt model"
    if name in ("makefile", "justfile", "rakefile", "taskfile.yml"):
        return "build config"
    if name in ("version", "version.txt", "_version.py", "__version__.py", "version.py"):
        return "version file"
    if name.startswith("readme") or "docs" in dirs or ext in (".md", ".rst", ".txt"):
        return "docs"
    if ext in _CONFIG_EXT or name.startswith(".") or dirs & {"config", "conf", "settings"}:
        return "config"
    return _SOURCES.get(ext, f"{ext[1:]} file" if ext else "file")


# --- identity and path ---------------------------------------------------------------------------------


def step_ids(step: Step) -> tuple[StepId, ...]:
    """The identities of one call: one, or one per command of a shell chain; none for planning calls."""
    tool = str(step.get("tool") or "?")
    if tool in _BOOKKEEPING:
        return ()
    args = arguments(step)
    target = args.get("file_path") or args.get("notebook_path")
    if target is None and tool in FILE_TOOLS:
        target = args.get("path")
    if isinstance(target, str) and target:
        return (StepId(_AS_TOOL.get(tool, tool), "file", file_role(target)),)
    command = args.get("command")
    if isinstance(command, str):
        return tuple(StepId(tool, "shell", h) for h in command_heads(command)) or (StepId(tool, "shell", ""),)
    return (StepId(tool, "call", ",".join(sorted(str(k) for k in args))),)


# Paths by a digest of the trace: mining reads every stored trace again after each task.
_PATHS: Recent[bytes, tuple[PathStep, ...]] = Recent(4096)


def successful_path(steps: Sequence[Step]) -> list[PathStep]:
    """The task's steps without failed calls and their recoveries, immediate repeats collapsed.

    Which calls belong to a failure and its recovery is :func:`servers.core.recovery.recovery_steps`'s
    answer (``git push`` rejected, ``git pull --rebase``: both out; the ``git push`` that worked: kept), so
    the lessons reflection draws and the workflows it mines agree on what a recovery is.
    """
    key = hashlib.blake2b(repr(steps).encode(), digest_size=16).digest()
    known = _PATHS.get(key)
    if known is not None:
        return list(known)
    dropped = recovery.recovery_steps(steps)
    ids = [step_ids(s) for s in steps]
    path: list[PathStep] = []
    block: int | None = None  # where the run of dropped calls before this one started
    for i in range(len(steps)):
        if i in dropped:
            block = i if block is None else block
            continue
        # A retry that worked stands for the failed attempts before it too (drafts note those failures).
        first = block if block is not None and not ok(steps[block]) and set(ids[block]) & set(ids[i]) else i
        block = None
        for step_id in (x for x in ids[i] if not looking(x)):
            if path and path[-1].id == step_id:
                path[-1] = PathStep(step_id, path[-1].first, i)
            else:
                path.append(PathStep(step_id, first, i))
    _PATHS.put(key, tuple(path))
    return path


# Claude Code's tools that only look (see the module's docstring for why they are not path steps).
_LOOKING_TOOLS = frozenset({"Read", "NotebookRead", "Grep", "Glob", "LS", "WebSearch", "WebFetch", "BashOutput"})


@lru_cache(maxsize=4096)
def looking(step: StepId) -> bool:
    """A step that only looks (reads a file, searches, ``git status``): not a step of a workflow's path."""
    if step.kind == "shell":
        if step.detail in ("curl", "wget"):
            return False  # a request to what was just deployed checks the deploy: a step of the workflow
        return bool(step.detail) and recovery.is_looking(step.tool, {"command": step.detail})
    return step.tool in _LOOKING_TOOLS


# What checks the work rather than does it: test runners, linters, formatters, type checkers. (In a recovery,
# servers.core.recovery counts a formatter as a fix: run before the retry, it is what made the step pass.)
_CHECKING = re.compile(
    r"(?:^|[\s:/-])(?:test|tests|spec|rspec|pytest|vitest|jest|mocha|nextest|lint|clippy|check|vet|fmt|format|"
    r"ruff|mypy|pyright|tsc|eslint|prettier|black|isort|flake8|pylint|rubocop|golangci-lint|typecheck|"
    r"type-check|validate|verify)(?:$|[\s:/-])"
)


# Compiling to see whether the code builds is a check too: these leave nothing anyone ships (unlike `docker
# build`, `pnpm build` or `dotnet pack`).
_COMPILING = frozenset({"go build", "cargo build", "dotnet build", "mvn compile", "mvnw compile", "swift build"})


def checking(step: StepId) -> bool:
    """A command that only checks the code (``pytest``, ``cargo clippy``, ``pnpm lint``, ``go build``): a
    sequence of edits and such checks is the everyday edit-and-check loop of any task, not a workflow worth a
    skill."""
    return step.kind == "shell" and (step.detail in _COMPILING or bool(_CHECKING.search(step.detail.lower())))


def does_work(steps: Sequence[StepId]) -> bool:
    """The sequence is a procedure: it runs something besides edits, looks, checks and version-control
    bookkeeping (a migration, a deploy, a release, a pull request), and is more than two commands in a row
    (`git commit` then `git push`, `helm upgrade` then `kubectl rollout status` are what any day holds). Two
    plain tools in a row (`news_search` → `summarise`) are a procedure of their own."""
    if not any(s.kind != "file" and not looking(s) and not checking(s) and not bookkeeping(s) for s in steps):
        return False
    return len(steps) >= 3 or all(s.kind == "call" for s in steps)


# Moving work between branches and remotes: what every task does around its work (`git switch`, edits, tests,
# `git commit`, `git push`), never the work itself. A tag is a release: it stays work.
_VERSION_CONTROL = frozenset(
    f"git {verb}"
    for verb in "switch checkout pull fetch commit add stash rebase merge push restore reset cherry-pick".split()
)


def bookkeeping(step: StepId) -> bool:
    """A version-control step that only moves the work around (``git switch``, ``git pull``, ``git push``)."""
    return step.kind == "shell" and step.detail in _VERSION_CONTROL


def phrase(step: StepId) -> str:
    """A short description of the step for prose: ``run `git push```, ``edit the migration``."""
    if step.kind == "shell":
        return f"run `{step.detail}`" if step.detail else f"run a `{step.tool}` command"
    if step.kind == "file":
        verb = "read" if step.tool == "Read" else "edit"
        return f"{verb} the {step.detail}" if step.tool in FILE_TOOLS else f"use `{step.tool}` on the {step.detail}"
    return step.tool
