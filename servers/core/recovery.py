"""Failure → recovery in a tool trace: what broke, in normalised words, and what made the step succeed.

Hosts send tool calls, not lessons. A lesson a developer would write down is hidden in a pattern like

    Bash `git push`                      fails: "! [rejected] main -> main (non-fast-forward)"
    Bash `git pull --rebase`             succeeds
    Bash `git push`                      succeeds

which reads "when `git push` is rejected (non-fast-forward), run `git pull --rebase`, then push". This module
finds such patterns without a model:

| piece          | how                                                                                   |
|----------------|---------------------------------------------------------------------------------------|
| the step       | shell calls by their command head (wrappers such as `uv run`, `.venv/bin/python -m`   |
|                | and `cd x &&` removed: `pytest`, `git push`); file tools by the file; others by name  |
| the signature  | the tool, the step and the error's key phrase: a known phrase ("non-fast-forward",    |
|                | "file modified since read"), else an exception class or error code, else the first    |
|                | line with numbers, paths and quoted names blanked                                     |
| the recovery   | the first later call of the same step that succeeded                                 |
| the fix        | commands run in between that change state (not `git status`, `ls`, `cat`), a re-read  |
|                | of the file a file tool failed on, and what the succeeding call changed (interpreter, |
|                | wrapper, added flags)                                                                 |

What is *not* a lesson: editing source files between a failing and a passing test run is the ordinary
development loop, not a procedure to repeat, so a recovery whose only fix is such edits is marked
``procedural=False``. Giving up (no later success) is not a recovery at all.

Stdlib only: the hook client imports this before every stop of the host's agent.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import takewhile
from typing import Any

from servers.core.text import CJK_CHAR

SHELL_TOOLS = frozenset({"bash", "shell", "system_run", "run_command", "execute_command", "terminal", "powershell"})
FILE_TOOLS = frozenset({"edit", "multiedit", "write", "read", "notebookedit", "fs_edit", "fs_write", "fs_read"})
READ_ONLY_TOOLS = frozenset(
    {"read", "grep", "glob", "ls", "webfetch", "websearch", "fs_read", "fs_grep", "fs_glob", "todowrite", "task"}
)
# Parts of a tool's name that say it only looks (`web_fetch`, `memory_recall`, `list_jobs`).
_LOOKING_PARTS = frozenset(
    "read get list search find fetch lookup query grep glob ls view show describe recall status stat".split()
)
# Shell commands that only look: they are how an agent investigates, never the fix itself.
_LOOKING = frozenset(
    "ls cat head tail less more pwd echo which whereis type env printenv grep rg find wc file stat tree du df "
    "ps top date whoami id uname history man diff sort uniq jq awk sed nvidia-smi nm objdump readelf ldd otool "
    "strings hexdump xxd c++filt ss netstat lsof pg_isready dig nslookup host getent pgrep pidof readlink "
    "realpath klist lsmod lspci lsusb lsblk lscpu uptime free vmstat iostat "
    # a batch scheduler's queue and accounting, its `ps`: Slurm, PBS/Torque, LSF
    "squeue sinfo sacct sstat sprio qstat bjobs bhosts bqueues".split()
)
# Readers of the system's logs that change something only with these options (clearing, rotating, vacuuming).
_LOG_READERS = {
    "dmesg": frozenset({"-C", "--clear", "-c", "--read-clear", "-D", "--console-off", "-E", "--console-on", "-n"}),
    "journalctl": frozenset(
        "--rotate --flush --sync --relinquish-var --smart-relinquish-var --vacuum-size --vacuum-time "
        "--vacuum-files".split()
    ),
}
# A program named for what it reports on a file or format (`gdalinfo`, `ogrinfo`, `pdfinfo`, `ffprobe`) prints
# what is in it and changes nothing (`makeinfo` makes documents from Texinfo; `modprobe` loads a kernel module and
# `partprobe` makes the kernel re-read partition tables).
_INSPECTOR = re.compile(r"(?!make|mod|part)[a-z][a-z0-9]{1,12}(?:info|probe)")
# A part of a compound program name that says it lists or shows (`pg_lsclusters`, `ceph-status`, `zfs-list`): the
# tool a suite ships to report on what it runs. Only parts of names joined by `_` or `-`: a whole name that starts
# with "ls" may act (`lsyncd` syncs).
_REPORTING_PART = re.compile(r"ls[a-z]{2,}|list|show|status|info|describe")
# curl options that send or store something: such a call acts, a plain GET only looks.
_SENDING = frozenset(
    "-X --request -d --data --data-raw --data-binary --data-urlencode --json -F --form -T --upload-file -o --output "
    "-O --remote-name".split()
)
_LOOKING_SUBCOMMANDS = {
    # `git fetch` changes no file of the work tree: looking at the remote, not fixing anything yet.
    "git": {
        *("status", "log", "diff", "show", "branch", "remote", "rev-parse", "blame", "reflog", "ls-files", "fetch"),
        # Plumbing that answers a question (`git check-ignore -v x`: which rule ignores x) and changes nothing.
        *("check-ignore", "check-attr", "ls-tree", "ls-remote", "cat-file", "show-ref", "for-each-ref", "describe"),
        *("shortlog", "grep", "count-objects"),
    },
    "kubectl": {"get", "describe", "logs", "explain", "version"},
    "docker": {"ps", "logs", "images", "inspect", "info", "stats", "top", "port", "history", "search"},
    "npm": {"ls", "view", "outdated"},
    "pnpm": {"ls", "list", "outdated", "why"},
    "pip": {"list", "show", "freeze"},
    "terraform": {"show", "output", "state", "version"},
    "adb": {"devices", "wait-for-device", "get-state", "logcat"},
    "composer": {"why", "why-not", "depends", "prohibits", "show", "info", "outdated", "licenses", "validate"},
    # Cloud Foundry's CLI: `cf service x` shows an instance's last operation while one waits for it.
    "cf": {"service", "services", "app", "apps", "logs", "env", "events", "routes", "marketplace", "mta", "mtas"},
    # YARN's logs and listings of a cluster's applications and queues.
    "yarn": {"logs", "top"},
}
# Whole commands that only look, where the program's other subcommands change things.
_LOOKING_HEADS = frozenset(
    {
        "kubectl config current-context",
        "kubectl config get-contexts",
        "kubectl config view",
        "git stash list",
        "docker compose ps",
        "docker compose logs",
        "docker compose config",
        "docker context show",
        "docker context ls",
        "docker context inspect",
        "systemctl status",
        "systemctl is-active",
        "systemctl show",
    }
)
# Commands that check the work (a test run, a linter) between a failure and its retry: how the fix was
# verified, not the fix.
_CHECKING = re.compile(r"(?:^|[\s:])(?:test|tests|pytest|vitest|jest|spec|rspec|lint|check|clippy|vet)(?:$|[\s:])")
# Programs whose first argument says what they do (`git push`, not `git`).
_SUBCOMMAND_PROGRAMS = frozenset(
    "git docker kubectl helm terraform npm pnpm yarn bun cargo go alembic dbt poetry uv pip pip3 make gh "
    "systemctl brew apt apt-get conda airflow gcloud aws az flask django-admin rails bundle mvn gradle dotnet "
    "deno nx turbo just tox nox pre-commit ruff mypy mvnw gradlew adb composer artisan swift xcodebuild".split()
)
# Programs whose first argument is what they work on (a file, a directory, a host, a pattern), not a subcommand:
# `pytest tests` and `pytest` are one step. Any other program followed by a plain word is read as a subcommand
# (`kind load`, `pod install`, `flutter build`, `mix ecto.migrate`) unless that word is a file's name.
_OPERAND_PROGRAMS = frozenset(
    "cp mv rm mkdir rmdir touch chmod chown ln kill pkill killall lsof open xdg-open code vim vi nano emacs tar zip "
    "unzip gzip gunzip ssh scp rsync curl wget sh bash zsh dash fish node python python3 ruby perl php java javac gcc "
    "g++ clang cc watch timeout nice xargs tee patch cmp pytest jest vitest mocha rspec phpunit eslint prettier black "
    "isort tsc flake8 pylint rubocop shellcheck hadolint stylelint biome dotenv nodemon ts-node tsx bats modprobe "
    "insmod rmmod atest".split()
)
_SUBCOMMAND_WORD = re.compile(r"^[a-z][a-z0-9]*(?:[-:.][a-z0-9]+)*$")
_FILE_SUFFIXES = frozenset(
    "py js ts tsx jsx mjs cjs go rs rb ex exs java kt kts swift dart php cs fs sh bash zsh json yaml yml toml ini cfg "
    "conf txt md lock xml html css scss sql tar gz tgz zip apk aab ipa jar war whl log csv env plist gradle".split()
)
# A program's first word that asks rather than acts (`kind get clusters`, `flutter devices`, `helm status`).
_LOOKING_VERBS = frozenset(
    "get list ls show describe status info inspect logs log version view help doctor outdated why explain whoami "
    "devices current-context get-contexts diff plan preview".split()
)
# Programs whose mode is a leading option, and the step each mode is.
_MODE_OPTIONS = {
    "cmake": {"--build": "build", "--install": "install", "-E": "tool", "--preset": "configure", "-S": "configure"},
}
# Programs whose `get` changes something (`go get` adds a dependency).
_GETTING_PROGRAMS = frozenset({"go", "pip", "pip3", "apt", "apt-get", "dnf", "yum", "npm", "pnpm", "yarn", "bun"})
# Options that take a value before the subcommand (`git -C app push`, `kubectl -n prod get pods`).
_VALUE_OPTIONS = {
    "git": {"-C", "-c", "--git-dir", "--work-tree"},
    "kubectl": {"-n", "--namespace", "--context", "--kubeconfig", "-l"},
    "helm": {"-n", "--namespace", "--kube-context"},
    "docker": {"-H", "--context", "-f", "--file", "-p", "--project-name"},
    "terraform": set(),
    "make": {"-C", "-f"},
    "npm": {"--prefix", "-w", "--workspace"},
    "pnpm": {"-C", "--dir", "--filter", "-F"},
    "yarn": {"--cwd"},
    "go": set(),
    "cargo": {"-p", "--package", "--manifest-path"},
    "dbt": {"--project-dir", "--profiles-dir"},
    "mvn": {"-pl", "--projects", "-f", "--file", "-rf", "--resume-from", "-P", "-T", "-s", "--settings"},
    "mvnw": {"-pl", "--projects", "-f", "--file", "-rf", "--resume-from", "-P", "-T", "-s", "--settings"},
    "gradle": {"-p", "--project-dir", "--tests", "--console"},
    "gradlew": {"-p", "--project-dir", "--tests", "--console"},
}
# Subcommands that are groups: the step is the group and its action (`kubectl config use-context`).
_GROUPS = frozenset(
    {
        "kubectl config",
        "kubectl rollout",
        "docker compose",
        "docker context",
        "git stash",
        "git remote",
        "git submodule",
        "gh pr",
        "gh run",
        "gh release",
        "gh issue",
        "npm run",
        "pnpm run",
        "yarn run",
        "bun run",
        "go mod",
        "aws s3",
        "uv pip",
        "poetry lock",
        "alembic -c",
    }
)
# Prefixes that run another command: the step is what they run.
_RUNNERS = {
    ("uv", "run"),
    ("poetry", "run"),
    ("pipenv", "run"),
    ("pnpm", "exec"),
    ("npm", "exec"),
    ("yarn", "exec"),
    ("bundle", "exec"),
    ("pdm", "run"),
    ("hatch", "run"),
    ("rye", "run"),
}
_PUBLISHING = frozenset({"git add", "git commit", "git push", "git tag"})
_ARGUMENT_RUNNERS = frozenset({"xargs"})
_PREFIX_PROGRAMS = frozenset({"sudo", "time", "nohup", "npx", "pnpx", "bunx", "env", "exec", "command"})
# sudo's options that take a value (`-u postgres`, `--chdir /srv`).
SUDO_VALUE_OPTIONS = frozenset(
    "-u --user -g --group -h --host -p --prompt -C --close-from -D --chdir -r --role -t --type -U --other-user "
    "-T --command-timeout".split()
)
SCRIPTS_WITH_COMMANDS = frozenset({"manage.py", "artisan"})
_PYTHON = re.compile(r"^(?:.*/)?python(?:\d+(?:\.\d+)?)?$")
ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")

# Known error phrases, most specific first: (pattern, the phrase a lesson names).
CARRIER_FAILED = "command not found in the container"
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), phrase)
    for pattern, phrase in (
        # The container has no such program (a distroless image): what was to run there never started.
        (r"executable file not found in \$PATH|OCI runtime exec failed", CARRIER_FAILED),
        (r"non-fast-forward|\[rejected\].*\(fetch first\)|updates were rejected", "rejected (non-fast-forward)"),
        (r"modified since (?:it was )?read|has been modified since", "file modified since it was read"),
        (r"file has not been read yet|read it first before writing", "file not read yet"),
        (r"string to replace not found|old_string.*not found", "old_string not found in the file"),
        (r"found \d+ matches of the string to replace", "old_string matches more than once"),
        (
            r"backend initiali[sz]ation required|please run \"?terraform init|module not installed|"
            r"plugin reinitiali[sz]ation required|required plugins are not installed|terraform init",
            "working directory not initialized (terraform init)",
        ),
        (r"run \"?dbt deps|package\(s\) specified in packages\.yml", "packages not installed (dbt deps)"),
        (r"error from server \(notfound\)", "resource not found on the cluster (NotFound)"),
        (r"missing go\.sum entry", "missing go.sum entry"),
        # TypeScript says it two ways (TS2305, and TS2724 when it has a guess): one failure.
        (r"has no exported member", "module has no exported member"),
        (r"no module named|ModuleNotFoundError", "ModuleNotFoundError"),
        (
            r"files were modified by this hook|pre-commit hook|^\S[^\n]*\.{4,}\s*failed\s*$",
            "pre-commit hook failed (files modified)",
        ),
        (r"(?m)^\S+\.go:\d+:\d+: undefined: ", "undefined: …"),
        (r"inconsistent dependency lock file|provider .* required by this configuration", "providers not installed"),
        (r"ERR_PNPM_OUTDATED_LOCKFILE|lockfile .*(?:not up to date|out of date|outdated)", "outdated lockfile"),
        (r"merge conflict|CONFLICT \(content\)", "merge conflict"),
        (
            r"address already in use|EADDRINUSE|port \d+ is (?:already )?in use|is already (?:used|in use)",
            "address already in use",
        ),
        (r"ECONNREFUSED|connection refused", "connection refused"),
        (r"command not found|is not recognized as an internal or external command", "command not found"),
        (r"permission denied|EACCES|operation not permitted", "permission denied"),
        (r"no such file or directory|ENOENT", "no such file or directory"),
        (r"current-context is not set|context .* does not exist|wrong context", "wrong kube context"),
        # A service account or user the cluster's RBAC does not allow: a missing permission, not another cluster.
        (r"is forbidden: User\b", "forbidden by RBAC"),
        (r"target database is not up to date|multiple heads", "migrations out of date"),
        (
            r"cannot find module|module not found: (?:error: )?can't resolve|failed to resolve import|"
            r"cannot find package|ERR_MODULE_NOT_FOUND",
            "cannot find module",
        ),
        (r"externally-managed-environment", "externally managed environment"),
        (r"timed? ?out|timeout|deadline exceeded|超时", "timeout"),
        (r"\brate[- ]limit(?:ed|ing)?\b|too many requests|\b429\b", "rate limited"),
        (r"could not resolve host|temporary failure in name resolution|getaddrinfo", "host not resolved"),
        (
            r"error connecting to|check your internet connection|network is unreachable|ECONNRESET|"
            r"socket hang up|connection (?:reset|timed out)|TLS handshake timeout",
            "network error",
        ),
        (r"authentication failed|\b401\b|unauthori[sz]ed|token (?:has )?expired", "authentication failed"),
        (r"out of memory|OOMKilled|cannot allocate memory", "out of memory"),
        (r"disk quota|no space left on device", "no space left"),
    )
)
_CANNED_PHRASES = frozenset(phrase for _, phrase in _PHRASES)
_TRANSIENT_PHRASES = frozenset({"timeout", "rate limited", "connection refused", "host not resolved", "network error"})
# An exception class, not an option that names one (`-XX:+ExitOnOutOfMemoryError`).
_EXCEPTION = re.compile(r"(?<!\+)\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Failure|Fault))\b")
# kotlinc marks an error line `e: ` (a warning `w: `), then where, then what: `e: file:///…/A.kt:4:12 Unresolved …`.
_KOTLIN_ERROR = re.compile(r"^\s*e:\s+(?:(?:file://)?\S+?:\d+(?::\d+)?:?\s+)?(\S.*)$")
_WHAT_WENT_WRONG = re.compile(r"^\s*\*\s*What went wrong:\s*$", re.I)
_GRADLE_POINTER = re.compile(
    r"(?:execution failed for task|compilation failed|compilation finished with errors|there were failing tests|"
    r"a failure occurred while|compilation error|build failed)",
    re.I,
)
# Where a chained exception names its cause: Java's `Caused by:`, .NET's ` ---> Inner…Exception: …` and
# xUnit's `---- Inner…Exception : …`.
# sbt and Maven print a cause behind their log level (`[error] Caused by: …`).
_CAUSED_BY = re.compile(r"^\s*(?:\[[a-z]+\]\s*)?(?:Caused by:|-{3,4}>?)\s*(\S+)", re.M | re.I)
# An error type named as such in a message (`errorType:'READER_FIELD_MISSING_DEFAULT_VALUE'`, `"error_code":
# "QUOTA_EXCEEDED"`): the same failure has the same one, however the tool around it words the rest.
_NAMED_ERROR = re.compile(
    r"\b(?:errorType|error_type|errorCode|error_code|reason)[\"']?\s*[:=]\s*[\"']?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b"
)
_LOADING = re.compile(r"\b(?:LoadError|InitError):\s*(\S[^\n]{2,200})")
# `error[E0432]` is rustc's; crates give their own in the same form (Bevy's `error[B0001]`).
_CODE = re.compile(r"\b(TS\d{4}|E\d{4,5}|ERR_[A-Z0-9_]{3,}|[A-Z]{2,}\d{3,}|error\[[A-Z]\d{4}\])")
# What a package manager prints when the script it ran failed: the script's own output above says what failed.
# A caret under the quoted source, or PowerShell's underline of the failing command (`~~~~~~~`).
_CARET = re.compile(r"^\s*(?:[~^]*\^[~^]*|~{3,})\s*$")
# A Python traceback's frame line: the line under it is the frame's source, quoted.
_PY_FRAME = re.compile(r'^\s*File "[^"]+", line \d+')
_WRAPPER_CODE = re.compile(r"ERR_PNPM_RECURSIVE_\w+_FIRST_FAIL$")
_R_CONDITION = re.compile(r"(?m)^(Error\b[^\n]{0,200}:)[ \t]*\n![ \t]+")
_EXIT = re.compile(r"^\s*exit code (\d+)\s*$", re.I | re.M)
_LOCATION = re.compile(r"^(?:[\w./~-]+):\d+(?::\d+)?:?\s*")
# Boxes, timestamps, and BuildKit's step and elapsed-time columns (`#13 14.351 error: …`, `14.351 error: …`).
_LINE_PREFIX = re.compile(
    r"^[\s│┃╷╵|]*(?:\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\s+)?(?:#\d+\s+)?(?:\d+\.\d{3}\s+)?"
    r"(?:\[\d{1,2}:\d{2}:\d{2}\]:?\s+)?(?:▸\s+)?"  # fastlane's `[10:14:13]: ▸ ` in front of what a tool printed
)
# A line that only says something failed and how long it ran (`status: Failed (0m 38s)`, `Build failed in 2.91s`).
_DURATION = r"[\d.,]+\s*(?:ms|s|secs?|seconds?|m|mins?|minutes?|h)\b"
_FAILED_AFTER = re.compile(
    rf"^\W*(?:\w+\s*:\s*|build\s+)?failed\b\W*(?:in|after)?\s*\(?(?:{_DURATION}\s*)+\)?\.?\s*$", re.I
)
# The right edge of a box a command line tool draws its message in (`│  Failed to prompt:   │`).
_BOX_RIGHT = re.compile(r"\s*[│┃║]\s*$")
_NOISE_LINE = re.compile(
    r"^\s*(?:exit code \d+|traceback \(most recent call last\):|error:?|\W*)\s*$"
    r"|^\s*(?:>|\$|#|(?-i:RUN)\b|[✓✔❯›⎯│┌└├─╭╰┏┗╔╚]|at\s)"  # echo, banner, progress, box border, frames
    r"|^\s*=\s*(?:note|help):"  # a compiler's notes under the error they explain
    r"|^\s*(?:NOTE|INFO|DEBUG)\s*:"  # a build log's notes on what it is doing ("Resolving any missing …")
    r"|^\s*(?:failure: build failed with an exception|build failed in\b)"  # Gradle's banners
    # a package manager's word that the script it ran failed (pnpm, npm, yarn): the script's output says why
    r"|^\s*(?:ERR_PNPM_RECURSIVE_\w+_FIRST_FAIL|ELIFECYCLE|npm ERR!|error Command failed with exit code"
    r"|✕\s+exit status)"
    r"|.*\.\.\.\s*(?:\[[^\]]*\]\s*)?ok\s*$",  # a check that passed (`* checking Rd files ... OK`)
    re.I,
)
_DIAGNOSTIC = re.compile(r"^\s*(?:error|warning|info|hint|lint)\s*[•|]\s*(.+?)\s*[•|]", re.I)
# A linter's report line (stylelint, ESLint, markdownlint): `  3:12  ✖  Unexpected unit "rpx"  unit-disallowed-list`
# or `  4:7  error  'x' is assigned a value but never used  no-unused-vars` — position, severity, message, rule.
# Credo's issue line gives the check's category and priority instead: `┃ [R] → Modules should have a @moduledoc tag.`
_LINT_REPORT = re.compile(
    r"^\s*\d+:\d+\s+(?:✖|×|⚠|error|warning)\s+(.+?)\s{2,}[@\w/.-]+\s*$|^\s*\[[A-Z]\]\s*[↑↗→↘↓]\s+(.+?)\s*$", re.I
)
_WARNING_LINE = re.compile(r"^\s*(?:\[[\w ]*warn(?:ing)?\]|warn(?:ing)?\b|\(node:\d+\) \w*warning|⚠)", re.I)
# Not a word inside an option or a name (`latexmk -file-line-error`, `--on-error=stop`): a command line echoed
# before its output names no failure.
_ERROR_LINE = re.compile(
    r"(?<![-=_])\b(?:error|fatal|failed|failure|cannot|can't|could not|unable|denied|refused|invalid|missing|not found|"
    r"no such|rejected|exception|panic|not recogni[sz]ed|not loaded)\b|错误|失败",
    re.I,
)
# Kinds of file a message names by their name alone: sources, objects and modules, archives, images, documents.
_FILE_KINDS = (
    "ko|so|o|a|dll|dylib|exe|c|h|cc|cpp|cxx|hpp|hh|m|mm|py|pyc|rb|go|rs|java|kt|kts|swift|js|mjs|cjs|jsx|ts|tsx|"
    "vue|svelte|php|pl|pm|lua|qml|dts|dtsi|dtso|dtb|jar|apk|aar|whl|img|bin|hex|elf|zip|tar|gz|tgz|xz|json|yaml|yml|"
    "toml|xml|csv|sql|sh|bat|ps1|cmake|mk|gradle|proto|pdf|png|jpg|jpeg|svg|vst3|clap|component|dmg|pkg"
)


def is_file_kind(word: str) -> bool:
    """Whether ``word`` is a kind of file's extension (`json`, `cu` is not known, `svelte` is)."""
    return word.lower() in _FILE_SUFFIXES or re.fullmatch(_FILE_KINDS, word.lower()) is not None


# A name as code writes it: inner capitals (`serviceMonitor`) or an underscore between words (`max_retries`).
_NAMED_IN_CODE = re.compile(r"[a-z]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_BLANKS = (
    # Dot leaders between a check's name and its verdict (pre-commit's `check yaml.......Failed`).
    (re.compile(r"\.{4,}"), " … "),
    # A JSON document a tool echoed back in quotes (`Invalid base64: "{"claim_id": …}"`, or its first line only
    # when it spans several): the input is this run's own, whatever quotes it holds.
    (re.compile(r"""(["'])(?:\{\s*"[^"\n]*"\s*:.*\}|\[\s*[-\d"{\[].*\])\1\s*$|["'][{\[]\s*$""", re.M), "'…'"),
    # A quoted value, not an apostrophe: "Don't use 'BuildContext's across async gaps" quotes nothing.
    (re.compile(r"(?<![A-Za-z])(['\"`])(?:(?!\1).){1,120}\1(?![A-Za-z])"), "'…'"),
    (re.compile(r"‘[^’\n]{1,120}’|“[^”\n]{1,120}”"), "'…'"),  # typographic quotes (`package ‘slack-4.41.105’`)
    # A path, with the scheme of a URI (`res://data/quests/act2.yaml`, `s3://bucket/key`) or a drive letter, and a
    # device tree path's `vendor,device` part (`bindings/iio/pressure/tervik,tvs2210.yaml`).
    (re.compile(r"(?:\b[A-Za-z][\w+.-]*:(?=//)|[A-Za-z]:)?(?:[\w.~,-]*/)+[\w.,-]*[\w-]"), "<path>"),
    # A versioned artifact (`Inkwell-1.9.0-x64.dmg`, `app-2.3.1.whl`): which build is this run's own.
    (re.compile(r"\b[A-Za-z][\w]*(?:[-_][\w]+)*[-_]v?\d+(?:\.\d+)+[\w.-]*\.[A-Za-z][A-Za-z0-9]{1,4}\b"), "<file>"),
    # A file named without its folder by a kind of file people build or load (`tvs2210_core.ko`, `main.c`): which
    # one is this run's own.
    (re.compile(rf"(?<![\w.-])[\w-]+(?:\.[\w-]+)*\.(?:{_FILE_KINDS})\b(?!\.)"), "<path>"),
    # A package with its version (`lx-hmi-1.0+git-r0`, `openssl-3.0.13-r0`): which package is this run's own.
    (re.compile(r"\b[A-Za-z][\w+]*(?:-[A-Za-z][\w+]*)*-v?\d+(?:\.\d+)+[\w.+~-]*"), "<package>"),
    (re.compile(r"(?<![\w/])(?::[\w-]+)+:[\w-]+"), "<task>"),  # a Gradle task path: `:core:data:test`
    # A qualified name (`app.tidewatch.core.data.TideAlertsRepository`): which class is this task's detail.
    (re.compile(r"\b[a-z_][\w]*(?:\.[a-z_][\w]*){2,}\.[A-Za-z_]\w*\b"), "<name>"),
    # A table named with its schema (`ods.ods_user_login`, `dim.dim_sku_daily`): which one is this run's own.
    (re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9]*_[a-z0-9_]+\b"), "<name>"),
    (re.compile(r"\b0x[0-9a-f]+\b|\b[0-9a-f]{7,40}\b", re.I), "<id>"),
    # Generated ids (`ref 9wz3mzq…::vbrx2c…`, build and cache keys): letters and digits mixed, 8 or more.
    (re.compile(r"\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{8,}\b"), "<id>"),
    # A host or item named in brackets (`fatal: [mon-03]: UNREACHABLE!`, `[runner-12]`): which one is this run's.
    (re.compile(r"\[[^\]\s]*\d[^\]\s]*\]"), "[…]"),
    # What a thing is called (`No such kernel named churn-model`, `… called ds-py3`): this run's own name.
    (re.compile(r"\b(named|called)\s+(?=[^\s'\"`]*[-_.\d])[^\s'\"`,;:]+"), r"\1 …"),
    # A setting named as code after what kind of thing it is (`Additional property maxUnavailable is not allowed`,
    # `unknown field retry_policy`): which one is this run's own.
    (
        re.compile(
            r"\b(property|field|key|attribute|parameter|argument|option|column|setting)\s+"
            rf"(?:{_NAMED_IN_CODE.pattern})\b"
        ),
        r"\1 …",
    ),
    # The character a message names by its code point (`Unicode character Δ (U+0394)`): which one is this run's.
    (re.compile(r"(?<!\S)\S(?=\s+\(U\+[0-9A-Fa-f]{4,6}\))"), "…"),
    (re.compile(r"\d+"), "#"),
)
MAX_PHRASE_WORDS = 8


def _lower(name: str) -> str:
    return name.strip().lower()


def arguments_of(arguments: Any) -> dict[str, Any]:
    """The call's arguments as a mapping: hooks keep them as (possibly cut) JSON text."""
    if isinstance(arguments, Mapping):
        return dict(arguments)
    if isinstance(arguments, str):
        text = arguments.strip()
        if text.startswith("{"):
            try:
                parsed = json.loads(text)
            except ValueError:
                # Cut at the hook's size limit: pull out the fields a step is known by.
                found = {}
                for key in (
                    "command",
                    "file_path",
                    "path",
                    "notebook_path",
                    "url",
                    "pattern",
                    "old_string",
                    "new_string",
                    "content",
                ):
                    match = re.search(rf'"{key}"\s*:\s*"((?:[^"\\]|\\.)*)', text)
                    if match:
                        found[key] = _json_string(match.group(1))
                return found
            return parsed if isinstance(parsed, dict) else {}
    return {}


def _json_string(raw: str) -> str:
    """A JSON string's text from its escaped body, which the hook's cut may have ended inside an escape
    (`…\\`, `…\\u00`): decoded, so an edit's `\\n` is a line break and not the letter n before a word."""
    trimmed = re.sub(r"\\(?:u[0-9a-fA-F]{0,3})?$", "", raw)
    try:
        decoded = json.loads(f'"{trimmed}"')
    except ValueError:
        return trimmed.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\\\", "\\")
    return decoded if isinstance(decoded, str) else trimmed


def command_of(tool: str, arguments: Any) -> str | None:
    """The shell command a call ran, or None for a call that is not a shell command."""
    if isinstance(arguments, str) and not arguments.lstrip().startswith("{") and _lower(tool) in SHELL_TOOLS:
        return arguments.strip() or None  # a shell tool given the command line itself
    args = arguments_of(arguments)
    command = args.get("command") or args.get("cmd")
    if isinstance(command, list):
        command = " ".join(str(c) for c in command)
    if isinstance(command, str) and command.strip():
        return command.strip()
    return None


def file_of(arguments: Any) -> str | None:
    args = arguments_of(arguments)
    for key in ("file_path", "path", "notebook_path", "filePath"):
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


_OPERATORS = frozenset({"&&", "||", ";", "&", "|"})
_SUBSHELL_END = re.compile(r"^(&&|\|\||;|&)?\)(;|&&|\|\|)?$")


def _words(command: str) -> list[str]:
    """The line's words as the shell reads them, with a command substitution kept as one word
    (`PGPASSWORD=$(kubectl … | base64 -d) psql …` sets a variable for psql) and a subshell's parentheses apart
    from the words they enclose (`(kubectl port-forward … &); sleep 3`)."""
    try:
        raw = shlex.split(command, comments=False)
    except ValueError:
        raw = command.split()
    words: list[str] = []
    i = 0
    while i < len(raw):
        word = raw[i]
        if "$(" in word:
            while word.count("(") > word.count(")") and i + 1 < len(raw):
                i += 1
                word += " " + raw[i]
        elif word.startswith("(") and len(word) > 1 and (not words or words[-1] in _OPERATORS):
            words.append("(")
            word = word[1:]
        closing = _SUBSHELL_END.match(word)
        if closing:  # `… &);` ends a subshell that ran its command in the background
            words += [w for w in (closing.group(1), ")", closing.group(2)) if w]
        else:
            words.append(word)
        i += 1
    return words


# Words of the shell's own grammar around the commands of a loop or a test (`until docker info; do sleep 2;
# done`): the commands inside are what runs.
_SHELL_OPENERS = frozenset({"until", "while", "if", "then", "do", "else", "elif", "!", "{", "("})
_SHELL_CLOSERS = frozenset({"done", "fi", "}", ")"})
_REDIRECT = re.compile(r"^\d*(?:>>?|<)(?:&\d+)?$|^\d*(?:>>?|<)\S+$|^&>\S*$")
_SHELLS = frozenset({"sh", "bash", "zsh", "dash"})


def _simple(words: list[str]) -> list[list[str]]:
    """One simple command without the shell's grammar around it: loop and test keywords and redirections
    removed (`until docker info >/dev/null 2>&1` → [docker info]), and what `sh -c '…'` runs expanded into
    its own commands. A closing keyword alone is no command."""
    words = list(words)
    while words and words[0] in _SHELL_OPENERS:
        words = words[1:]
    if not words or words[0] in _SHELL_CLOSERS:
        return []
    kept: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if _REDIRECT.match(word):
            skip = re.fullmatch(r"\d*(?:>>?|<)", word) is not None  # `> out.log`: the file is the next word
            continue
        kept.append(word)
    _, rest = _strip_wrappers(kept)
    if _shell_string(rest):
        return _chain(rest[-1])
    return [kept] if kept else []


def _shell_string(words: list[str]) -> bool:
    """Whether ``words`` hand their last word to a shell as a command string (`bash -lc '…'`, `sh -e -c '…'`)."""
    shell = len(words) >= 3 and words[0].rsplit("/", 1)[-1] in _SHELLS
    return shell and _SHELL_STRING_OPTIONS.fullmatch(" ".join(words[1:-1])) is not None


# The options before a shell's command string: `-c` alone or in a cluster (`-lc`, `-ic`, `-euc`), after others
# (`bash -l -c '…'`): an interactive or login shell runs the same command with the user's setup read first.
_SHELL_STRING_OPTIONS = re.compile(r"(?:-[a-z]+ )*-[a-z]*c")


def _segments(command: str) -> list[list[str]]:
    """The simple commands of a line (`cd app && pytest -q | tail` → [cd app], [pytest -q], [tail])."""
    out: list[list[str]] = []
    current: list[str] = []
    for word in _words(command):
        if word in ("&&", "||", ";", "|", "&"):
            out += _simple(current)
            current = []
        elif word.endswith(";") and len(word) > 1:
            current.append(word[:-1])
            out += _simple(current)
            current = []
        else:
            current.append(word)
    out += _simple(current)
    return [inner for words in out for inner in _remote(words, _segments)]


def _strip_wrappers(words: list[str]) -> tuple[list[str], list[str]]:
    """(invocation prefix, the command it runs): `uv run pytest -q` → ([uv, run], [pytest, -q])."""
    i = 0
    while i < len(words):
        word = words[i]
        base = word.rsplit("/", 1)[-1]
        if base == "sudo":
            # `sudo -u postgres pgbackrest … restore`: the user it runs as is sudo's option, not the command.
            i += 1
            while i < len(words) and words[i].startswith("-") and words[i] != "--":
                i += 2 if words[i] in SUDO_VALUE_OPTIONS else 1
            i += 1 if i < len(words) and words[i] == "--" else 0
            continue
        if ENV_ASSIGNMENT.match(word) or base in _PREFIX_PROGRAMS:
            i += 1
            continue
        if base == "sail" and i + 1 < len(words) and words[i + 1] in SAIL_RUNS:
            i += 1  # `./vendor/bin/sail artisan migrate` runs artisan in the app's container
            continue
        inner = container_command(words, i)
        if inner is not None:
            i = inner  # `docker compose exec -T web python manage.py migrate`: the step is what runs inside
            continue
        if base in _LAUNCHERS:
            # `srun -p debug -c 8 julia … run_case.jl`, `mpirun -np 4 ./model`: the job is what the launcher runs.
            job = _after_options(words, i + 1, _LAUNCHERS[base])
            if job >= len(words):
                break
            i = job
            continue
        if base == "timeout":
            # `timeout [-s KILL] 120 cmd …`: the limit is how long, cmd is what runs.
            i += 1
            while i < len(words) and words[i].startswith("-"):
                i += 2 if words[i] in ("-s", "--signal", "-k", "--kill-after") else 1
            i += 1
            continue
        if i + 1 < len(words) and (base, words[i + 1]) in _RUNNERS:
            i += 2
            continue
        if _PYTHON.match(word) and i + 2 < len(words) and words[i + 1] == "-m":
            i += 2  # `python -m pytest`: the step is pytest, the interpreter is how it was run
            continue
        break
    return words[:i], words[i:]


def _past_launcher(words: list[str]) -> list[str]:
    """The words after a launcher, its options and an `env` (`WANDB_MODE=offline python …` of `srun -p debug env
    WANDB_MODE=offline python …`): what the job's own line would be."""
    if not words or words[0].rsplit("/", 1)[-1] not in _LAUNCHERS:
        return words
    i = _after_options(words, 1, _LAUNCHERS[words[0].rsplit("/", 1)[-1]])
    return words[i + 1 :] if i < len(words) and words[i] == "env" else words[i:]


def _core(invoked: str) -> str:
    """An invocation without the launcher and `env` it went through: `srun env python train.py` runs as
    `python train.py` did when only a variable was set on the way."""
    return " ".join(w for w in invoked.split() if w != "env" and w.rsplit("/", 1)[-1] not in _LAUNCHERS)


def _without_launcher_options(words: list[str]) -> list[str]:
    """``words`` without the options a launcher was given (`srun -p debug -c 8` → `srun`)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        out.append(words[i])
        options = _LAUNCHERS.get(words[i].rsplit("/", 1)[-1])
        i = _after_options(words, i + 1, options) if options is not None else i + 1
    return out


def _after_options(words: list[str], at: int, takes_value: frozenset[str]) -> int:
    """Where the first word after the options from ``at`` on stands; an option in ``takes_value`` written without
    `=` takes the next word as its value (`-p debug`)."""
    while at < len(words) and words[at].startswith("-"):
        at += 2 if "=" not in words[at] and words[at] in takes_value else 1
    return at


# Programs that launch a job on a cluster's nodes, and their options that take a value as the next word.
_LAUNCHERS: dict[str, frozenset[str]] = {
    "srun": frozenset(
        "-p --partition -A --account -c --cpus-per-task -t --time -N --nodes -n --ntasks -J --job-name -o --output "
        "-e --error -w --nodelist -x --exclude -G --gpus --gres --mem --mem-per-cpu --qos -q -C --constraint "
        "--ntasks-per-node --cpu-bind --mpi --export".split()
    ),
    "mpirun": frozenset("-np -n -N -H --host --hostfile -hostfile -x --map-by --bind-to --rank-by -npernode".split()),
    "mpiexec": frozenset("-np -n -N -H --host --hostfile -hostfile -x --map-by --bind-to -ppn -f".split()),
    "aprun": frozenset("-n -N -d -j -cc".split()),
}
# Laravel Sail passes these on to the program of that name inside the app's container.
SAIL_RUNS = frozenset(
    "artisan composer php npm npx pnpm yarn bun node pint pest phpunit phpstan dusk tinker bin mysql psql".split()
)
_EXEC_VALUE_OPTIONS = frozenset({"-e", "--env", "-u", "--user", "-w", "--workdir", "--index", "-c", "--container"})


def container_command(words: list[str], at: int) -> int | None:
    """Where the command run inside a container starts (`docker compose exec -T web pytest` → at `pytest`;
    `kubectl exec pod -- sh -c …` → after `--`), or None when ``words[at:]`` runs nothing inside one."""
    program = words[at].rsplit("/", 1)[-1]
    rest = words[at + 1 :]
    if program == "kubectl" and "exec" in rest and "--" in rest:
        after = at + 1 + rest.index("--") + 1
        return after if after < len(words) else None
    if program == "docker-compose":
        rest = ["compose", *rest]
    elif program != "docker":
        return None
    if rest[:2] in (["compose", "exec"], ["compose", "run"]):
        skip = 2
    elif rest[:1] == ["exec"]:
        skip = 1
    else:
        return None
    k = at + 1 + skip - (1 if program == "docker-compose" else 0)
    while k < len(words) and words[k].startswith("-"):
        k += 2 if words[k] in _EXEC_VALUE_OPTIONS else 1
    k += 1  # the service or container
    return k if k < len(words) else None


def carrier(command: str | list[str]) -> list[str]:
    """The words of a command that run another inside a container (`kubectl -n dev exec -it deploy/app` of
    `kubectl -n dev exec -it deploy/app -- env`, likewise `kubectl debug … --`), or [] when it carries none."""
    words = command if isinstance(command, list) else _words(command)
    for at, word in enumerate(words):
        program = word.rsplit("/", 1)[-1]
        if program == "kubectl" and "debug" in words[at + 1 :] and "--" in words[at + 1 :]:
            return words[at : words.index("--", at)]
        inner = container_command(words, at)
        if inner is not None:
            return [w for w in words[at:inner] if w != "--"]
    return []


_SETUP = frozenset({"cd", "source", ".", "export", "set", "pushd", "popd", "sleep", "echo", "true", ":", "clear"})


# Programs a pipe's output goes through to be shown or kept, beside the ones that only look (`tail`, `grep`, `jq`).
# (PowerShell's too: `… | Sort-Object Count | Format-Table -AutoSize` shows what the first part got.)
_PIPE_FILTERS = frozenset(
    "tee cut tr column fold nl ts pv cat less more xclip format-table format-list format-wide sort-object "
    "group-object select-object where-object measure-object select-string out-string out-host out-file "
    "tee-object convertto-json convertto-csv export-csv".split()
)


def _filters(words: list[str]) -> bool:
    """Whether a stage of a pipe only passes on, shows or keeps what it is fed (`tail -20`, `tee build.log`)."""
    return _looks(words) or (bool(words) and words[0].rsplit("/", 1)[-1].lower() in _PIPE_FILTERS)


def _chain(command: str, *, last_stage: bool = False) -> list[list[str]]:
    """The commands a line runs one after another (`a && b; c`), each the first of its pipe (`b | tail`), or the
    command a later part of the pipe runs on its output (`git diff --name-only | xargs rubocop` runs rubocop, and
    `git diff -U0 | clang-tidy-diff.py -p1` runs clang-tidy-diff.py: the first part only looked). ``last_stage``:
    of a pipe, the last part that is no filter, whatever the first did (the step a line is, as opposed to the
    commands it ran: `aws ecr get-login-password | docker login …` is shown whole as a fix)."""
    out: list[list[str]] = []
    current: list[str] = []
    piped = fed = False
    for word in _words(command):
        if word in ("&&", "||", ";", "&") or (word.endswith(";") and len(word) > 1):
            if word.endswith(";") and len(word) > 1 and not piped:
                current.append(word[:-1])
            out += _simple(current)
            current, piped = [], False
        elif word == "|":
            piped = True
            fed = True  # the next word starts the stage the output is fed to
        elif piped and word in _ARGUMENT_RUNNERS and current:
            current, piped = [], False  # what xargs runs is the step; the words before only listed its input
        elif piped and fed and current and (_looks(current) or last_stage) and not _filters([word]):
            # `git diff -U0 | clang-tidy-diff.py -p1`: the first part only listed what the second one acts on.
            # ``last_stage``: `helm template … | kubeconform -strict` is a kubeconform step, the line's exit status
            # (and its failure) being the last part's.
            current, piped = [word], False
        elif not piped:
            current.append(word)
        if word != "|":
            fed = False
    out += _simple(current)
    return [inner for words in out for inner in _remote(words, lambda text: _chain(text, last_stage=last_stage))]


# ssh options that take a value; the first other word is the host, and what follows it the remote command.
SSH_VALUE_OPTIONS = frozenset("-p -i -l -o -F -J -L -R -D -S -O -W -b -c -E -e -m -Q -w -B -I -P".split())


def ssh_remote(words: list[str]) -> list[str] | None:
    """The words of the command ``ssh [options] host cmd …`` runs on the host; None when ``words`` are no ssh line,
    [] for a session or a tunnel."""
    if not words or words[0].rsplit("/", 1)[-1] != "ssh":
        return None
    i = 1
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in SSH_VALUE_OPTIONS else 1
    return words[i + 1 :]


def _remote(words: list[str], split: Callable[[str], list[list[str]]]) -> list[list[str]]:
    """The commands ``ssh host 'cmd …'`` runs on the host, as if run here (what failed and what fixed it is the
    remote command, not ssh), split by ``split``; any other command as it is."""
    remote = ssh_remote(words)
    if not remote:
        return [words]  # not ssh, or a session or a tunnel: ssh itself is the step
    return split(" ".join(shlex.quote(w) if len(remote) > 1 and " " in w else w for w in remote))


def _is_setup(words: list[str]) -> bool:
    _, rest = _strip_wrappers(words)
    return not rest or rest[0].rsplit("/", 1)[-1] in _SETUP


def _main_segment(command: str | list[str]) -> list[str]:
    """The command of a line that matters: the last of a chain that is not setup (`cd`, `source`, `sleep`), the
    first of a pipe. `git add -A && git commit -m x` is a commit; `cd api && pytest -q | tail` is pytest. Given
    words (one command already picked out of a line), those words."""
    if isinstance(command, list):
        return command
    chain = _chain(command, last_stage=True)
    doing = [words for words in chain if not _is_setup(words)]
    # `bin/rails db:migrate && git status --short db/` migrates, `git mv a b && git commit` renames: a look
    # afterwards or committing the result is not what the line does.
    acting = [w for w in doing if not _looks(w) and command_head(w) not in _PUBLISHING]
    if acting:
        return acting[-1]
    # Only publishing and looks: the publishing is what it does (`git add -N new.nix && git status --short` adds).
    publishing = [w for w in doing if not _looks(w)]
    if publishing:
        return publishing[-1]
    if doing:
        return doing[-1]
    return chain[0] if chain else []


def command_head(command: str | list[str]) -> str:
    """What a shell command does, in one or two words: `git push`, `pytest`, `alembic upgrade`."""
    prefix, rest = _strip_wrappers(_main_segment(command))
    if not rest:
        # Only a prefix program, which then is the command: `env` prints the environment, `kubectl exec pod
        # -- env` runs it in the container.
        last = next((w for w in reversed(prefix) if not ENV_ASSIGNMENT.match(w) and w != "--"), "")
        return (
            last.rsplit("/", 1)[-1] if last in _PREFIX_PROGRAMS or last.rsplit("/", 1)[-1] in _PREFIX_PROGRAMS else ""
        )
    script_words = _without_shell(rest)
    if script_words is not rest:
        # `bash bin/install-wp-tests.sh …` runs the script as `bin/install-wp-tests.sh …` does: the same step.
        return command_head(script_words)
    program = rest[0].rsplit("/", 1)[-1]
    if (_PYTHON.match(rest[0]) or program == "php") and len(rest) > 1 and not rest[1].startswith("-"):
        script = rest[1].rsplit("/", 1)[-1]
        if script in SCRIPTS_WITH_COMMANDS:
            # `python manage.py migrate`, `php artisan test`: the script's command is the step.
            sub = next((w for w in rest[2:] if not w.startswith("-")), "")
            return f"{script} {sub}".strip()
        return f"python {script}"  # a script: `python train.py` → the script is the step
    if program == "sbatch":
        # `sbatch --wait jobs/build_sysimage.sbatch`: the batch script submitted is the step.
        i = _after_options(rest, 1, _LAUNCHERS["srun"])  # sbatch takes srun's options
        return f"sbatch {rest[i].rsplit('/', 1)[-1]}" if i < len(rest) else "sbatch"
    if program == "julia":
        # `julia --project=. scripts/run_case.jl x`: the script is the step, as for Python.
        script = next((w for w in rest[1:] if not w.startswith("-") and w.endswith(".jl")), "")
        return f"julia {script.rsplit('/', 1)[-1]}" if script and "-e" not in rest else "julia"
    if program in _SUBCOMMAND_PROGRAMS:
        words = _positional(program, rest[1:])
        if not words:
            return program
        if program in ("mvn", "mvnw") and words[0] == "clean" and len(words) > 1:
            words = words[1:]  # `mvn clean package` packages: the clean is how, not what
        if program in ("gradle", "gradlew"):
            # `:feature:forecast:test` and `test` are the same task in another module.
            words = [w.rsplit(":", 1)[-1] if w.startswith(":") else w for w in words if w.rsplit(":", 1)[-1]]
            words = [w for w in words if w != "clean"][:1] or words[:1]
            if not words:
                return program
        # `tests-3.12` and `tests-3.13` are one session run on two Pythons: one step.
        sub = _VERSION_SUFFIX.sub("", words[0]) or words[0]
        head = f"{program} {_SUBCOMMAND_ALIASES.get(program, {}).get(sub, sub)}"
        if head in _GROUPS and len(words) > 1:
            head = f"{head} {words[1]}"
        return head
    script = next((rest[i + 1] for i, w in enumerate(rest[1:-1], 1) if w in _SCRIPT_OPTIONS), "")
    if script and not script.startswith("-"):
        # `vivado -mode batch -source scripts/build.tcl`: the script it is given is the step, as for Python.
        return f"{program} {script.rsplit('/', 1)[-1]}"
    sub = _subcommand(program, rest[1:])
    return f"{program} {sub}" if sub else program


# A package manager's short names for its subcommands: `npm i` installs as `npm install` does, one step.
_SUBCOMMAND_ALIASES = {
    "npm": {
        "i": "install",
        "in": "install",
        "add": "install",
        "t": "test",
        "tst": "test",
        "rm": "uninstall",
        "r": "uninstall",
        "un": "uninstall",
        "remove": "uninstall",
        "run-script": "run",
        "x": "exec",
    },
    "pnpm": {
        "i": "install",
        "rm": "remove",
        "un": "remove",
        "uninstall": "remove",
        "t": "test",
        "up": "update",
        "upgrade": "update",
        "ls": "list",
    },
    "bun": {"i": "install", "a": "add", "rm": "remove"},
    "cargo": {"b": "build", "c": "check", "t": "test", "r": "run", "d": "doc"},
    "brew": {"rm": "uninstall", "remove": "uninstall", "ls": "list"},
}

# Shells that run a script file named as their first word.
_SCRIPT_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "ksh"})
# Options that hand a program the Tcl script it runs (Vivado's `-source`). Not `--script`/`-s`: Godot's runs a
# script inside the program whose own step stays the program's, and `-s` is silent or single elsewhere.
_SCRIPT_OPTIONS = frozenset({"-source", "--source"})

_VERSION_SUFFIX = re.compile(r"-?(?:py)?\d+(?:\.\d+)+$")


def known_subcommands(program: str) -> bool:
    """Whether the tables above know ``program``'s subcommands: `make` alone is not `make install`, while an
    unknown program's subcommand is only read off its words (`xcodegen` may mean `xcodegen generate`)."""
    return program in _SUBCOMMAND_PROGRAMS


def _subcommand(program: str, words: list[str]) -> str:
    """The first word after a program unknown to the tables above, when it reads as a subcommand."""
    if program in _OPERAND_PROGRAMS or program in _SETUP or program in _LOOKING or "." in program:
        return ""
    if program in _MODE_OPTIONS:
        # `cmake --build --preset dev` builds, `cmake --preset dev` configures: the mode is an option.
        return next((_MODE_OPTIONS[program][w] for w in words if w in _MODE_OPTIONS[program]), "")
    # Only the word right after the program: after an option, a plain word is that option's value
    # (`ctest --preset dev`), not a subcommand. Past options given a path (`patronictl -c /etc/patroni/patroni.yml
    # list`, `--config=…`), the next word is the subcommand again: a path is no subcommand.
    at = 0
    while at + 1 < len(words) and words[at].startswith("-"):
        if "=" in words[at]:
            at += 1
        elif _PATH_VALUE.match(words[at + 1]):
            at += 2
        else:
            break
    word = words[at] if at < len(words) else ""
    if _ALIAS_OPTION.match(word):
        return word  # `clj -M:test` runs the tests, `clj -X:migrate` the migrations: the alias is what runs
    if not _SUBCOMMAND_WORD.match(word) or (word.rsplit(".", 1)[-1] in _FILE_SUFFIXES and "." in word):
        return ""
    return word


# A path or an address (`unix:///run/k3s/containerd/containerd.sock`, `https://…`) is an option's value.
_PATH_VALUE = re.compile(r"^(?:[~/]|\.{1,2}/|\$\w|[a-z][a-z0-9+.-]*://)|\.(?:ya?ml|json|toml|ini|conf|cfg)$")
# An option glued to the name of an alias the project defines, first after the program, chooses what the
# program runs (`clj -M:test`, `clojure -X:migrate`, `clj -T:build`).
_ALIAS_OPTION = re.compile(r"^-[A-Za-z]:[A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)*$")


def _positional(program: str, words: list[str]) -> list[str]:
    """The words after a program that are not options or option values."""
    takes_value = _VALUE_OPTIONS.get(program, set())
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in takes_value
            continue
        out.append(word)
    return out


def invocation(command: str | list[str]) -> str:
    """How the step was run, up to its head: `.venv/bin/python -m pytest`, `uv run pytest`, `git push`."""
    prefix, rest = _strip_wrappers(_main_segment(command))
    head = command_head(command).split()
    shown = [w for w in prefix if not ENV_ASSIGNMENT.match(w)]
    # A launcher's options (`srun -p debug --gres=gpu:1`) say where the job ran, not how the step was run: an
    # option added there is a flag like any other (`--export=ALL,WANDB_MODE=offline`).
    shown = _without_launcher_options(shown)
    if rest:
        shown.append(rest[0])
        shown += head[1:]
    return " ".join(shown)


def _flags(command: str | list[str]) -> list[str]:
    return [w for w in _main_segment(command) if w.startswith("-") and w not in ("-", "--", "-m", "-c")]


def is_looking(tool: str, arguments: Any) -> bool:
    """A call that only reads or inspects: never the fix of a failure."""
    name = _lower(tool)
    if name in READ_ONLY_TOOLS or name.replace("_", "").replace("-", "") in READ_ONLY_TOOLS:
        return True
    if _LOOKING_PARTS & set(re.split(r"[_.\-]", name)):
        return True
    command = command_of(tool, arguments)
    if command is None:
        return False
    return all(_looks(words) for words in _segments(command))


# Options that make a command that would only list or show first refresh what it keeps.
_REFRESHING_OPTIONS = frozenset({"--flush-cache", "--refresh", "--refresh-cache", "--clear-cache", "--rebuild-cache"})


def _looks(words: list[str]) -> bool:
    """One simple command that only reads or inspects (or sets up: `cd`, `export`)."""
    _, rest = _strip_wrappers(words)
    if not rest:
        return True
    program = rest[0].rsplit("/", 1)[-1]
    if program in _SETUP or program in _LOOKING or _INSPECTOR.fullmatch(program) or _reports(program):
        return True  # `sleep 2` while waiting, `cd`, `echo`, `gdalinfo x.tif`: nothing changes
    if program in _LOG_READERS:
        # `dmesg | tail` reads the kernel's log; `dmesg -C` clears it
        return not _LOG_READERS[program].intersection(w.partition("=")[0] for w in rest[1:])
    if _REFRESHING_OPTIONS.intersection(w.partition("=")[0] for w in rest[1:]):
        return False  # `ansible-inventory --flush-cache --list`: it lists, after throwing away what was cached
    sub = _subcommand_word(program, rest)
    if _LOOKING_OPTIONS.get(program, frozenset()) & set(rest[1:]):
        return True  # `ssh-keygen -F host`: finding what is there
    inner = _without_runner(rest)
    if inner is not rest and len(inner) >= 2 and sub not in _LOOKING_SUBCOMMANDS.get(program, ()):
        return _looks(inner)  # what a package runner ran looks or acts: `pnpm sst diff` looks, `pnpm sst deploy` acts
    if program in _LOOKING_SUBCOMMANDS:
        if sub in _LOOKING_SUBCOMMANDS[program]:
            return True
    elif program not in _OPERAND_PROGRAMS and sub in _LOOKING_VERBS:
        return not (sub == "get" and program in _GETTING_PROGRAMS)
    positional = [w for w in rest[1:] if not w.startswith("-")]
    if sub == "list" or _LISTING_FLAGS.intersection(rest) or positional[1:2] in (["list"], ["ls"]):
        return True  # `xcodebuild -list`, `xcrun simctl list devices`, `nrfjprog --ids`: listing what there is
    if "-L" in rest and program not in _FOLLOWING_LINKS:
        return True  # `kcat -b localhost:9092 -L`: a client's list mode (`-L` follows links for file tools)
    if sub == "version" or rest[1:] in (["--version"], ["-v"], ["-V"], ["version"]):
        return True  # `docker version`, `node --version`: asking what is installed changes nothing
    code = _inline_code(program, rest)
    if code is not None:
        return _only_asks(code)  # `python -c "print(m.version('x'))"`, `Rscript -e 'packageVersion("x")'`
    query = _inline_query(program, rest)
    if query is not None:
        return _only_reads(query)  # `mysql -e "select count(*) from t"`: counting rows changes none
    if _CHECK_ONLY_FLAGS.intersection(rest[1:]):
        return True  # `prettier --check x`, `terraform fmt -check`: reporting what it would change
    if program in ("curl", "wget"):
        # A plain GET asks; sending data, another method or saving a file changes something.
        return not any(w.split("=", 1)[0] in _SENDING for w in rest[1:]) and program == "curl"
    return command_head(words) in _LOOKING_HEADS


def _reports(program: str) -> bool:
    """A compound program name with a part that says it lists or shows (`pg_lsclusters`, `ceph-status`)."""
    parts = re.split(r"[_-]", program.removesuffix(".sh"))
    return len(parts) > 1 and any(_REPORTING_PART.fullmatch(part) for part in parts[1:])


# Options that make a program list or report what there is (`nrfjprog --ids`, `adb devices -l` aside).
_LISTING_FLAGS = frozenset({"-list", "--list", "--ids", "--list-devices", "--devices", "--show-devices"})
# Options with which a program only reports (its other uses change things).
_LOOKING_OPTIONS = {
    "ssh-keygen": frozenset({"-F", "-l", "-lf", "-lF", "-B"}),
    "ssh-add": frozenset({"-l", "-L"}),  # lists the agent's keys; without them it adds one
}


def _subcommand_word(program: str, words: list[str]) -> str:
    """The first word after the program that is not an option nor an option's value (`get` of `kubectl -n x get`)."""
    takes_value = _VALUE_OPTIONS.get(program, set())
    i = 1
    while i < len(words):
        if words[i] in takes_value:
            i += 2
        elif words[i].startswith("-"):
            i += 1
        else:
            return words[i]
    return ""


# Interpreters given code on the command line, and the option that takes it.
_INLINE_CODE = {"python": "-c", "python3": "-c", "node": "-e", "Rscript": "-e", "R": "-e", "ruby": "-e", "perl": "-e"}
# Calls in such code that change something: the code acts, whatever else it prints.
_ACTING_CALL = re.compile(
    r"(?:install|write|save|remove|delete|unlink|rmtree|system|run|exec|build|check|test|document|create|update|"
    r"insert|drop|put|post|send|upload|migrate|mkdir|rename|copy|move|open)\w*\s*\(",
    re.I,
)
_ASSIGNS = re.compile(r"(?<![=!<>])=(?!=)|<-|->")
# A call of `open` given a path alone, or a reading mode: the parenthesis it opens is kept, the name is not.
_READING_OPEN = re.compile(r"\bopen\((?=\s*[^,()]+\)|\s*[^,()]+,\s*['\"]r?b?t?['\"]\s*\))")


def _inline_code(program: str, rest: list[str]) -> str | None:
    """The code an interpreter was given on the command line (`python -c CODE`), or None."""
    option = _inline_option(program)
    return _given_to(rest, (option,)) if option else None


def _inline_option(program: str) -> str:
    """The option an interpreter takes code on the command line with (`-c` of `python3.12`), or ""."""
    return _INLINE_CODE.get(program) or _INLINE_CODE.get(program.rstrip("0123456789."), "")


def _given_to(rest: list[str], options: Sequence[str]) -> str | None:
    """The word after the first of ``options`` a command line has (`-c` of `psql -c SQL`), or None."""
    at = next((i for i, word in enumerate(rest[1:], 1) if word in options), None)
    return rest[at + 1] if at is not None and at + 1 < len(rest) else None


# Options that make a program report what it would do instead of doing it.
_CHECK_ONLY_FLAGS = frozenset({"--check", "-check", "--dry-run", "--list-different"})
# Database clients given a statement on the command line, and the options that take it.
_QUERY_OPTIONS = {
    "mysql": ("-e", "--execute"),
    "mariadb": ("-e", "--execute"),
    "psql": ("-c", "--command"),
    "beeline": ("-e",),
    "hive": ("-e",),
    "clickhouse-client": ("-q", "--query"),
    "sqlcmd": ("-Q", "-q"),
    "cqlsh": ("-e", "--execute"),
}
_READING_STATEMENT = re.compile(r"(?:select|show|describe|desc|explain|with)\b", re.I)
_WRITING_WORD = re.compile(r"\b(?:insert|update|delete|merge|create|drop|alter|truncate|grant|revoke|set)\b", re.I)


def _inline_query(program: str, rest: list[str]) -> str | None:
    """The statement a database client was given on the command line (`psql -c SQL`), or None."""
    return _given_to(rest, _QUERY_OPTIONS.get(program, ()))


def _only_reads(sql: str) -> bool:
    """Statements that only read (`select`, `show`, `describe`, `explain`), none that writes or sets."""
    statements = [part.strip() for part in sql.split(";") if part.strip()]
    return bool(statements) and all(
        _READING_STATEMENT.match(part) and not _WRITING_WORD.search(part) for part in statements
    )


def _only_asks(code: str) -> bool:
    """Code that imports and prints or evaluates without assigning or calling anything that acts."""
    # `open('x.json')` reads; only a mode that writes (`'w'`, `'a'`, `'x'`, `'+'`) makes opening act.
    code = _READING_OPEN.sub("(", code)
    statements = [part.strip() for part in re.split(r"[;\n]", code) if part.strip()]
    asking = [
        part
        for part in statements
        if re.match(r"(?:import |from \S+ import |library\(|suppressMessages\(library\()", part)
        or not (_ASSIGNS.search(part.split("(", 1)[0]) or _ACTING_CALL.search(part))
    ]
    return bool(statements) and len(asking) == len(statements)


# Programs whose `-L` follows symbolic links or redirects while they act, rather than listing.
_FOLLOWING_LINKS = frozenset("cp ln rsync find tar chown chmod chgrp du mount scp wget curl zip ssh".split())


def step_key(tool: str, arguments: Any) -> str:
    """What makes two calls "the same step": the command head, the file, or the tool."""
    name = _lower(tool)
    command = command_of(tool, arguments)
    if command is not None:
        return f"{name}:{command_head(command)}"
    path = file_of(arguments)
    if path is not None and name in FILE_TOOLS:
        kind = "read" if name in ("read", "fs_read") else "write"
        return f"{name if kind == 'write' else 'read'}:{path}"
    return name


def step_keys(tool: str, arguments: Any) -> set[str]:
    """Every step a call performs: each command of a chained line (`go build ./... && go test ./...` runs the
    `go build` step too), else the one step of ``step_key``."""
    command = command_of(tool, arguments)
    if command is None:
        return {step_key(tool, arguments)}
    name = _lower(tool)
    keys = {f"{name}:{command_head(' '.join(words))}" for words in _chain(command) if not _is_setup(words)}
    return keys | {step_key(tool, arguments)}


def step_label(tool: str, arguments: Any) -> str:
    """How a lesson names the step: `git push`, `Edit`, `pytest`."""
    command = command_of(tool, arguments)
    if command is not None:
        return command_head(command) or tool
    return tool


def error_phrase(error: str) -> str:
    """The key phrase of an error message: what two occurrences of the same failure share."""
    # R (rlang, cli) puts the message on the line under "Error in `f()`:" or "Error:", after a "! ".
    error = _R_CONDITION.sub(r"\1 ", error)
    error = _before_usage(error)
    message = _message_text(error)
    # An API's error type, quoted as its body gives it (`'type': 'strict_dynamic_mapping_exception'`): what failed,
    # whichever client exception carried it (`BadRequestError(400, …)` from one call, `BulkIndexError` from another).
    typed = _ERROR_TYPE.search(message)
    if typed:
        # A type that only classes the failure (`illegal_argument_exception`, the wrapper
        # `search_phase_execution_exception`) names it by the reason given with it: the same type carries a text
        # field sorted on and a static setting changed on an open index.
        reason = _given_reason(message, typed.end()) if typed.group(1) in _CLASS_TYPES else ""
        return _phrase_of(reason) if reason else typed.group(1)
    driver = _DRIVER_MESSAGE.search(error)
    if driver:
        return _phrase_of(next(group for group in driver.groups() if group))
    for pattern, phrase in _PHRASES:
        if pattern.search(error if pattern.pattern.startswith("(?m)^") else message):
            # A wait that ran out because something threw on the way (a handler failed, the test waited in vain
            # for its result) is no flakiness: the exception logged as uncaught or at ERROR level is the failure.
            thrown = _thrown_during(error) if phrase == "timeout" else None
            return thrown or phrase
    named = _NAMED_ERROR.search(error)
    if named:
        return named.group(1)
    # A chained exception names its cause last (`Caused by: org.flywaydb…FlywayException: Found more than one
    # migration`): the outer one (`BeanCreationException`) is only where it surfaced.
    causes = [found for cause in _CAUSED_BY.findall(error) if (found := _EXCEPTION.search(cause))]
    wrapped = _LOADING.search(error)
    if wrapped and not causes:
        # Julia's `LoadError: …` only says a file being loaded failed: what follows it is the failure
        # (`UndefVarError: …`, "`makedocs` encountered an error [:missing_docs]").
        inner = _EXCEPTION.match(wrapped.group(1))
        return inner.group(1) if inner else _phrase_of(wrapped.group(1))
    exception = causes[-1] if causes else _EXCEPTION.search(error)
    if exception:
        # A generic type (`RuntimeError`, `SystemError`) only says that a traceback ended; what a framework logged
        # at ERROR level before it says what happened ("Unexpected BUS error encountered in DataLoader worker"),
        # and stays the same when the exception that surfaced differs from run to run.
        logged = _logged_before_traceback(error) if exception.group(1) in _GENERIC_EXCEPTIONS else ""
        return _phrase_of(logged) if logged else exception.group(1)
    # An API answered with a JSON error body (`{"statusCode":400,"message":["property remark should not exist"],
    # …}`): its message is what failed; the status, path and timestamp are that call's own. An exception the
    # body names (`"exception": "…\\ApiException"`) names it already, as it does when the same call fails elsewhere.
    body_message = _json_message(error)
    if body_message:
        # A message that says where before what (`Failed to connect to the host via ssh: Host key verification
        # failed.`) is told by what: the part after its last colon, when that says enough on its own.
        # Of a message over several lines, the first says what failed ("Connector configuration is invalid and
        # contains the following 1 error(s):"); the lines under it are this run's own details.
        opening = body_message.strip().splitlines()[0]
        body_message = opening if len(opening.split()) >= 3 else body_message
        _, colon, tail = body_message.rpartition(": ")
        return _phrase_of(tail if colon and len(tail.split()) >= 3 else body_message)
    # A tool that labels its message (`Error Message: Object literal must … At File: x.ets:54:12`) says which
    # line is the failure; the count and code on the line above (`1 ERROR: 10605038 ArkTS Compiler Error`) only
    # number it.
    labelled = _LABELLED_MESSAGE.search(error)
    if labelled and len(labelled.group(1).split()) >= 3:
        return _phrase_of(labelled.group(1))
    # rustc reports in order, and the first located diagnostic is the cause: a crate's `compile_error!` ("This wasm
    # target is unsupported by mio") comes without a code, and the `error[E0432]`s after it only follow from it.
    first = _RUSTC_DIAGNOSTIC.search(error)
    if first and not first.group(1) and any(later.group(1) for later in _RUSTC_DIAGNOSTIC.finditer(error, first.end())):
        return _phrase_of(first.group(2))
    code = _error_code(error)
    if code:
        return code
    lines = [_BOX_RIGHT.sub("", _LINE_PREFIX.sub("", line)) for line in error.splitlines()]
    # The Kotlin compiler's own error line (`e: file:///…/Formatter.kt:4:12 Expected formatDecimal has no actual
    # declaration …`) says what failed; Gradle's summary under it ("Compilation finished with errors") only that it did.
    kotlin = next((found.group(1) for line in lines if (found := _KOTLIN_ERROR.match(line))), "")
    if kotlin:
        return _phrase_of(kotlin)
    gradle = _gradle_detail(lines)
    if gradle:
        return _phrase_of(gradle)
    # A source line a runtime quotes above a caret (`throw new Error("…")` over `^`) is where it failed; the
    # message follows it.
    lines = [
        line
        for i, line in enumerate(lines)
        if not (i + 1 < len(lines) and _CARET.match(lines[i + 1])) and not (i and _PY_FRAME.match(lines[i - 1]))
    ]
    lines = [line for line in lines if not _NOISE_LINE.match(line)]
    # An analyzer's report line (`info • Don't use 'BuildContext's across async gaps • lib/x.dart:27:34 • rule`)
    # says what is wrong between its separators, whatever severity it gives it.
    diagnostic = next((found for line in lines if (found := _DIAGNOSTIC.match(line) or _LINT_REPORT.match(line))), None)
    if diagnostic:
        return _phrase_of(next(group for group in diagnostic.groups() if group))
    telling = [_told_after(lines, i) for i, line in enumerate(lines) if _ERROR_LINE.search(line)]
    # A warning printed on the way ("[Vue warn]: Unhandled error during execution of setup") is not the failure
    # the next line names ("Error: … there was no active Pinia").
    telling = [line for line in telling if not _WARNING_LINE.match(line)] or telling
    # "status: Failed (0m 38s)" says that it failed and how long it ran; a line that says what failed wins.
    telling = [line for line in telling if not _FAILED_AFTER.search(line)] or telling
    # "Encountered an error:" or "Compilation Error" alone name nothing: the line after them does.
    lines = [line for line in telling if len(line.split()) > 3] or telling or lines
    for line in lines:
        phrase = _phrase_of(line)
        if phrase:
            return phrase
    exit_code = _EXIT.search(error)
    return f"exit code {exit_code.group(1)}" if exit_code else "failed"


# A command line tool's help, printed under its complaint ("run ID required …" then "Usage: gh run watch …" and
# every flag with what it does: "Exit with non-zero status if run fails").
_USAGE = re.compile(r"(?im)^\s*usage:")


_GENERIC_EXCEPTIONS = frozenset({"RuntimeError", "SystemError"})
_LOGGED_ERROR = re.compile(r"^\s*(?:ERROR|FATAL|CRITICAL)\s*[:\]]\s*(\S.*)$")
_TRACEBACK = re.compile(r"^\s*Traceback \(most recent call last\):")


def _logged_before_traceback(error: str) -> str:
    """The message of a line logged at ERROR level (`ERROR: …`, `FATAL] …`) above a Python traceback, when it is a
    sentence, or ""."""
    logged = ""
    for line in error.splitlines():
        if _TRACEBACK.match(line):
            return logged
        found = _LOGGED_ERROR.match(line)
        if found and len(found.group(1).split()) >= 4 and not logged:
            logged = found.group(1)
    return ""


def _before_usage(error: str) -> str:
    """The error without the usage text printed under it, when something was said before it."""
    found = _USAGE.search(error)
    if not found:
        return error
    said = error[: found.start()]
    return said if any(line.strip() and not _EXIT.match(line.strip()) for line in said.splitlines()) else error


def _told_after(lines: list[str], at: int) -> str:
    """The line at ``at``, or the line it introduces: "Aborting batchmode due to fatal error:" says only that
    something failed; "It looks like another Unity instance is running with this project open." is what."""
    line = lines[at]
    if not _GENERIC_HEADER.search(line):
        return line  # a header that names something (`remote: error: branch refs/heads/x:`) says enough itself
    following = next((later for later in lines[at + 1 :] if later.strip()), "")
    # Only a sentence: a traceback, a stack frame or quoted source under the header says where, not what.
    text = following.strip()
    said = len(text.split()) > 3 and not _NOT_A_SENTENCE.match(text) and not _CODE_MARKS.search(text)
    return following if said else line


# A header that only says a failure follows: "Aborting batchmode due to fatal error:", "Visibility error:", or that
# it failed and how long it took ("✗ Build failed in 2.91s", "BUILD FAILED in 41s").
_GENERIC_HEADER = re.compile(
    r"(?:\b(?:errors?|failures?|failed|exceptions?|problems?|reasons?)|错误|失败)\s*[:：]\s*$"
    # Jest's header over a suite that could not load ("● Test suite failed to run"): the message under it says why
    r"|^\s*●\s*test suite failed to run\s*$"
    rf"|\bfailed\s+(?:in|after)\s+{_DURATION}\.?\s*$",
    re.I,
)
_NOT_A_SENTENCE = re.compile(r"(?:traceback|file\b|at\b|caused by)", re.I)
_CODE_MARKS = re.compile(r"[%{}]|\(\s*['\"]|[(;]$")


# The fields an error body puts its words for people in, by how often APIs use them.
_MESSAGE_FIELDS = ("message", "detail", "error_description", "title", "msg", "error", "errors", "reason")


# (Not `*_error`: Stripe's and OpenAI's `invalid_request_error` is a class of errors, not one.)
_ERROR_TYPE = re.compile(r"""['"]([a-z][a-z0-9]*(?:_[a-z0-9]+)+_exception)['"]""")
# Types that say what kind of failure, not which: the reason given with them does.
_CLASS_TYPES = frozenset(
    {
        "illegal_argument_exception",
        "illegal_state_exception",
        "search_phase_execution_exception",
        "action_request_validation_exception",
        "parse_exception",
        "x_content_parse_exception",
        "runtime_exception",
    }
)
# The reason after a type: the body's `"reason": "…"` field (`{"type": "…", "reason": "…"}`), or the client
# exception's next argument (`BadRequestError(400, 'search_phase_execution_exception', 'Text fields are …')`).
_REASON_AFTER_TYPE = re.compile(r"""['"]\s*,\s*(?:['"]reason['"]\s*:\s*)?(['"])((?:(?!\1)[^\\]|\\.){6,400})\1""")


def _given_reason(message: str, type_end: int) -> str:
    """The reason given right after an error type ending at ``type_end``, or "" (one word is no reason)."""
    found = _REASON_AFTER_TYPE.match(message, type_end - 1)
    reason = found.group(2) if found else ""
    return reason if len(reason.split()) >= 3 else ""


def _message_text(error: str) -> str:
    """The words of ``error`` that are its messages: without stack frames, the source lines a compiler quotes,
    and file paths or positions (`src/lib/rate-limit.ts`, `parseAst.js:401:41` are no rate limit and no 401)."""
    kept = [_PATH_TOKEN.sub(" ", line) for line in error.splitlines() if not _QUOTED_SOURCE.match(line)]
    return "\n".join(kept)


# A stack frame (`    at Module.error (file:///…/parseAst.js:401:41)`) or a numbered source line a compiler
# quotes (`3: import { X } from '$env/static/private';`, `  31 |   const kv = …`).
_LABELLED_MESSAGE = re.compile(r"(?im)^\s*(?:error )?message\s*:\s*(\S.*?)(?:\s+at file:.*)?$")
# A database driver's message under its own labels: SQL Server's header line (`Msg 111, Level 15, State 1, Server x,
# Line 9`) with the message on the next line, and ODBC's chain of sources before it (`[Microsoft][ODBC Driver 18 for
# SQL Server][SQL Server]The target database …`, `Microsoft ODBC Driver 18 for SQL Server : The target …`).
_DRIVER_MESSAGE = re.compile(
    r"(?m)^\s*Msg \d+, Level \d+, State \d+[^\n]*\n\s*(\S[^\n]*)"
    r"|(?:\[[^\]\n]+\])*\[ODBC [^\]\n]*\](?:\[[^\]\n]+\])*(\S[^\n]*)|\bODBC Driver \d+ for [^:\n]+?\s:\s+(\S[^\n]*)"
)
_QUOTED_SOURCE = re.compile(r"^\s*(?:at\s|\d+\s*[:|]\s)")
_PATH_TOKEN = re.compile(r"[\w.~@$+-]*/[\w./~@$+:-]*|[\w.-]+\.[A-Za-z]{1,5}:\d+(?::\d+)*")


def _json_message(error: str) -> str:
    """The message of the first JSON object line of ``error`` that has one, or ""."""
    for line in error.splitlines():
        text = line.strip()
        if not text.startswith("{"):
            continue
        try:
            # What follows the body on its line is another program's (`…}curl: (22) The requested URL returned
            # error: 400`: curl adds its own line without a newline before it).
            body, _ = _DECODER.raw_decode(text)
        except ValueError:
            continue
        found = _message_in(body)
        if found:
            return found
    # The body printed over several lines, as a test's diff of the response shows it (`+   "message": Array [` /
    # `+     "property channel should not exist",`).
    spread = _SPREAD_MESSAGE.search(error)
    return spread.group(1).strip() if spread and len(spread.group(1).split()) >= 2 else ""


_DECODER = json.JSONDecoder()
_SPREAD_MESSAGE = re.compile(r'"(?:message|msg|detail|error_description)":\s*(?:Array\s*)?\[?[\s+\-]*"([^"\n]{6,200})"')


def _message_in(value: Any, depth: int = 0) -> str:
    """Words for people in an error body: a message field's text (the first of a list), looked for one level
    inside (`{"error": {"message": …}}`)."""
    if isinstance(value, str):
        return value.strip() if len(value.split()) >= 2 else ""
    if isinstance(value, list):
        return next((found for item in value[:5] if (found := _message_in(item, depth))), "")
    if isinstance(value, Mapping) and depth < 2:
        for field in _MESSAGE_FIELDS:
            found = _message_in(value.get(field), depth + 1) if field in value else ""
            if found:
                return found
    return ""


def _gradle_detail(lines: list[str]) -> str:
    """What Gradle says failed under "* What went wrong:" (its last `>` line), unless that only points back at
    the compiler's or the tests' output ("Execution failed for task …", "Compilation failed")."""
    wrong = next((i for i, line in enumerate(lines) if _WHAT_WENT_WRONG.match(line)), None)
    if wrong is None:
        return ""
    part: list[str] = []
    for line in lines[wrong + 1 :]:
        if line.lstrip().startswith("* "):
            break
        if line.strip():
            part.append(line.strip().lstrip("> ").strip())
    detail = part[-1] if part else ""
    return "" if not detail or _GRADLE_POINTER.match(detail) else detail


# A file and line inside a line, after what a tool printed before it (`  + add_idx .. psql:deploy/add_idx.sql:8:
# ERROR:  …`, a migration tool's progress, then the client's located message).
_INNER_LOCATION = re.compile(r"(?<=[\s:])[\w./~-]+\.[A-Za-z]\w*:\d+(?::\d+)?:\s+")


_RUSTC_DIAGNOSTIC = re.compile(r"(?m)^error(\[E\d{4}\])?: (\S.*)\n\s*--> ")


def _error_code(error: str) -> str | None:
    """The error code an error message gives (`TS2345`, `E0308`, `DSNT408`): the first one on a line that says
    something failed, else the first one. Not a code on most of its lines: that is the log's own column (a job's
    number, `JOB04533`, in front of every line of a job log), the same for every message of that run."""
    lines = [line for line in error.splitlines() if line.strip()]
    found = [m for m in _CODE.finditer(error) if not _WRAPPER_CODE.match(m.group(1))]
    if not found:
        return None
    columns = {
        code
        for code in {m.group(1) for m in found}
        if len(lines) >= 5 and sum(code in line for line in lines) * 2 > len(lines)
    }
    found = [m for m in found if m.group(1) not in columns]
    on_error_line = [m for m in found if _ERROR_LINE.search(_line_at(error, m.start()))]
    chosen = (on_error_line or found)[:1]
    return chosen[0].group(1) if chosen else None


def _line_at(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text[start : end if end >= 0 else len(text)]


def _phrase_of(line: str) -> str:
    text = _LOCATION.sub("", line.strip())  # `pkg/x.go:12:3: …`: where it failed is not what failed
    inner = _INNER_LOCATION.search(text)
    if inner and _ERROR_LINE.search(text[inner.end() :]) and not _ERROR_LINE.search(text[: inner.start()]):
        # What was printed before the located message (the step's name, its dot leader) is no part of it.
        text = text[inner.end() :]
    # A message that goes on to print an object (`❌ Invalid environment variables: { RESEND_API_KEY: [ 'Required' ]
    # }`) is told by what comes before it: the object holds this run's own keys.
    printed = _PRINTED_OBJECT.search(text)
    if printed and len(text[: printed.start()].split()) >= 2:
        text = text[: printed.start()]
    for pattern, blank in _BLANKS:
        text = pattern.sub(blank, text)
    text = _BLANK_LIST.sub(r"<\1>", text)  # a list of one, or of three settings, is the same failure
    words = text.split()
    # A message of several sentences is named by its first, when that says enough ("This wasm target is
    # unsupported by mio.", not "… by mio. If").
    ends = [i for i, word in enumerate(words[:MAX_PHRASE_WORDS]) if word.endswith(".") and i + 1 < len(words)]
    if ends and ends[0] >= 3 and words[ends[0] + 1][:1].isupper():
        words = words[: ends[0] + 1]
        words[-1] = words[-1].rstrip(".")
    return " ".join(words[:MAX_PHRASE_WORDS]).lower()


_BLANK_LIST = re.compile(r"<(\w+)>(?:,\s*<\1>)+")
_PRINTED_OBJECT = re.compile(r":\s*\{\s*[\w$\"']+\s*:")


_LOGGED_FAILURE = re.compile(r"(?m)^.*(?:\bERROR\b|\bSEVERE\b|[Uu]ncaught|[Uu]nhandled).*$")
_TIMED_OUT = re.compile(r"time ?out|timed ?out", re.I)


def _thrown_during(error: str) -> str | None:
    """An exception a run logged as uncaught or at ERROR level, other than one that itself says it timed out."""
    for line in _LOGGED_FAILURE.findall(error):
        for found in _EXCEPTION.finditer(line):
            before, after = line[found.start() - 1 : found.start()], line[found.end() : found.end() + 1]
            # Thrown is written `pkg.Name` or `Name: message`; a help link (`…/MojoExecutionException`) is not.
            thrown = before != "/" and (before == "." or after == ":")
            if thrown and not _TIMED_OUT.search(found.group(1)):
                return found.group(1)
    return None


def is_canned(phrase: str) -> bool:
    """Whether ``phrase`` is one of the short names many different failures get ("timeout", "no such file or
    directory", "permission denied"): it says what kind of failure, not which one."""
    return phrase in _CANNED_PHRASES


def is_transient(phrase: str) -> bool:
    return phrase in _TRANSIENT_PHRASES


class Signature:
    """A failure as comparable data: the tool, the step it was (command head or tool) and the error phrase."""

    __slots__ = ("phrase", "step", "tool")

    def __init__(self, tool: str, step: str, phrase: str) -> None:
        self.tool = tool
        self.step = step
        self.phrase = phrase

    @classmethod
    def of(cls, tool: str, arguments: Any, error: str) -> Signature:
        phrase = error_phrase(error)
        command = command_of(tool, arguments)
        carried_by = carrier(command) if phrase == CARRIER_FAILED and command is not None else []
        if carried_by:
            # What was to run inside never started: the step that failed is the one carrying it (`kubectl exec`).
            return cls(tool, command_head(carried_by), phrase)
        return cls(tool, step_label(tool, arguments), phrase)

    @property
    def key(self) -> str:
        return f"{_lower(self.tool)}|{self.step.lower()}|{self.phrase.lower()}"

    def as_dict(self) -> dict[str, str]:
        return {"tool": self.tool, "step": self.step, "phrase": self.phrase}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Signature) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Signature({self.tool!r}, {self.step!r}, {self.phrase!r})"


class Recovery:
    """One failed call, the later call of the same step that succeeded, and what changed in between."""

    __slots__ = (
        "added",
        "added_lines",
        "adds_named",
        "around",
        "change",
        "changed_lines",
        "failed",
        "files",
        "fix_commands",
        "fixed",
        "inserted",
        "named_values",
        "quoted_lines",
        "removed",
        "replaced",
        "reread",
        "signature",
        "suggested",
        "swapped",
        "work",
        "written",
    )

    def __init__(
        self,
        failed: int,
        fixed: int,
        signature: Signature,
        *,
        inserted: list[int],
        fix_commands: list[str],
        reread: bool,
        change: str | None,
        work: bool,
        added: Sequence[str] = (),
        added_lines: Sequence[str] = (),
        changed_lines: Sequence[str] = (),
        quoted_lines: Sequence[str] = (),
        files: Sequence[str] = (),
        around: Sequence[str] = (),
        removed: Sequence[str] = (),
        suggested: Sequence[str] = (),
        written: Sequence[str] = (),
        replaced: bool = False,
        swapped: str | None = None,
        adds_named: bool = False,
        named_values: Sequence[str] = (),
    ) -> None:
        self.failed = failed
        self.fixed = fixed
        self.signature = signature
        self.inserted = inserted  # indices of the calls that made the difference
        self.fix_commands = fix_commands  # those calls as a person would name them (`git pull --rebase`)
        self.reread = reread  # the file the failed file tool wrote was read again
        self.change = change  # how the succeeding call differs: its invocation or the flags it added
        self.work = work  # files were edited in between: the ordinary development loop
        self.added_lines = list(added_lines)  # those edits' new lines as written (`if (!mounted) return;`)
        # lines those edits changed in place, as they read after (`install(DIRECTORY config launch DESTINATION …)`)
        self.changed_lines = list(changed_lines)
        # lines those edits only put quotes into, as they read after (`src: "{{ ca_file }}"`)
        self.quoted_lines = list(quoted_lines)
        self.added = list(added)  # the words those edits added (`js:`, `true`): an edit-fix that recurs says it
        self.files = list(files)  # the names of the files those edits wrote (`Directory.Packages.props`)
        self.around = list(around)  # the words the edits changed text among (`protected $fillable = [`)
        self.removed = list(removed)  # the words those edits took out (`rpx` where each wrote `px` instead)
        # the commands the error offered together, one of which the fix ran (`pod repo update` or `pod install
        # --repo-update`): tasks that took either are one lesson, the error's own
        self.suggested = list(suggested)
        # the edits added what the error quoted (`"terraform"` after package ‘terraform-1.9.8’ was refused): with
        # one file edited each time, adding what it names there is the lesson
        self.adds_named = adds_named
        # what the error quoted that those edits wrote (`for example` of "Use 'for example' instead of 'e.g.'")
        self.named_values = list(named_values)
        self.written = list(written)  # the words of files written whole (no before to compare with)
        self.replaced = replaced  # another program did the step's job (`xcodebuild test` for `swift test`)
        # the change was one word of the line (`harbourline rpc` for `harbourline eval`), or the command the step
        # was run inside (`sst shell --`): about that, wherever the step was
        self.swapped = swapped

    @property
    def kind(self) -> str:
        if self.work and not self.reread and self.change is None:
            # Commands run after editing (`make manifests` regenerating what the edit declared) finish the edit:
            # the fix is still the edit.
            return "edited"
        if self.fix_commands or self.reread:
            return "inserted" if self.change is None else "changed+inserted"
        if self.change is not None:
            return "changed"
        return "edited" if self.work else "retry"

    @property
    def procedural(self) -> bool:
        """A fix someone could repeat next time: a command, a re-read, another invocation, or a plain retry
        of a transient failure. A fix that needed files edited (the code or config was wrong) is not."""
        if self.work:
            return False  # the fix was in the code or config: this task's work, not a procedure to repeat
        if self.fix_commands or self.reread or self.change is not None:
            return True
        return is_transient(self.signature.phrase)

    @property
    def fix_key(self) -> str:
        """What two recoveries must share to be "fixed the same way"."""
        if self.suggested:
            return "suggested:" + " | ".join(sorted(self.suggested))
        # A package script's variant is the same fix (`pnpm build:ui` and `pnpm -C packages/ui build` build ui).
        parts = [_script_family(command_head(c)) or c for c in self.fix_commands]
        # Committing and pushing what the fix changed is how the work is shared, not what fixed it: a task that
        # also pushed the regenerated files fixed the error the same way as one that did not. Of the rest, the
        # first is the fix; what follows it (waiting for it, checking on it) varies from task to task.
        parts = ([p for p in parts if p not in _PUBLISHING] or parts)[:1]
        if self.reread:
            parts.append("reread")
        if self.change is not None:
            # The variable's name, not this run's value of it. A search path extended with itself beside another
            # variable (`CUDA_HOME=/opt/cuda-12.4 PATH=/opt/cuda-12.4/bin:$PATH`) only serves that one: the fix is
            # the same as `CUDA_HOME=…` alone.
            assigned = _variables_set(_words(self.change))
            own = [w for w in assigned if not _extends_itself(w)] or assigned
            variables = [w.split("=", 1)[0] + "=…" for w in own]
            # A variable set on the retry is the fix, whichever command it was set for.
            if self.replaced:
                # The program and subcommand, whatever options it was given (`kubectl -n dev debug …`).
                parts.append(f"as:{command_head(self.change) or self.change.split(' -', 1)[0]}")
            elif "--" in self.change.split():
                parts.append(f"as:{self.change.split()[0]} --")  # the separator, whatever came around it
            elif " … " in self.change:
                parts.append(f"as:{self.change}")  # one option's value or the paths' anchoring: as shown
            else:
                parts.append(f"as:{' '.join(variables) if variables else _same_options(self.change)}")
        if self.work and parts and not self.reread and self.change is None:
            return "+".join([*parts, "edited"])  # an edit finished by a command: an edit-fix, told by its words
        return "+".join(parts) or ("retry" if not self.work else "edited")

    @property
    def key(self) -> str:
        """Error signature => fix. A fix by other commands is about the error wherever it showed (a stale
        `node_modules` breaks `vitest` and `tsc` alike, `pnpm install` fixes both): the step is left out.
        A retry or another way of running the step is about that step."""
        sig = self.signature
        variable = self.change is not None and (
            bool(ENV_ASSIGNMENT.match(self.change)) or any(_ARGUMENT_ASSIGNMENT.match(w) for w in self.change.split())
        )
        # One word run another way inside whatever carried it (`fly ssh console -C "… eval …"`, `docker compose
        # exec app … eval …`) is about that word, not the step that carried it.
        swapped = self.change is not None and self.change == self.swapped
        if self.fix_commands or self.reread or self.kind == "edited" or variable or swapped or self.suggested:
            # An edit fixes the code wherever the error showed (assembleDebug, installDebug alike).
            return f"{_lower(sig.tool)}|*|{sig.phrase.lower()}=>{self.fix_key}"
        return f"{sig.key}=>{self.fix_key}"

    def lesson(self) -> str:
        """The strategy a developer would write down, with the commands."""
        sig = self.signature
        step = f"`{sig.step}`" if sig.step != sig.tool else f"`{sig.tool}`"
        when = f'When {step} fails with "{sig.phrase}"'
        if self.suggested:
            return f"{when}, {suggestion_text(self.suggested, self.fix_commands[:1])}, then retry {step}."
        doing: list[str] = []
        if self.reread:
            doing.append("`Read` the file again")
        doing += [f"run `{c}`" for c in self.fix_commands]
        if self.change is not None:
            retry = f"run it as `{self.change}`"
            return f"{when}, {', then '.join([*doing, retry])}." if doing else f"{when}, {retry} instead."
        if doing:
            return f"{when}, {', then '.join(doing)}, then retry {step}."
        return f"{when}, retry it once before changing the approach."

    def __repr__(self) -> str:
        return f"Recovery({self.failed}->{self.fixed}, {self.key!r})"


def _same_options(change: str) -> str:
    """A changed command with each option that takes a value in one spelling and without the value:
    `--startup-project src/Api` and `-s src/Api` are the same fix written long and short (by the usual convention
    the short option is the long one's first letter), and `--filter @hx/admin` and `--filter @hx/ui` the same fix
    for two packages; a value given after `=` likewise (`--test-option=--seed=1` and `--test-options='-m /A/'`
    hand arguments on the same way, once or twice). An option without a value keeps its spelling: `--force` is
    not `--force-with-lease`."""
    words = _without_runner(_words(change))
    if "--" in words:
        words = words[: words.index("--") + 1]  # what follows the separator is that run's own arguments
    out: list[str] = []
    skip = False
    for i, word in enumerate(words):
        if skip:
            skip = False
            continue
        value = words[i + 1] if i + 1 < len(words) else ""
        if re.fullmatch(r"--?[A-Za-z][\w-]*=.+", word):
            shown = f"-{word.lstrip('-')[0]}"
        elif re.fullmatch(r"--?[A-Za-z][\w-]*", word) and value and not value.startswith("-"):
            shown = f"-{word.lstrip('-')[0]}"
            skip = True
        else:
            shown = word
        if not (shown.startswith("-") and out and out[-1] == shown):
            out.append(shown)  # the same option given twice is one way of running it
    return " ".join(out)


_SCRIPT_RUNNERS = frozenset({"npm", "pnpm", "yarn", "bun"})


def _script_family(head: str) -> str:
    """`pnpm build` for `pnpm build:ui`: a package script and its variants named `name:variant`."""
    words = head.split()
    if len(words) >= 2 and words[0] in _SCRIPT_RUNNERS and ":" in words[-1]:
        return " ".join([*words[:-1], words[-1].split(":", 1)[0]])
    return head


def fix_shape(command: str) -> str:
    """A fixing command without its varying parts: the head and its flags (`git pull --rebase`)."""
    head = command_head(command)
    flags = sorted({f.split("=", 1)[0] for f in _flags(command)})
    return " ".join([head, *flags]) if head else command


# Flags that say where a command runs, not what it does: left out when several runs are summed up in one.
_LOCATION_FLAGS = frozenset({"-chdir", "-C", "--prefix", "--dir", "--project-dir", "--cwd", "--manifest-path"})


def common_command(commands: Sequence[str]) -> str:
    """What several runs of one fixing command share, as one command to show.

    | runs                                                        | shown                |
    |-------------------------------------------------------------|----------------------|
    | `pnpm install` ×3                                           | `pnpm install`       |
    | `git pull --rebase`, `git pull --rebase origin feat/x`      | `git pull --rebase`  |
    | `terraform -chdir=envs/a init`, `… -chdir=envs/b init -reconfigure` | `terraform init` |
    | `kill 48211`, `kill 90377`                                  | `kill …`             |
    | `… port-forward svc/db 5432`, the same, `… service/db 5432` | `… svc/db 5432`      |
    """
    unique = list(dict.fromkeys(c.strip() for c in commands if c.strip()))
    if len(unique) <= 1:
        return unique[0] if unique else ""
    inline = _shared_inline_call(unique)
    if inline:
        return inline
    heads = {command_head(c) for c in unique}
    if len(heads) != 1:
        return unique[0]
    head = heads.pop()
    if any(word not in c.split() for c in unique for word in head.split()[1:]):
        head = head.split()[0]  # a mode read off an option (`cmake configure` for `cmake --preset x`)
    # Counted over the runs, repeats included: `-w` twice and `--workspace` once is `-w`.
    runs = [c.strip() for c in commands if c.strip()]
    flag_sets = [[f.split("=", 1)[0] for f in _flags(c)] for c in runs]
    # The options most runs gave (`git add -N` twice and `git add --intent-to-add` once: `-N`), in order.
    seen = dict.fromkeys(f for fs in flag_sets for f in fs)
    names = [f for f in seen if f not in _LOCATION_FLAGS and sum(f in fs for fs in flag_sets) * 2 > len(flag_sets)]
    # A word after an option in every run is its value: shown when every run gave the same one
    # (`--bootstrap-server localhost:9092`), a gap when each gave its own (`--topic …`).
    values = [[_value_after(c, name) for c, fs in zip(runs, flag_sets, strict=True) if name in fs] for name in names]
    # A placeholder the scrubber left (`[PHONE]` for a run id) hides each run's own value: never one they shared.
    values = [[f"{v}#{i}" if v and SCRUBBED.fullmatch(v) else v for i, v in enumerate(found)] for found in values]
    flags = [_shown_flag(name, found) for name, found in zip(names, values, strict=True)]
    given = {v for found in values for v in found if v and len(set(found)) == 1}
    # The words after the head most runs gave, in order, up to the first place where they part: three
    # port-forwards to `svc/db 15432:5432`, `svc/db 15432:5432` and `service/db 15432:5432` show the first.
    # An option's value each run gave its own is shown as the option's gap (`--filter …`), not again as a word.
    gapped = [name for name, found in zip(names, values, strict=True) if None not in found and len(set(found)) > 1]
    tails = [
        [
            w if not SCRUBBED.fullmatch(w) else f"{w}#{n}"
            for w in _after_head(c, head)
            if w not in given and w not in {_value_after(c, name) for name in [*gapped, *_LOCATION_FLAGS]}
        ]
        for n, c in enumerate(runs)
    ]
    shared: list[str] = []
    for k in range(min(len(t) for t in tails)):
        word, count = Counter(t[k] for t in tails).most_common(1)[0]
        if count * 2 <= len(tails):
            break
        shared.append(word)
    more = all(len(t) > len(shared) for t in tails)
    # A subcommand the runs wrote before their options stays before them (`xcrun notarytool wait --keychain-profile
    # …`, not `… --keychain-profile … wait`).
    first = _main_segment(runs[0])
    at_flag = min((first.index(w) for w in first if w.split("=", 1)[0] in names), default=len(first))
    leading = [w for w in shared if w in first[:at_flag]]
    if shared[: len(leading)] != leading:
        leading = []
    # What every run ended with, past where they parted (`CREATE EXTENSION IF NOT EXISTS postgis_raster` twice,
    # `CREATE EXTENSION postgis_raster` once: `CREATE EXTENSION … postgis_raster`), is what they all did.
    ending = _common_ending(tails)
    if ending:
        agreed = next((k for k in range(len(shared)) if any(t[k] != shared[k] for t in tails)), len(shared))
        shared = shared[:agreed]
        leading = leading[: len(shared)]
    shown = " ".join([_head_as_written(head, runs), *leading, *flags, *shared[len(leading) :]])
    tail_end = _shared_end([t[-1] for t in tails]) if all(len(t) > len(shared) for t in tails) else ""
    if ending:
        shown += " … " + " ".join(ending)
    elif tail_end:
        # Runs at different addresses that did one thing there (`curl -X POST http://localhost:9200/poi_dev/_close`,
        # `… http://es-test:9200/merchant_v6/_close`): the end of the path they share is that thing.
        shown += f" …{tail_end}"
    elif more and not flags:
        # Where the runs parted inside one word, the part they shared says what it was (`systemctl stop
        # postgresql@16-main` and `… postgresql@16-restore-fieldops`: `systemctl stop postgresql@16-…`).
        shown += f" {_shared_start([t[len(shared)] for t in tails])}…"
    if not _in_order_of(shown, first):
        # Options put before the subcommand they belong after (`docker compose exec -f x.yml -T …` for `docker
        # compose -f x.yml exec -T db mysql …`), or a word run twice shown once: no command anyone ran. Runs of one
        # length that differ in a few words are shown as run, with a gap for each such word.
        shown = _aligned(runs) or shown
    where = _shared_directory(unique)
    return f"cd {where} && {shown}" if where else shown


def _in_order_of(shown: str, words: list[str]) -> bool:
    """Every word of ``shown`` but its gaps is in ``words``, in the same order."""
    left = iter(words)
    return all(word in left for word in shown.split() if not word.endswith("…") and not word.startswith("…"))


def _aligned(runs: list[str]) -> str:
    """Runs with the same number of words, shown word by word: a word they all gave as it is, a word they gave
    differently as a gap (`…`, or the start they share, `redis@…`); "" when the runs differ in length or in
    more than a third of their words."""
    segments = [_main_segment(run) for run in runs]
    if len({len(words) for words in segments}) != 1 or not segments[0]:
        return ""
    columns = list(zip(*segments, strict=True))
    if sum(len(set(column)) > 1 for column in columns) * 3 > len(columns):
        return ""
    # A word apart is one value given differently, not an option where another run had another option or none
    # (`-q` beside `--profile=general`): then the runs put their words in other orders, and columns mean nothing.
    if any(len({w.split("=", 1)[0] if w.startswith("-") else "" for w in column}) > 1 for column in columns):
        return ""
    shown: list[str] = []
    for column in columns:
        word = column[0] if len(set(column)) == 1 else f"{_shared_start(list(column))}…"
        if not (word == "…" and shown and shown[-1] == "…"):
            shown.append(word)
    return " ".join(shown)


# A call in code, by its name with the package or object it is reached through (`devtools::install(`, `Pkg.test(`).
_CALL_NAME = re.compile(r"(?<![\w.:$])([A-Za-z_][\w]*(?:(?:::|\.)[A-Za-z_]\w*)*)\s*\(")


def _shared_inline_call(commands: list[str]) -> str:
    """One interpreter given code on the command line each time, the code differing (`Rscript -e
    'devtools::install(upgrade = "never")'`, `… 'devtools::install(quick = TRUE, upgrade = "never")'`): the call
    every run made, shown as `Rscript -e 'devtools::install(…)'`; "" when the runs were not that. Words of code
    compared one by one would make `Rscript -e … = … never)`."""
    given: list[tuple[str, str, str]] = []
    for command in commands:
        words = _main_segment(command)
        _, rest = _strip_wrappers(words)
        program = rest[0].rsplit("/", 1)[-1] if rest else ""
        code = _inline_code(program, rest)
        if code is None:
            return ""
        given.append((program, _inline_option(program), code))
    if len({(program, option) for program, option, _ in given}) != 1:
        return ""
    program, option, _ = given[0]
    calls = [_CALL_NAME.findall(code) for _, _, code in given]
    shared = [name for name in calls[0] if all(name in other for other in calls[1:])]
    # The qualified call says what was run (`devtools::install`), a bare one (`c(`, `print(`) may be any code's.
    named = next((name for name in shared if "::" in name or "." in name), shared[0] if shared else "")
    return f"{program} {option} '{named}(…)'" if named else f"{program} {option} '…'"


def _shared_start(words: list[str]) -> str:
    """The start every word has up to a separator (`postgresql@16-` of `postgresql@16-main` and
    `postgresql@16-restore-fieldops`), when it names something (a letter, four characters or more); else ""."""
    start = "".join(chars[0] for chars in takewhile(lambda chars: len(set(chars)) == 1, zip(*words, strict=False)))
    cut = max((i for i, char in enumerate(start) if char in "@/:=._-"), default=-1)
    start = start[: cut + 1]
    return start if len(start) >= 4 and any(char.isalpha() for char in start) else ""


def _shared_end(words: list[str]) -> str:
    """The end every word has from a `/` on (`/_close` of `http://a:9200/x/_close` and `http://b/y/_close`), when
    the words differ before it and it names something (a letter, four characters or more); else ""."""
    if len(set(words)) <= 1:
        return ""
    backwards = zip(*(word[::-1] for word in words), strict=False)
    end = "".join(chars[0] for chars in takewhile(lambda chars: len(set(chars)) == 1, backwards))[::-1]
    cut = end.find("/")
    end = end[cut:] if cut >= 0 else ""
    return end if len(end) >= 4 and any(char.isalpha() for char in end) else ""


def _common_ending(tails: list[list[str]]) -> list[str]:
    """The words every tail ends with, when the tails differ in length (one run left out or added words in the
    middle), past the words they all begin with; or []."""
    if len({len(t) for t in tails}) <= 1:
        return []
    start = next((k for k in range(min(map(len, tails))) if len({t[k] for t in tails}) > 1), min(map(len, tails)))
    ending: list[str] = []
    while all(len(t) > start + len(ending) for t in tails) and len({t[-1 - len(ending)] for t in tails}) == 1:
        ending.insert(0, tails[0][-1 - len(ending)])
    return ending


def _shared_directory(commands: list[str]) -> str:
    """The directory most runs were pointed at (`git -C build/workspace/sources/linux-imx …`, `…/lx-hmi …`), as
    far as they share it and when that says where (two levels or more: `build/workspace/sources/…`), or ""."""
    places = []
    for command in commands:
        words = _main_segment(command)
        for i, word in enumerate(words):
            name, equals, value = word.partition("=")
            if name in _LOCATION_FLAGS:
                places.append(value if equals else (words[i + 1] if i + 1 < len(words) else ""))
                break
    places = [p.rstrip("/") for p in places if p]
    if len(places) * 2 <= len(commands):
        return ""
    parts = [p.split("/") for p in places]
    prefix: list[str] = []
    for segments in zip(*parts, strict=False):  # the segments every path starts with
        if len(set(segments)) != 1:
            break
        prefix.append(segments[0])
    if len([s for s in prefix if s not in (".", "")]) < 2:
        return ""
    return "/".join(prefix) + ("" if all(len(p) == len(prefix) for p in parts) else "/…")


SCRUBBED = re.compile(r"\[[A-Z_]{2,}\]")


def _value_after(command: str, flag: str) -> str | None:
    """The word after ``flag`` in ``command`` when it is no option itself, else None."""
    words = _main_segment(command)
    for i, word in enumerate(words):
        if word.startswith(flag + "="):
            return "=" + word[len(flag) + 1 :]  # `--target=app`: written joined, shown joined
        if word == flag and i + 1 < len(words) and not words[i + 1].startswith("-"):
            return words[i + 1]
    return None


def _shown_flag(name: str, values: list[str | None]) -> str:
    if any(v is None for v in values):
        return name  # some run gave it no word after: a switch (`--rebase`), what followed was not its value
    joined = all(v is not None and v.startswith("=") for v in values)
    if len(set(values)) == 1:
        return f"{name}{values[0]}" if joined else f"{name} {values[0]}"
    # One setting given its own value in each run (`--conf spark.executor.memoryOverhead=2g`, `…=3072`): the
    # setting is the fix, its value each run's own.
    keys = {str(v).lstrip("=").partition("=")[0] for v in values if v and "=" in str(v).lstrip("=")}
    if not joined and len(keys) == 1 and all(v and "=" in v for v in values):
        return f"{name} {keys.pop()}=…"
    return f"{name}=…" if joined else f"{name} …"


def _without_shell(words: list[str]) -> list[str]:
    """A command's words without the shell that ran its script (`bin/x.sh a` of `bash bin/x.sh a`)."""
    if len(words) > 1 and words[0].rsplit("/", 1)[-1] in _SCRIPT_SHELLS and not words[1].startswith("-"):
        return words[1:]
    return words


def _head_as_written(head: str, runs: list[str]) -> str:
    """A head that is a script's name as most runs wrote the script (`bin/install-wp-tests.sh`), else the head."""
    if " " in head:
        return head
    written = [
        words[0]
        for run in runs
        if (words := _without_shell(_strip_wrappers(_main_segment(run))[1]))
        and words[0] != head
        and words[0].rsplit("/", 1)[-1] == head
    ]
    return Counter(written).most_common(1)[0][0] if len(written) * 2 > len(runs) else head


def _after_head(command: str, head: str) -> list[str]:
    """The positional words after a command's head (`origin feat/x` of `git pull --rebase origin feat/x`)."""
    _, rest = _strip_wrappers(_main_segment(command))
    words = [w for w in _without_shell(rest) if not w.startswith("-")]
    program, *subcommands = head.split()
    if [w.rsplit("/", 1)[-1] for w in words[:1]] != [program]:
        return words[1:]
    words = words[1:]
    for sub in subcommands:  # wherever an option's value put it (`kubectl -n dev port-forward svc/db`)
        if sub in words:
            words.remove(sub)
    return words


def _fix_text(command: str | list[str], limit: int = 140) -> str:
    """A fixing command as shown in a lesson: the simple command that matters, without `cd` and pipes."""
    words = _main_segment(command)
    text = " ".join(w for w in words if not ENV_ASSIGNMENT.match(w)) or " ".join(words)
    if len(text) > limit:
        # Folders before options: `…/hero.json --format json-array --list-tags` keeps the option that was the fix,
        # which a cut at the limit would lose behind `art/export/player/…`.
        text = _DEEP_PATH.sub(lambda m: "…/" + m.group(0).rsplit("/", 1)[-1], text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# A path two or more folders deep, as a word of its own.
_DEEP_PATH = re.compile(r"(?<!\S)[\w.~-]+(?:/[\w.@-]+){2,}(?!\S)")


def _change(
    failed_command: str, fixed_command: str | list[str], fixed_between: bool, named: Sequence[str] = ()
) -> str | None:
    """How the succeeding command was run differently: its invocation, or the flags it added.

    Flags added on the retry count only when nothing was run in between: after `terraform init`, the `-out`
    of the next plan is incidental; with nothing else done, `--force-with-lease` is the fix. A variable set on
    the retry whose name holds what the error quoted (`DD_GLFEED=…` after "file GL-FEED ('GLFEED') on OPEN"
    failed) is the fix whatever else was run: the error named it.
    """
    swapped = swapped_word(failed_command, fixed_command)
    if swapped and not fixed_between:
        return swapped  # `harbourline rpc` for `harbourline eval`, however the line carried it
    before, after = invocation(failed_command), invocation(fixed_command)
    failed_words, fixed_words = _main_segment(failed_command), _main_segment(fixed_command)
    if not fixed_between and _core(before) != _core(after) and _options_inserted(failed_words, fixed_words):
        # Options put in before the subcommand (`rbd --id transcode map`): the value hid the subcommand from the
        # head, and the step run with them is the change.
        added = _added_flags(failed_words, fixed_words)
        if added:
            return _placed(before, [_requoted(word) for word in added], fixed_words, added)
    if _core(before) != _core(after):
        return after
    if fixed_between and not _sets_what_was_named(failed_command, fixed_command, named):
        return None
    anchored = _anchored(failed_command, fixed_command) if not fixed_between else None
    if anchored:
        return anchored  # before the options: `--csv=$(pwd)/x.csv` is the same option, its path made absolute
    in_front, as_arguments = _set_variables(_main_segment(failed_command), _main_segment(fixed_command))
    if in_front or as_arguments:
        # `CUDA_VISIBLE_DEVICES=2 python -m train …` or `make spark-local SPARK_HOME=…` after the same line failed:
        # the variable is the fix. Its name is the lesson; its value is kept for the rule to show when every task
        # set the same one (`SPARK_HOME=$HOME/opt/spark-3.5.5`), and left out when each set its own (`=2`, `=1`).
        front = " ".join(f"{name}={value}" for name, value in in_front.items())
        arguments = " ".join(f"{name}={value}" for name, value in as_arguments.items())
        return " ".join(part for part in (front, after, arguments) if part)
    inside = _variables_set_inside(failed_command, fixed_command)
    if inside:
        # Set some other way than in front of the program: `srun --export=ALL,WANDB_MODE=offline …`, `bash -c
        # "export WANDB_MODE=offline; …"`, `env WANDB_MODE=offline …` through a launcher. The variable is the fix.
        return " ".join([*(f"{name}={value}" for name, value in inside.items()), after])
    added = _added_flags(_main_segment(failed_command), _main_segment(fixed_command))
    if added:
        # A value with spaces stays one word (`--test-options='-m /A/ -m /B/'`), as it must be typed again.
        shown = [_requoted(word) for word in added]
        return _placed(after, shown, _main_segment(fixed_command), added)
    if "--" in _main_segment(fixed_command) and "--" not in _main_segment(failed_command):
        # `nox -s tests -- -x` after `nox -s tests -x` failed: the arguments were meant for the program the tool
        # runs, and the separator hands them on. Shown as run: where the separator goes is the lesson.
        return _fix_text(fixed_command)
    keywords = _added_keywords(_main_segment(failed_command), _main_segment(fixed_command))
    if keywords:
        # `runqemu qemuarm64 lx-image-dev nographic slirp` after the same line without `slirp`: the keyword is
        # the fix, whatever image and options each task named.
        return f"{after.split()[0]} … {' '.join(keywords)}"
    return (
        swapped_word(failed_command, fixed_command)
        or _revalued(failed_command, fixed_command)
        or _retargeted(failed_command, fixed_command)
    )


# An environment variable set anywhere on a line: in front, after `env` or `export`, in a launcher's option.
# (Not after `^` or `/`: `sed -n 's/^KBQA_ES_PASSWORD=//p' .env` reads a variable's value out of a file.)
_ANY_ASSIGNMENT = re.compile(r"(?<![\w$.^/-])([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|[A-Z]{3,})=([^\s,;'\"]*)")
# A command substitution (`-u "elastic:$(sed -n 's/^PW=//p' .env)"`): what it runs reads a value, it sets nothing.
_SUBSTITUTION = re.compile(r"\$\([^()]*\)")


def _extends_itself(assignment: str) -> bool:
    """`PATH=/opt/x/bin:$PATH`, `LD_LIBRARY_PATH=${LD_LIBRARY_PATH}:/opt/lib`: a list the value adds to."""
    name, _, value = assignment.partition("=")
    return f"${name}" in value or f"${{{name}}}" in value


def _placed(after: str, shown: list[str], fixed: list[str], added: list[str]) -> str:
    """The step run with the options it gained, where the run put them: before the subcommand when it gave them
    there (`patronictl -c /etc/patroni/patroni.yml list`, the group's option, refused after `list`), else after."""
    program, _, sub = after.partition(" ")
    # (Programs the tables know take their options anywhere: `kubectl get -n dev` stays one way of writing it.)
    if sub and " " not in sub and not known_subcommands(program) and sub in fixed and all(w in fixed for w in added):
        at = fixed.index(sub)
        if all(fixed.index(word) < at for word in added):
            return f"{program} {' '.join(shown)} {sub}"
    return f"{after} {' '.join(shown)}"


def _requoted(word: str) -> str:
    """A word as it must be typed again: quoted when it has spaces, in double quotes when it holds single ones
    (`-u "elastic:$(sed -n 's/^PW=//p' .env)"`, as it was written, not `'elastic:$(sed -n '"'"'s/…'`)."""
    if not any(c.isspace() for c in word):
        return word
    if "'" in word and not any(c in word for c in '"\\`'):
        return f'"{word}"'
    return shlex.quote(word)


def _variables_set_inside(failed_command: str, fixed_command: str | list[str]) -> dict[str, str]:
    """Environment variables the succeeding line set that the failed one did not, wherever on the line."""
    if command_head(failed_command) != command_head(fixed_command):
        return {}
    fixed = fixed_command if isinstance(fixed_command, str) else " ".join(fixed_command)
    before = dict(_ANY_ASSIGNMENT.findall(_SUBSTITUTION.sub(" ", failed_command)))
    return {name: value for name, value in _ANY_ASSIGNMENT.findall(_SUBSTITUTION.sub(" ", fixed)) if name not in before}


def _revalued(failed_command: str, fixed_command: str | list[str]) -> str | None:
    """The same line with one option given another value, nothing else changed (`-projectPath
    ../driftwood_clone_0` where `-projectPath .` found the project open in another instance): shown with the
    value, since the value is the fix, and without the rest of the line, which was each task's own."""
    before, after = _main_segment(failed_command), _main_segment(fixed_command)
    if len(before) != len(after) or command_head(before) != command_head(after):
        return None
    changed = [i for i, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    if len(changed) != 1 or changed[0] == 0:
        return None
    at = changed[0]
    old, new, previous = before[at], after[at], before[at - 1]
    if old.startswith("-") and "=" in old:
        option = old.split("=", 1)[0]
        shown = new if new.startswith(f"{option}=") else None
    elif previous.startswith("-") and "=" not in previous and not old.startswith("-") and not new.startswith("-"):
        shown = f"{previous} {new}"
    else:
        shown = None
    return f"{command_head(after)} … {shown}" if shown else None


# The shell's current directory in front of a path: `$PWD/x`, `${PWD}/x`, `$(pwd)/x`.
_FROM_HERE = re.compile(r"^(?:\$PWD|\$\{PWD\}|\$\(pwd\))/")


def _anchored(failed_command: str, fixed_command: str | list[str]) -> str | None:
    """The same line with its relative paths made absolute, nothing else changed (`bazel run //tools/seed --
    --file "$PWD/testdata/seed.sql"` after `--file testdata/seed.sql` was not found: the program runs somewhere
    else than the shell that started it). Shown without this task's paths, so every task that anchored its own
    paths the same way is one lesson."""
    before, after = _main_segment(failed_command), _main_segment(fixed_command)
    if len(before) != len(after) or command_head(before) != command_head(after):
        return None
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    if not changed:
        return None
    for old, new in changed:
        option, _, old_path = old.rpartition("=") if old.startswith("-") else ("", "", old)
        if option and not new.startswith(f"{option}="):
            return None
        new_path = new[len(option) + 1 :] if option else new
        if old_path.startswith(("/", "$", "~")) or not old_path:
            return None
        here = _FROM_HERE.match(new_path)
        made_absolute = new_path[here.end() :] == old_path if here else new_path.endswith(f"/{old_path}")
        if not (made_absolute and (here or new_path.startswith("/"))):
            return None
    return f'{command_head(after)} … "$PWD/…"'


def _retargeted(failed_command: str, fixed_command: str | list[str]) -> str | None:
    """The same command pointed elsewhere, no option added (`git push origin HEAD:refs/for/develop` after `git
    push origin HEAD:develop` was refused): shown whole, so tasks that each pointed it the same new way are one
    lesson (a review ref) and tasks that pointed it at their own files or branches are not."""
    before, after = _main_segment(failed_command), _main_segment(fixed_command)
    if command_head(before) != command_head(after) or not set(_flags(after)) <= set(_flags(before)):
        return None
    head = command_head(before)
    old, new = (
        [w for w in _after_head(" ".join(words), head) if not ENV_ASSIGNMENT.match(w)] for words in (before, after)
    )
    if not new or old == new or any(_PATH_LIKE_FILE.search(word) for word in new):
        return None  # nothing named, or a file: this task's own
    return _fix_text(after)


# A word that names a file by its extension (`src/app.ts`, `notes.md`): a task's own file, never a way to run.
_PATH_LIKE_FILE = re.compile(r"\.[A-Za-z]{1,5}$")


# A shell word without its quotes; a backtick ends one too (`--allow-env=HOME` quoted in markdown).
_TOKEN = re.compile(r"""[^\s'"`]+""")
_PLAIN_WORD = re.compile(r"[a-z][a-z0-9_-]{1,30}")


def swapped_word(failed_command: str, fixed_command: str | list[str]) -> str | None:
    """The one word the succeeding line changed, with the word before it (`harbourline rpc` where `harbourline
    eval` failed, even inside a quoted remote command), or None when more or other than one plain word changed."""
    # Both as the words of their simple command, so that quoting does not count as a change.
    before = _TOKEN.findall(" ".join(_main_segment(failed_command)))
    after = _TOKEN.findall(" ".join(_main_segment(fixed_command)))
    if len(before) != len(after):
        return None
    changed = [i for i, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    if len(changed) != 1 or changed[0] == 0:
        return None
    at = changed[0]
    if not (_PLAIN_WORD.fullmatch(before[at]) and _PLAIN_WORD.fullmatch(after[at])):
        return None  # a value (a branch, a path, a number) changed: this task's detail, not how it is run
    previous = before[at - 1]
    if previous.startswith("-") or "=" in previous:
        return None  # `terraform -chdir=envs/a init` after `… validate`: the word after an option is a subcommand
    program = previous.rsplit("/", 1)[-1]
    _, words = _strip_wrappers(_main_segment(failed_command))
    line_program = words[0].rsplit("/", 1)[-1] if words else ""
    first = next((w for w in words[1:] if not w.startswith("-")), "")
    if known_subcommands(program) or (known_subcommands(line_program) and first == before[at]):
        return None  # `git pull` after `git push`, `gradlew testDebugUnitTest` for `gradlew test`: another step
    if line_program in _SCRIPT_RUNNERS and (first == before[at] or program in ("run", "run-script")):
        return None  # `bun run cf-typegen` after `bun run check`: another package script, another step
    return f"{program} {after[at]}"


def _carrier_options(words: list[str]) -> list[str]:
    """A carrier as a lesson shows it: its program, subcommand and options (`kubectl -n dev debug --image=busybox
    --target=app -i`), without the pod or container it was pointed at, which each run names its own."""
    head = command_head(words).split()
    kept: list[str] = []
    for i, word in enumerate(words):
        previous = words[i - 1] if i else ""
        is_value = previous.startswith("-") and "=" not in previous and previous in _EXEC_VALUE_OPTIONS | {"-n"}
        if i == 0 or word.startswith("-") or word in head[1:] or is_value:
            kept.append(word.rsplit("/", 1)[-1] if i == 0 else word)
    return kept


def _with_options(command: str) -> str:
    """A replacing command as a lesson shows it: how it was run and its first two options with their values
    (`xcodebuild test -scheme StrideKit-Package -destination platform=iOS Simulator,name=iPhone 16`)."""
    words = _main_segment(command)
    shown: list[str] = []
    for i, word in enumerate(words):
        value = words[i + 1] if i + 1 < len(words) else ""
        if word.startswith("-") and value and not value.startswith("-") and len(shown) < 4:
            shown += [word, value]
    return " ".join([invocation(command), *shown])


def _set_variables(failed: list[str], fixed: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The variables the succeeding command set (or set otherwise) and the failed one did not: in front of it
    (`CUDA_VISIBLE_DEVICES=2 python …`), and as upper-case arguments, the way make takes them (`make spark-local
    SPARK_HOME=…`); each with its value as a person would write it again."""

    def in_front(words: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for word in _past_launcher(words):
            if not ENV_ASSIGNMENT.match(word):
                break
            name, _, value = word.partition("=")
            out[name] = value
        return out

    def as_arguments(words: list[str]) -> dict[str, str]:
        rest = _past_launcher(words)
        start = len(in_front(words)) + 1
        return dict(word.partition("=")[::2] for word in rest[start:] if _ARGUMENT_ASSIGNMENT.match(word))

    def changed(before: dict[str, str], after: dict[str, str]) -> dict[str, str]:
        return {name: _as_written(value) for name, value in after.items() if before.get(name) != value}

    return changed(in_front(failed), in_front(fixed)), changed(as_arguments(failed), as_arguments(fixed))


def _variables_set(words: list[str]) -> list[str]:
    """The words of a command that set a variable: any `name=value` in the program's place, an option's value
    only when upper-case (`-e FOO=bar`; `--ssh default=$SSH_AUTH_SOCK` gives the option a named value)."""
    return [
        word
        for i, word in enumerate(words)
        if ENV_ASSIGNMENT.match(word)
        and (i == 0 or not words[i - 1].startswith("-") or _ARGUMENT_ASSIGNMENT.match(word))
    ]


# An upper-case name set as an argument (`SPARK_HOME=…`, `IMG=…`): a variable the program reads, where a
# lower-case one (`lr=0.1`, `x=1`) is an option of the program's own.
_ARGUMENT_ASSIGNMENT = re.compile(r"^[A-Z][A-Z0-9_]*=")
_HOME_DIR = re.compile(r"^(?:/home|/Users)/[^/\s]+(?=/|$)|^~(?=/|$)")


def _as_written(value: str) -> str:
    """A variable's value as the same person writes it on another day: unquoted, their home as `$HOME`."""
    return _HOME_DIR.sub("$HOME", value.strip("'\""))


# A line of at least this many words given one more bare word: `git push` → `git push origin main` names where
# to push; `runqemu qemuarm64 lx-image-dev nographic` → `… nographic slirp` adds an option written as a keyword.
KEYWORD_LINE_WORDS = 4
_KEYWORD = re.compile(r"[a-z][a-z0-9_-]{2,}")


def _added_keywords(failed: list[str], fixed: list[str]) -> list[str]:
    """The bare word (not an option, path or value) the succeeding command added to a long failed one, which is
    all there in order: the keyword of a program that takes its options so (`runqemu … slirp`; `make … V=1` is
    a variable, not this). Nothing when more was added or anything else changed."""
    if len(failed) < KEYWORD_LINE_WORDS or len(fixed) != len(failed) + 1:
        return []
    added: list[str] = []
    rest = iter(fixed)
    for word in failed:
        for other in rest:
            if other == word:
                break
            added.append(other)
        else:
            return []  # a word of the failed command is not in the succeeding one (in order)
    added += list(rest)
    return added if added and all(_KEYWORD.fullmatch(word) for word in added) else []


def _added_flags(failed: list[str], fixed: list[str]) -> list[str]:
    """Flags the succeeding command has and the failed one lacked, each with its value when it has one that
    the failed command did not mention (`--bin ptctl`; not `origin` of `--force-with-lease origin`)."""
    before = set(failed)
    # An option given once more than before with a new value is added too: `openocd -c "init" …` failed and
    # `openocd -c "reset_config … connect_assert_srst" -c "init" …` worked (gdb's `-ex`, sed's `-e` alike).
    extra = Counter(fixed)
    extra.subtract(Counter(failed))
    out: list[str] = []
    for i, word in enumerate(fixed):
        value = fixed[i + 1] if i + 1 < len(fixed) else ""
        if word.startswith("-") and word in before and extra[word] > 0 and value and not value.startswith("-"):
            if value not in before:
                out += [word, value]
                extra[word] -= 1
            continue
        # (`-c` is inline code for python and the shells, but a config file when a path follows: `patronictl -c
        # /etc/patroni/patroni.yml list`.)
        inline = word == "-c" and not _PATH_VALUE.match(value) and _code_after_c(fixed, value)
        if not word.startswith("-") or word in ("-", "--", "-m") or inline or word in before:
            continue
        out.append(word)
        if "=" not in word and value and not value.startswith("-") and value not in before:
            out.append(value)
    return out


# Programs whose `-c` takes code or a statement to run, not a value of an option.
_CODE_AFTER_C = frozenset({*_SHELLS, "psql", "duckdb", "sqlite-utils", "fish", "ksh"})


def _code_after_c(words: list[str], value: str) -> bool:
    """Whether `-c VALUE` gives ``words``' program code to run (`python -c '…'`, `sh -c '…'`, `psql -c 'select
    …'`), not an option's value (`snowsql -c transformer`, a named connection): by the program, or by the value
    reading as code (spaces, a call, a statement's separator)."""
    _, rest = _strip_wrappers(words)
    program = _base_name(rest[0]) if rest else ""
    return program in _CODE_AFTER_C or _inline_option(program) == "-c" or bool(re.search(r"[\s;()]", value))


class _Call:
    __slots__ = ("arguments", "cwd", "error", "ok", "result", "tool")

    def __init__(self, tool: str, arguments: Any, ok: bool, error: str | None, result: str = "", cwd: str = "") -> None:
        self.tool = tool
        self.arguments = arguments
        self.ok = ok
        self.error = error
        self.result = result  # what it printed, as far as the trace kept it
        self.cwd = cwd  # the folder the host ran it in, when the host says (Claude Code's hooks do)


def _calls(steps: Iterable[Any]) -> list[_Call]:
    """Steps from any of the shapes Cairn keeps: dicts (``tool``/``name``, ``ok``/``error``) or objects."""
    out: list[_Call] = []
    for step in steps:
        get = step.get if isinstance(step, Mapping) else (lambda key, default=None, s=step: getattr(s, key, default))
        tool = str(get("tool") or get("name") or "?")
        arguments = get("arguments") if get("arguments") is not None else get("input")
        error = get("error")
        ok_value = get("ok")
        ok = bool(ok_value) if ok_value is not None else not error
        result = get("result")
        shown = "" if result is None else result if isinstance(result, str) else json.dumps(result, default=str)
        cwd = get("cwd")
        folder = cwd.replace("\\", "/").rstrip("/") if isinstance(cwd, str) else ""
        out.append(_Call(tool, arguments, ok and not error, str(error) if error else None, shown, folder))
    return out


def find_recoveries(steps: Sequence[Any]) -> list[Recovery]:
    """Each failed call that a later call of the same step made good, in trace order.

    A streak of failed attempts at one step is one failure (the last attempt's error is the one fixed). Steps
    are dicts or objects with ``tool`` (or ``name``), ``arguments`` (or ``input``), ``ok`` and ``error``.
    """
    calls = _calls(steps)
    looking = [is_looking(c.tool, c.arguments) for c in calls]
    found: list[Recovery] = []
    i = 0
    while i < len(calls):
        call = calls[i]
        if call.ok:
            i += 1
            continue
        key = step_key(call.tool, call.arguments)
        spelled = _spelled_words(call.error)  # once per failure, not once per later call
        fixed = next(
            (
                j
                for j in range(i + 1, len(calls))
                # A look (`tool run list`) finds what the step needs; it does not do the step (`tool run watch`).
                if ((looking[i] or not looking[j]) and key in step_keys(calls[j].tool, calls[j].arguments))
                or _specialised(call, calls[j])
                or _one_word_apart(calls, i, j)
                or _inserted_as_listed(calls, i, j)
                or _options_put_in(calls, i, j)
                or _wrapped(call, calls[j])
                or _given_what_it_named(call, calls[j], spelled)
            ),
            None,
        )
        if fixed is not None:
            fixed = _rerun_as_failed(calls, i, _same_operand(calls, i, fixed, key), key)
        if fixed is not None and not calls[fixed].ok and _slip_of_the_fix(calls, i, fixed):
            # The retry failed in a file the fix had just edited (a syntax error in the mock it added): the fix's
            # own slip, not the step's failure. The run after it that worked closes the first failure.
            later = next(
                (j for j in range(fixed + 1, len(calls)) if key in step_keys(calls[j].tool, calls[j].arguments)), None
            )
            fixed = later if later is not None and calls[later].ok else fixed
        replaced = fixed is None
        if fixed is None:
            fixed = _replacement(calls, i)
        if fixed is None or not calls[fixed].ok:
            # Given up, or the next attempt failed too: that attempt is looked at in its turn.
            i = fixed if fixed is not None else i + 1
            continue
        found.append(_recovery(calls, i, fixed, replaced))
        i = fixed + 1
    return found


def _slip_of_the_fix(calls: list[_Call], failed: int, retried: int) -> bool:
    """Whether the retry at ``retried`` failed otherwise than the call at ``failed``, in a file edited between them."""
    error = calls[retried].error or ""
    if error_phrase(error) == error_phrase(calls[failed].error or ""):
        return False
    edited = {
        _base_name(path)
        for between in calls[failed + 1 : retried]
        if between.ok
        and _lower(between.tool) in FILE_TOOLS
        and "read" not in _lower(between.tool)
        and (path := file_of(between.arguments))
    }
    return any(re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", error) for name in edited if name)


def _same_operand(calls: list[_Call], failed: int, found: int, key: str) -> int:
    """The retry of the failed call among calls of its step: the first one, unless it ran the program on another
    file and a later one on the failed call's file (`zrun jcl/util/BINDPKG.jcl`, then `zrun jcl/test/T1.jcl`
    again, after `zrun jcl/test/T1.jcl` failed): the other file's run was the fix, the later one the retry."""
    operand = _operand_file(calls[failed])
    if not operand or _operand_file(calls[found]) in (operand, ""):
        return found
    for later in range(found + 1, len(calls)):
        call = calls[later]
        if key in step_keys(call.tool, call.arguments) and _operand_file(call) == operand:
            return later
    return found


def _prepared(failed: _Call, between: _Call, done: _Call) -> bool:
    """Whether a call of the failed step's own program between it and its retry prepared the retry: it ran the
    program another way (`snakemake --unlock …`) and the retry ran exactly what had failed."""
    failed_command = command_of(failed.tool, failed.arguments) or ""
    return (
        bool(failed_command)
        and (command_of(done.tool, done.arguments) or "").split()
        == failed_command.split()
        != (command_of(between.tool, between.arguments) or "").split()
    )


def _rerun_as_failed(calls: list[_Call], failed: int, found: int, key: str) -> int:
    """The retry of the failed call among calls of its step: the first one, unless it ran the program another way
    and a later one ran exactly what had failed (`snakemake --unlock …`, then the `snakemake …` that had failed):
    the other way prepared the retry."""
    before = command_of(calls[failed].tool, calls[failed].arguments)
    found_command = command_of(calls[found].tool, calls[found].arguments)
    if not before or not found_command or found_command.split() == before.split():
        return found
    for later in range(found + 1, len(calls)):
        call = calls[later]
        if key not in step_keys(call.tool, call.arguments):
            continue
        if not call.ok:
            return found  # the step failed again first: the retry was the first call
        if (command_of(call.tool, call.arguments) or "").split() == before.split():
            return later
    return found


def _operand_file(call: _Call) -> str:
    """The file a shell command's program was run on (`jcl/test/T1.jcl` of `bin/zrun jcl/test/T1.jcl MEM=X`), or
    "" when it names none."""
    command = command_of(call.tool, call.arguments)
    if not command:
        return ""
    _, rest = _strip_wrappers(_main_segment(command))
    for word in rest[1:]:
        if word.startswith("-") or "=" in word:
            continue
        suffix = word.rsplit(".", 1)[-1] if "." in word.rsplit("/", 1)[-1] else ""
        return word if suffix and suffix.isalnum() and len(suffix) <= 5 else ""
    return ""


# What a command is for, when two programs do it: `swift test` and `xcodebuild test` both run the tests.
_PURPOSES = frozenset({"test", "build", "run", "install", "lint", "check", "deploy", "migrate", "serve", "start"})


def _replacement(calls: list[_Call], failed: int) -> int | None:
    """The call that did the failed step's job another way, when the step itself was never run again: the next
    shell command for the same purpose by another program (`swift test` failed, `xcodebuild test` ran the
    tests), with only looks in between. Edits in between are the task going on, not a replacement."""
    call = calls[failed]
    before = command_of(call.tool, call.arguments)
    if not before:
        return None
    carried_by = carrier(before)
    if carried_by and error_phrase(call.error or "") == CARRIER_FAILED:
        return _next_done_another_way(calls, failed, lambda later, command: _carried_otherwise(command, carried_by))
    head = command_head(before).split()
    if len(head) == 2 and head[1] not in _PURPOSES and (purpose := _script_purpose(head[1])):
        # A script run for a purpose (`julia test/runtests.jl deposit`), done next through the program's own
        # entry point for it (`julia -e 'using Pkg; Pkg.test(test_args=["deposit"])'`): the same job.
        def through_entry_point(later: _Call, command: str) -> bool:
            looks = is_looking(later.tool, later.arguments)
            other = command_head(command).split()
            return not looks and later.ok and other[:1] == head[:1] and purpose in _code_parts(command)

        return _next_done_another_way(calls, failed, through_entry_point)
    if len(head) != 2 or head[1] not in _PURPOSES:
        return None

    def same_purpose(later: _Call, command: str) -> bool:
        other = command_head(command).split()
        looks = is_looking(later.tool, later.arguments)
        return not looks and later.ok and len(other) == 2 and other[1] == head[1] and other[0] != head[0]

    return _next_done_another_way(calls, failed, same_purpose)


_SCRIPT_NAME_PART = re.compile(r"[a-z]+")


def _script_purpose(script: str) -> str | None:
    """What a script is for by its name: `test` of `runtests.jl`, `run_tests.py`, `test_all.sh`; `build` of
    `build.js`. A name that only contains one (`latest.py`, `attest.py`) is for nothing known."""
    stem = script.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    found = [
        purpose
        for part in _SCRIPT_NAME_PART.findall(stem)
        for purpose in sorted(_PURPOSES)
        if part in (purpose, f"{purpose}s", f"run{purpose}", f"run{purpose}s")
    ]
    # `run_tests` runs the tests: "run" says how, the other word what for.
    return next((p for p in found if p != "run"), found[0] if found else None)


def _code_parts(command: str) -> set[str]:
    """The lower-case name parts of a command's words: `pkg` and `test` of `Pkg.test(test_args=[…])`."""
    return {part for word in _main_segment(command) for part in _SCRIPT_NAME_PART.findall(word.lower())}


def _next_done_another_way(calls: list[_Call], failed: int, does_the_job: Callable[[_Call, str], bool]) -> int | None:
    """The first shell call after the failed one that does its job, when only looks (reads, listings, other
    commands that change nothing) come between; an edit or another acting command ends the search."""
    for j in range(failed + 1, len(calls)):
        later = calls[j]
        command = command_of(later.tool, later.arguments)
        if command is None:
            if _lower(later.tool) in FILE_TOOLS and _lower(later.tool) not in ("read", "fs_read"):
                return None
            continue
        if does_the_job(later, command):
            return j
        if not is_looking(later.tool, later.arguments):
            return None
    return None


def _carried_otherwise(command: str, carried_by: list[str]) -> bool:
    """The command runs something inside the container another way (`kubectl debug --image=busybox --target=app
    -- env` after `kubectl exec` found no `env` in a distroless image)."""
    program = carried_by[0].rsplit("/", 1)[-1]
    other = carrier(command)
    return bool(other) and other[0].rsplit("/", 1)[-1] == program and command_head(other) != command_head(carried_by)


def _is_specialisation(head: str, other: str) -> bool:
    """`gradlew testDebugUnitTest` is a more specific `gradlew test` (same program, the subcommand extended)."""
    old, new = head.lower().split(), other.lower().split()
    if not (len(old) == 2 and len(new) == 2 and old[0] == new[0] and new[1].startswith(old[1]) and new[1] != old[1]):
        return False
    # The task name goes on in camelCase (`testDebugUnitTest`); `build:ui` is another script, not a kind of build.
    return other.split()[1][len(old[1])].isupper()


def _spelled_words(error: str | None) -> frozenset[str]:
    """The words of four letters or more an error spelled out, lower-cased."""
    return frozenset(word.lower() for word in re.findall(r"[A-Za-z]{4,}", error or ""))


def _given_what_it_named(failed: _Call, later: _Call, error: frozenset[str]) -> bool:
    """The later call runs the same program with an option added whose name the error spelled out (`crictl
    --runtime-endpoint …` after "validate CRI v1 runtime API for endpoint …: no such file"): the program could not
    reach what the option sets, so the run with it is the fix, whichever of its subcommands ran then. ``error`` is
    ``_spelled_words`` of the failed call's error."""
    before, after = command_of(failed.tool, failed.arguments), command_of(later.tool, later.arguments)
    if not before or not after or not later.ok or _lower(failed.tool) != _lower(later.tool):
        return False
    old_words, new_words = _main_segment(before), _main_segment(after)
    if not old_words or not new_words or old_words[0] != new_words[0]:
        return False
    added = [w.split("=", 1)[0] for w in new_words if w.startswith("--") and w.split("=", 1)[0] not in old_words]
    for option in added:
        parts = [part.lower() for part in re.split(r"[-_]", option.lstrip("-")) if part]
        if len(parts) >= 2 and all(len(part) >= 4 and part in error for part in parts):
            return True
    return False


def _specialised(failed: _Call, later: _Call) -> bool:
    """The later call runs a more specific form of the failed step with the same arguments: `gradlew test
    --tests X` failed, `gradlew testDebugUnitTest --tests X` is that step done right."""
    before, after = command_of(failed.tool, failed.arguments), command_of(later.tool, later.arguments)
    if not before or not after or _lower(failed.tool) != _lower(later.tool):
        return False
    old_head, new_head = command_head(before).split(), command_head(after).split()
    if not _is_specialisation(command_head(before), command_head(after)):
        return False
    rest = [w for w in _main_segment(before) if not w.endswith(old_head[1])]
    later_rest = [w for w in _main_segment(after) if not w.endswith(new_head[1])]
    return rest == later_rest


# Package runners put in front of a program (`pnpm vitest …`, `pnpm --filter @app/core exec vitest …`), and
# their options that take a value.
PACKAGE_RUNNERS = frozenset({"pnpm", "npx", "pnpx", "yarn", "bunx", "bun", "npm"})
_RUNNER_VERBS = frozenset({"exec", "dlx", "x"})
_RUNNER_VALUE_OPTIONS = frozenset({"--filter", "-F", "-C", "--dir", "--prefix", "--cwd", "-w", "--workspace"})


def _without_runner(words: list[str]) -> list[str]:
    """The program a package runner ran, with its arguments: `vitest run x` of `pnpm --filter a exec vitest run x`."""
    if not words or words[0] not in PACKAGE_RUNNERS:
        return words
    i = 1
    while i < len(words) and (words[i].startswith("-") or words[i] in _RUNNER_VERBS):
        i += 2 if words[i] in _RUNNER_VALUE_OPTIONS else 1
    return words[i:]


def _in_shell(command: str) -> tuple[str, str] | None:
    """(`ssh … ` or "", the shell and its options: `bash -ic`) when the line's last command hands its step to a
    shell as one string, here or through ssh (`ssh agv@host "bash -ic 'rosnode list'"`); else None."""
    words = _segments_raw(command)
    via = ""
    remote = ssh_remote(words)
    if remote is not None:
        if not remote:
            return None
        via = "ssh … "
        words = _words(remote[0]) if len(remote) == 1 else remote
    _, rest = _strip_wrappers(words)
    if _shell_string(rest):
        return via, " ".join([_base_name(rest[0]), *rest[1:-1]])
    return None


def _segments_raw(command: str) -> list[str]:
    """The words of a line's last command, before any shell string in it is opened."""
    last: list[str] = []
    for word in _words(command):
        last = [] if word in _OPERATORS else [*last, word]
    return last


def _wrapped(failed: _Call, later: _Call) -> bool:
    """The later call ran the failed command inside another one, after its `--` (`pnpm sst shell -- vitest run x`
    for `pnpm vitest run x`, `aws-vault exec prod -- terraform plan` for `terraform plan`) or as the command
    string of another shell (`cmd.exe /c "Build\\RunUAT.bat …"` for a batch file bash could not run): the same
    step, run the way it needs."""
    before, after = command_of(failed.tool, failed.arguments), command_of(later.tool, later.arguments)
    if not before or not after or _lower(failed.tool) != _lower(later.tool):
        return False
    words, later_words = _main_segment(before), _main_segment(after)
    if _in_shell(after) is not None and _in_shell(before) is None:
        # The same command run by a shell of its own (`bash -ic '…'` reads the profile a bare ssh command skips).
        return bool(words) and any(inner == words for inner in _chain(after))
    called = _handed_to_call(later_words)
    if called is not None:
        return len(words) >= 1 and called == words
    handed = _handed_to_shell(later_words)
    if handed is not None and _handed_to_shell(words) is None:
        return len(words) >= 1 and _as_path_words(handed) == _as_path_words(words)
    if "--" not in later_words or "--" in words:
        return False
    inner = later_words[len(later_words) - later_words[::-1].index("--") :]
    core = _without_runner(words)
    return len(core) >= 2 and _without_runner(inner) == core


# Shells of another system a command line is handed to as one string, and the option that takes it.
_OTHER_SHELLS = {"cmd": ("/c", "/C", "/k"), "powershell": ("-Command", "-c"), "pwsh": ("-Command", "-c")}


def _shell_option(words: list[str]) -> int | None:
    """Where the option stands that hands `cmd.exe /c "…"` or `pwsh -c "…"` its command string, or None."""
    if len(words) < 3:
        return None
    program = re.sub(r"\.exe$", "", _base_name(words[0]), flags=re.I).lower()
    options = _OTHER_SHELLS.get(program, ())
    at = next((i for i, w in enumerate(words[1:], 1) if w in options), None)
    return at if at is not None and at + 1 < len(words) else None


def _handed_to_shell(words: list[str]) -> list[str] | None:
    """The words of the command string `cmd.exe /c "…"` or `pwsh -c "…"` hands on, or None."""
    at = _shell_option(words)
    # Split on spaces, not as a POSIX shell would: a backslash there separates folders, it escapes nothing.
    return " ".join(words[at + 1 :]).split() if at is not None else None


# A command line handed as a string to a function of another language's shell (`cmd("df -h /data")` in the
# Elixir shell an embedded device's ssh lands in, `os.system("…")`), as the shell's words give it back.
_CALL_WITH_COMMAND = re.compile(r"(?P<name>[A-Za-z_][\w.:]*)\((?P<command>[^()]+)\)")


def _handed_to_call(words: list[str]) -> list[str] | None:
    """The command words a line that is one function call given one command string runs, or None."""
    found = _CALL_WITH_COMMAND.fullmatch(words[0]) if len(words) == 1 else None
    if found is None or "," in found["command"]:
        return None
    return _main_segment(found["command"]) or None


def _base_name(path: str) -> str:
    """The last part of a path written with either separator."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _as_path_words(words: list[str]) -> list[str]:
    """Words with one path separator and without a leading `./`: `Build\\Run.bat` and `./Build/Run.bat` alike."""
    return [re.sub(r"^\./", "", w.replace("\\", "/")) for w in words]


def _wrapper(command: str) -> str:
    """The command another ran inside, by its program and subcommand: `sst shell -- …` of
    `pnpm sst shell --stage staging -- tsx x.ts`, `cmd.exe /c …` of `cmd.exe /c "Run.bat x"`."""
    shell = _in_shell(command)
    if shell is not None:
        via, runs = shell
        return f"{via}\"{runs} '…'\"" if via else f"{runs} '…'"
    words = _main_segment(command)
    if _handed_to_call(words) is not None:
        return f'{words[0].split("(", 1)[0]}("…")'
    at = _shell_option(words)
    if at is not None:
        return f"{_base_name(words[0])} {words[at]} …"
    outer = _without_runner(words[: len(words) - 1 - words[::-1].index("--")])
    # As written, options too (`dotenv -e .env.local -- …`: which file it loads is the fix), up to a few words.
    return " ".join([*outer[:MAX_WRAPPER_WORDS], "--", "…"])


MAX_WRAPPER_WORDS = 5


def _one_word_apart(calls: list[_Call], failed: int, later: int) -> bool:
    """The next acting line is the failed one with one word run another way (`harbourline eval` → `harbourline
    rpc`): the same step, although its head changed."""
    if is_looking(calls[later].tool, calls[later].arguments) and not is_looking(
        calls[failed].tool, calls[failed].arguments
    ):
        return False  # `tool run list` looked for what `tool run watch` lacked; it did not do the step
    lines = _next_acting_lines(calls, failed, later)
    return bool(lines and swapped_word(*lines))


def _next_acting_lines(calls: list[_Call], failed: int, later: int) -> tuple[str, str] | None:
    """The failed command line and the one at ``later``, when only looks ran between them; else None."""
    if any(not is_looking(c.tool, c.arguments) for c in calls[failed + 1 : later]):
        return None
    before = command_of(calls[failed].tool, calls[failed].arguments)
    after = command_of(calls[later].tool, calls[later].arguments)
    return (before, after) if before and after else None


def _options_put_in(calls: list[_Call], failed: int, later: int) -> bool:
    """The next acting line is the failed one with an option (and its value) put in before its subcommand (`rbd
    --id transcode map x` for `rbd map x`): the same step, though the value hid the subcommand from its head."""
    lines = _next_acting_lines(calls, failed, later)
    return lines is not None and _options_inserted(*(_main_segment(line) for line in lines))


def _options_inserted(before: list[str], after: list[str]) -> bool:
    """``after`` is ``before`` with options (and their values) put in, and nothing else changed."""
    if len(after) <= len(before) or not before or after[:1] != before[:1]:
        return False
    k = put = 0
    for at, word in enumerate(after):
        if k < len(before) and word == before[k]:
            k += 1
        elif word.startswith("-") or (at and after[at - 1].startswith("-") and "=" not in after[at - 1]):
            put += 1
        else:
            return False
    return k == len(before) and put > 0


def _inserted_as_listed(calls: list[_Call], failed: int, later: int) -> bool:
    """The next acting line is the failed one with a word or two put in, the way the error listed what can be run
    (`fastlane beta` failed with "Available lanes: ios beta, android internal"; `fastlane ios beta` ran): the same
    step, run as the error said it exists."""
    lines = _next_acting_lines(calls, failed, later)
    if lines is None:
        return False
    before, after = (_TOKEN.findall(" ".join(_main_segment(line))) for line in lines)
    extra = len(after) - len(before)
    if extra not in (1, 2) or not before:
        return False
    at = next((k for k, (old, new) in enumerate(zip(before, after, strict=False)) if old != new), len(before))
    put = after[at : at + extra]
    if at == 0 or after[at + extra :] != before[at:] or not all(_PLAIN_WORD.fullmatch(w) for w in put):
        return False
    # What the error lists is the inserted words with the one they went in front of, as they were run.
    shown = " ".join([*put, *before[at : at + 1]])
    return re.search(rf"(?<![\w-]){re.escape(shown)}(?![\w-])", calls[failed].error or "", re.I) is not None


def _project_root(calls: list[_Call]) -> str:
    """The task's project folder: where the host ran it, when every file the task touched is in there (a fix in
    `docs/src/api.md` is then named so, not `api.md`); else the folder every file it touched is in."""
    paths = [p.replace("\\", "/") for c in calls if (p := file_of(c.arguments)) and p.startswith(("/", "~"))]
    folders = {p.rsplit("/", 1)[0] for p in paths}
    ran_in = {c.cwd for c in calls if c.cwd}
    if len(ran_in) == 1 and folders:
        cwd = next(iter(ran_in))
        if cwd not in ("", "/", "~") and all(f == cwd or f.startswith(cwd + "/") for f in folders):
            return cwd
    return posixpath.commonpath(list(folders)) if folders else ""


def _in_project(path: str, root: str) -> str:
    """``path`` relative to ``root`` (`lib/unfree.nix`), or its name when it is outside or the root is its folder."""
    path = path.replace("\\", "/")
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1 :]
    return path.rsplit("/", 1)[-1]


def _recovery(calls: list[_Call], failed: int, fixed: int, replaced: bool = False) -> Recovery:
    call, done = calls[failed], calls[fixed]
    root = _project_root(calls)
    signature = Signature.of(call.tool, call.arguments, call.error or "")
    path = file_of(call.arguments) if _lower(call.tool) in FILE_TOOLS else None
    inserted: list[int] = []
    commands: list[str] = []
    reread = False
    work = False
    added: list[str] = []
    lines: list[str] = []
    changed: list[str] = []
    quoted: list[str] = []
    around: list[str] = []
    removed: list[str] = []
    written: list[str] = []
    files: list[str] = []
    looked: list[int] = []
    operand = _operand_file(call)  # the file the failed call ran its program on, if any
    for j in range(failed + 1, fixed):
        between = calls[j]
        if not between.ok:
            continue
        name = _lower(between.tool)
        if path is not None and name in ("read", "fs_read") and file_of(between.arguments) == path:
            reread = True
            inserted.append(j)
            continue
        if is_looking(between.tool, between.arguments):
            looked.append(j)
            continue
        command = command_of(between.tool, between.arguments)
        if command is None:
            if name in FILE_TOOLS:
                work = True  # the code or config was changed by hand
                added += [w for w in added_words(between.arguments) if w not in added]
                lines += [line for line in added_lines(between.arguments) if line not in lines]
                changed += [line for line in changed_lines(between.arguments) if line not in changed]
                quoted += [line for line in quoted_lines(between.arguments) if line not in quoted]
                around += [w for w in kept_words(between.arguments) if w not in around]
                removed += [w for w in removed_words(between.arguments) if w not in removed]
                content = arguments_of(between.arguments).get("content")
                if isinstance(content, str):
                    written += [w for w in dict.fromkeys(CODE_WORD.findall(content)) if w not in written]
                edited = file_of(between.arguments)
                # As the project names it (`lib/unfree.nix`): where the fix goes, and two `index.scss` of two
                # pages are two files.
                shown = _in_project(edited, root) if edited else ""
                if name != "read" and shown and shown not in files:
                    files.append(shown)
            continue
        # Each command of a chained line that acts is a fix of its own (`pnpm prisma generate && pnpm prisma
        # migrate deploy && pnpm test`); the ones that only look, check or share the result are not.
        own = step_key(call.tool, call.arguments).split(":", 1)[-1]
        if operand and _operand_file(between) not in ("", operand):
            own = ""  # the program run on another file (`zrun jcl/util/BINDPKG.jcl`) did something else
        acting = [w for w in _chain(command) if not _is_setup(w) and not _looks(w)]
        fixing = [
            w
            for w in acting
            if command_head(w) not in _PUBLISHING and not _CHECKING.search(command_head(w)) and command_head(w) != own
        ]
        if not fixing and step_key(between.tool, between.arguments) == step_key(call.tool, call.arguments):
            if not _prepared(call, between, done):
                continue
            fixing = acting  # the step's program run another way, then what had failed: that run prepared it
        if not fixing and _CHECKING.search(command_head(command)):
            continue  # a test run or a linter in between checked something; it changed nothing
        inserted.append(j)
        for text in [_fix_text(w) for w in fixing] or [_fix_text(command)]:
            if text not in commands:
                commands.append(text)
    failed_command = command_of(call.tool, call.arguments)
    done_command = command_of(done.tool, done.arguments)
    change = None
    swapped = None
    if failed_command and done_command:
        # The part of the succeeding line that repeats the failed step (`go build ./...` of `go build ./... &&
        # go test ./...`) is compared with the failed call. What runs before it in the line and was not in the
        # failed line is a fix, as if it had been a call of its own: `git add -A && git commit` failed,
        # `git add -u && git commit` worked.
        before = {" ".join(words) for words in _chain(failed_command)}
        shapes_before = {fix_shape(text) for text in before}
        head = command_head(failed_command)
        chain = _chain(done_command)
        at = next(
            (k for k, w in enumerate(chain) if command_head(w) == head or _is_specialisation(head, command_head(w))),
            None,
        )
        # A replacement (another program did the step's job) is the change itself, not a command run before it.
        fixed_between = bool(commands)
        for words in chain[:at] if at is not None else []:
            text = " ".join(words)
            if text in before or text in commands or _is_setup(words) or is_looking("bash", text):
                continue
            if fixed_between and fix_shape(text) in shapes_before:
                continue  # the failed line's own `git add` on other files, once the fix was made in between
            commands.append(_fix_text(text))
        repeated: str | list[str] = chain[at] if at is not None else done_command
        if at is not None:
            # `export CUDA_HOME=… && pip install …` where `pip install …` failed sets the variable for the step as
            # `CUDA_HOME=… pip install …` does: the same change, spelled over two commands of the line.
            exported = [
                word
                for words in chain[:at]
                if words[:1] == ["export"] and " ".join(words) not in before
                for word in words[1:]
                if ENV_ASSIGNMENT.match(word)
            ]
            repeated = [*exported, *chain[at]] if exported else repeated
        if replaced and carrier(done_command) and signature.phrase == CARRIER_FAILED:
            # Run through another carrier: how it was run, its options without the pod or container it named.
            change = " ".join([*_carrier_options(carrier(done_command)), "--", "…"])
        elif replaced:
            change = _with_options(done_command)
        else:
            change = _change(failed_command, repeated, bool(commands), _quoted(call.error or ""))
        swapped = change if change is not None and change == swapped_word(failed_command, repeated) else None
        if _wrapped(call, done):
            # Run inside another command: that command is the fix wherever the step failed (`sst shell --` made
            # `vitest`, `tsx` and `pnpm exec vitest` alike work), so the change is about it, not the step.
            change = swapped = _wrapper(done_command)
    source = _supplier(calls, looked, failed_command, done_command) if change is not None and not commands else None
    if source is not None:
        # The retry only added what a look printed (`gh run list … --json databaseId` gave the id `gh run watch`
        # lacked): finding it was the fix, the value is that run's own.
        commands = [_fix_text(command_of(calls[source].tool, calls[source].arguments) or "")]
        inserted.append(source)
        change = swapped = None
    # What ran at last counts too (`bundle exec pod install --repo-update` where `pod install` failed), unless it
    # ran exactly what had failed.
    last = [done_command] if done_command and failed_command and done_command.split() != failed_command.split() else []
    adds_named = _adds_what_it_names(call.error or "", added) or _adds_named_path(call.error or "", lines)
    named_values = quoted_values_added(call.error or "", added) if adds_named else []
    ran = [*commands, *([change] if change else []), *last]
    suggested = _followed_suggestion(call.error or "", failed_command or "", ran, work) or _set_as_told(
        call.error or "", failed_command or "", [*ran, " ".join(added)]
    )
    return Recovery(
        failed,
        fixed,
        signature,
        inserted=inserted,
        fix_commands=commands[:3],
        reread=reread,
        change=change,
        work=work,
        replaced=replaced,
        swapped=swapped,
        added=added[:MAX_ADDED_WORDS],
        added_lines=lines[:MAX_ADDED_LINES],
        changed_lines=changed[:MAX_ADDED_LINES],
        quoted_lines=quoted[:MAX_ADDED_LINES],
        files=files[:MAX_EDITED_FILES],
        around=around[:MAX_ADDED_WORDS],
        removed=removed[:MAX_ADDED_WORDS],
        suggested=suggested,
        written=written[:MAX_WRITTEN_WORDS],
        adds_named=adds_named,
        named_values=named_values[:3],
    )


def _supplier(calls: list[_Call], looked: list[int], failed: str | None, fixed: str | None) -> int | None:
    """The look whose output gave every word the retry added (an id, a name), when the retry added nothing else."""
    if not failed or not fixed or not looked:
        return None
    before = set(_main_segment(failed))
    new = [w for w in _main_segment(fixed) if w not in before]
    if not new or any(w.startswith("-") or len(w) < 4 for w in new):
        return None
    return next(
        (
            j
            for j in reversed(looked)
            if command_of(calls[j].tool, calls[j].arguments) and all(w in calls[j].result for w in new)
        ),
        None,
    )


def _quoted(error: str) -> list[str]:
    """The values an error quoted (`GLFEED` of "file GL-FEED ('GLFEED') on OPEN")."""
    return ["".join(groups) for groups in _QUOTED_VALUE.findall(error)]


def _sets_what_was_named(failed: str, fixed: str | list[str], named: Sequence[str]) -> bool:
    """Whether the retry set a variable in front whose name holds a name the error quoted."""
    in_front, as_arguments = _set_variables(_main_segment(failed), _main_segment(fixed))
    names = [name.lower() for name in [*in_front, *as_arguments]]
    quoted = [value.lower() for value in named if len(value) >= 3 and re.fullmatch(r"[\w.-]+", value)]
    return any(value in name for name in names for value in quoted)


# A value the error tells the reader to write ("Use 'for example' instead of 'e.g.'", "did you mean 'colour'?"),
# as opposed to one it names as missing or wrong.
def _quoted_alternatives(shortest: int, longest: int) -> str:
    """A value in any of the quotes errors use (', ", ‘’, “”, `), one group per kind of quote."""
    span = f"{{{shortest},{longest}}}"
    pairs = [("'", "'"), ('"', '"'), ("‘", "’"), ("“", "”"), ("`", "`")]
    return "|".join(f"{opening}([^{closing}\\n]{span}){closing}" for opening, closing in pairs)


_TOLD_VALUE = re.compile(
    r"\b(?:use|did you mean|expected|should be|prefer|replace (?:it |this )?with|try|consider (?:using|adding))\s+"
    rf"(?:{_quoted_alternatives(2, 60)})",
    re.I,
)
# The alternatives told in the same sentence ("Consider using `Without<T>` to create disjoint Queries or merging
# conflicting Queries into a `ParamSet`"): each value quoted after an "or".
_OR_ALTERNATIVE = re.compile(rf"\bor\b[^.\n`'\"‘“]{{0,80}}(?:{_quoted_alternatives(2, 60)})", re.I)


def _told_values(error: str) -> set[str]:
    """What the error told the reader to write: the quoted value after "use", "did you mean", "try", …, and the
    alternatives after an "or" in the rest of that sentence."""
    told: set[str] = set()
    for found in _TOLD_VALUE.finditer(error):
        told.add("".join(value for value in found.groups() if value))
        sentence_end = re.search(r"\.(?:\s|$)|\n", error[found.end() :])
        rest = error[found.end() : found.end() + sentence_end.start() if sentence_end else len(error)]
        told.update("".join(value for value in other.groups() if value) for other in _OR_ALTERNATIVE.finditer(rest))
    return told


def quoted_values_added(error: str, added: list[str]) -> list[str]:
    """The values the error told the reader to write that an edit wrote a word of (`for example` of "Use 'for
    example' instead of 'e.g.'", when the edit added `for example`), as the error wrote them."""
    words = [word.lower() for word in added if len(word) >= 3]
    told = _told_values(error)
    return [value for value in dict.fromkeys(told) if any(word in value.lower() for word in words)]


def _adds_named_path(error: str, lines: list[str]) -> bool:
    """Whether an edit's one added line is a path the error names, or a folder of one (`usr/share/x/translations/`
    for "usr/share/x/translations/x_de.qm exists in debian/tmp but is not installed"): what it asked for."""
    paths = [line.strip().strip("\"',") for line in lines if line.strip()]
    if len(paths) != 1 or "/" not in paths[0] or " " in paths[0] or len(paths[0]) < 6:
        return False
    path = paths[0]
    ends = "" if path.endswith("/") else r"(?![\w.-])"  # a folder's path goes on into its files
    return re.search(rf"(?<![\w/.-]){re.escape(path)}{ends}", error) is not None


def _adds_what_it_names(error: str, added: list[str]) -> bool:
    """Whether an edit added a name the error quoted (`terraform` of ‘terraform-1.9.8’), or opened with a name
    the error gave unquoted, written as code (`Additional property topologySpreadConstraints is not allowed`, and
    the edit's entry is `"topologySpreadConstraints": {…}`)."""
    # A package spelled with `-` where its module has `_` (`category-encoders` for 'category_encoders') is one name.
    quoted = [value.lower().replace("-", "_") for value in _quoted(error)]
    if any(len(word) >= 3 and any(word.lower().replace("-", "_") in q for q in quoted) for word in added):
        return True
    # Unquoted, only a word no sentence has (`maxUnavailable`, `max_retries`), and only as what the edit wrote
    # first: a plain word (`replicas`) or one the edit wrote among others may be in any message.
    first = added[0].rstrip(":=") if added else ""  # a key as written (`warehouse_id:`) is its name
    return (
        bool(_NAMED_IN_CODE.fullmatch(first))
        and re.search(rf"(?<![\w.-]){re.escape(first)}(?![\w-])", error) is not None
    )


_QUOTED_VALUE = re.compile(_quoted_alternatives(3, 120))


def suggestion_text(offered: Sequence[str], ran: Sequence[str] = ()) -> str:
    """`do what the error suggests: `pod repo update` or `pod install --repo-update``; for a setting the error
    named, `set `hive.exec.dynamic.partition.mode=nonstrict` as the error says`. When every fix ran the offered
    command with options of its own (``ran``, as the runs had it in common), what they ran: `run `npm install
    --package-lock-only` (what the error suggests: `npm install`)`."""
    if len(offered) == 1 and _SETTING.fullmatch(offered[0]):
        return f"set `{offered[0]}` as the error says (for that run)"
    said = " or ".join(f"`{c}`" for c in offered)
    extended = [command for command in ran if _flags(command) and any(_spelled_otherwise(c, command) for c in offered)]
    if extended:
        return f"run `{extended[0]}` (what the error suggests: {said})"
    return "do what the error suggests: " + said


# A configuration key with its value (`hive.exec.dynamic.partition.mode=nonstrict`, `spark.sql.ansi.enabled=false`):
# dotted, so a plain assignment in a message (`code=10096`) is not one.
_SETTING = re.compile(r"[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+=[\w.:/-]*\w")


def _set_as_told(error: str, failed: str, fixes: list[str]) -> list[str]:
    """The setting an error told the reader to set, when the fix set it, whichever way: an option of the retry
    (`--hiveconf x=y`), a line the edit added to the script (`set x=y;`), a statement in front of the query.
    Those are one lesson; the error said it."""
    told = [m for m in _SETTING.findall(error) if m not in failed]
    return [next(t for t in told if any(t in fix for fix in fixes))] if any(t in f for t in told for f in fixes) else []


def _followed_suggestion(error: str, failed: str, fixes: list[str], work: bool) -> list[str]:
    """The commands one line of the error offered (`out-of-date source repos which you can update with `pod
    repo update` or with `pod install --repo-update``) when the fix ran one of them; else none. A fix that also
    needed an edit did more than the error said; a command the error quotes as what failed (`cargo run` could
    not determine …) offers nothing."""
    if work or not fixes:
        return []
    for line in error.splitlines():
        # A command the sentence is about ("`npm ci` can only install packages when …") is what failed, not
        # advice: only what the line tells the reader to run is offered.
        offered = [
            (m.group(1) or m.group(2)).strip() for m in _OFFERED.finditer(line) if not _SUBJECT.match(line, m.end())
        ]
        offered = [
            c
            for c in offered
            if len(c.split()) >= 2
            and _PROGRAM_WORD.match(c)
            and command_head(c)
            and c not in failed
            and fix_shape(c) != fix_shape(failed)
        ]
        if any(
            c in fix or fix_shape(c) == fix_shape(fix) or _spelled_otherwise(c, fix) for c in offered for fix in fixes
        ):
            return list(dict.fromkeys(_without_named(c, error) for c in offered))[:3]
    return []


def _spelled_otherwise(offered: str, fix: str) -> bool:
    """The offered command run under another name of its subcommand, maybe with options (`npm i --package-lock-only`
    where the error said `npm install`)."""
    return not _flags(offered) and len(offered.split()) == 2 and command_head(offered) == command_head(fix)


def _without_named(command: str, error: str) -> str:
    """An offered command with the thing the error named left out (`deno add jsr:…` of `deno add jsr:zod`,
    offered because "zod" was not found): the same advice for whichever package, file or name it was."""
    for groups in _QUOTED_VALUE.findall(error):
        named = "".join(groups)
        if " " in named or named == command or len(named) < 2:
            continue
        command = re.sub(rf"(?<=[\s:=/@])(?:{re.escape(named)})(?=$|[\s,;])", "…", command)
    return command


# A command an error quotes for the reader to run: in backticks, or after "run" in quotes (`Run "terraform init"`).
_OFFERED = re.compile(r"`([^`\n]{3,80})`|\brun\s+[\"']([^\"'\n]{3,80})[\"']", re.I)
_PROGRAM_WORD = re.compile(r"[a-z][\w.-]*\s")
_SUBJECT = re.compile(
    r"\s+(?:can|cannot|can't|could|failed|fails|is|was|requires|needs|must|only|does|did|will|would|has|had)\b", re.I
)


# A value after `=` is quoted whole or not at all: the quote that closes the string around it
# (`"…?zeroDateTimeBehavior=convertToNull"`) is not part of it.
# A name with its dots, inner hyphens and `::` path (`Logi::Schema::Result::Vehicle`, `std::vector`), not the arrow
# after it (`__PACKAGE__->belongs_to`).
CODE_WORD = re.compile(
    r"[A-Za-z_$@](?:[\w$@.]|-(?=[\w$@])|::(?=[A-Za-z_]))*(?:=(?:\"[\w.-]*\"|'[\w.-]*'|[\w.-]+)|:)?|\d+"
)
MAX_ADDED_WORDS = 20
MAX_ADDED_LINES = 5
MAX_LINE_CHARS = 120
MAX_EDITED_FILES = 5
MAX_WRITTEN_WORDS = 300


_COMMENT = re.compile(r"^\s*(?:#|//|--|/\*|\*|;|%|<!--)")
# (An attribute is code too: Rust's `#[derive(Debug, defmt::Format)]`, `#![no_std]`; so is a script's shebang line,
# `#!/usr/bin/env python3`, which says what runs it.)
_DIRECTIVE = re.compile(r"^\s*#\s*(?:include|define|undef|ifn?def|if|elif|else|endif|pragma|import)\b|^\s*#!?\[|^#!/")
# A word only code has: a member (`context.mounted`), a capital inside it (`PackageVersion`), a label
# (`kubebuilder:`), an argument (`groups=`), a sigil (`@MainActor`, `$fillable`) or an underscore.
CODE_LIKE = re.compile(r"[.:=@$_]|[a-z][A-Z]|^[A-Z]{2,}")


# A comment that opens with a plain word (`-- No`, `# Keep`), not a tool's directive (`# type: ignore`, `// @ts-…`,
# `// +kubebuilder:…`, a linter's `noqa` with its code), and has a sentence in it: four plain words in a row.
_PLAIN_OPENING = re.compile(r"^\s*(?:#|//|--|/\*|\*|;|%|<!--)\s*[A-Za-z]+(?=[\s,.]|$)")
_SENTENCE = re.compile(r"\b[a-z]+(?:[ ,]+[a-z]+\b){3}")


def _prose(line: str) -> bool:
    """A comment in words (`# The reaper queries from its own process`), not a directive written as one
    (`// +kubebuilder:rbac:groups=apps,resources=deployments`): what it says is not what the edit changed. A
    sentence about code is words too, though it names keywords in capitals (`-- No BEGIN/COMMIT: CREATE INDEX
    CONCURRENTLY cannot run inside a transaction block.`)."""
    if not _COMMENT.match(line) or _DIRECTIVE.match(line):
        return False  # `#include <dt-bindings/gpio/gpio.h>` is code in C, C++ and device trees
    if _PLAIN_OPENING.match(line) and _SENTENCE.search(line):
        return True
    if len(CJK_CHAR.findall(line)) >= 4:
        return True  # a sentence in Chinese or Japanese (`# Excel 不支持带时区的时间`), whatever names it mentions
    words = CODE_WORD.findall(line)
    return len(words) >= 4 and sum(1 for w in words if CODE_LIKE.search(w)) * 10 < len(words) * 3


# A comment after code on its line (`x = f(y)  # why`), opened by `#` or `//` after a space.
_TRAILING = re.compile(r"^(?P<code>.*?\S)\s+(?P<comment>(?:#|//)\s.*)$")


def _code(text: str) -> str:
    """The code of an edit's text: without lines of prose, and without a comment in words after code on a line."""
    kept = []
    for line in text.splitlines():
        if _prose(line):
            continue
        trailing = _TRAILING.match(line)
        if trailing and _prose(trailing.group("comment")):
            line = trailing.group("code")
        kept.append(line)
    return "\n".join(kept)


def added_words(arguments: Any) -> list[str]:
    """The words an edit added (`describe "cart" do` → `describe "cart", js: true do` added `js:`, `true`), in
    the order they appear; nothing for a whole-file write, which has no before."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        before = Counter(CODE_WORD.findall(old))
        for word in CODE_WORD.findall(_code(new)):
            if before[word] > 0:
                before[word] -= 1
            elif word not in out:
                out.append(word)
    return out


def removed_words(arguments: Any) -> list[str]:
    """The words an edit took out (`rpx` of `16rpx` → `16px`), in the order they appeared: with the words it
    added, a replacement (`rpx` by `px` everywhere) that recurs is the lesson."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        after = Counter(CODE_WORD.findall(_code(new)))  # a word the edit moved into a comment is gone too
        for word in CODE_WORD.findall(_code(old)):
            if after[word] > 0:
                after[word] -= 1
            elif word not in out:
                out.append(word)
    return out


def changed_lines(arguments: Any) -> list[str]:
    """The lines an edit changed in place, stripped, as they read after it (`install(DIRECTORY config launch
    DESTINATION share/${PROJECT_NAME})` where `launch` went in): where a word the edit inserted goes, which the
    word alone does not say."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        before = [line.strip() for line in old.splitlines()]
        after = {line.strip() for line in new.splitlines()}
        removed = [set(CODE_WORD.findall(line)) for line in before if line not in after]
        for line in new.splitlines():
            text = line.strip()
            if not text or text in before or len(text) > MAX_LINE_CHARS or text in out or _prose(text):
                continue
            words = set(CODE_WORD.findall(text))
            if words and any(len(words & gone) * 2 >= len(words) for gone in removed):
                out.append(text)
    return out


_QUOTES = re.compile(r"[\"']")


def quoted_lines(arguments: Any) -> list[str]:
    """The lines an edit only put quotes into, as they read after it (`src: "{{ ca_file }}"` where it read `src: {{
    ca_file }}`): a value quoted is the whole fix, and no word of it is new."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        unquoted = {_QUOTES.sub("", line.strip()): line.strip() for line in old.splitlines() if line.strip()}
        for line in new.splitlines():
            text = line.strip()
            before = unquoted.get(_QUOTES.sub("", text))
            if before is not None and len(_QUOTES.findall(text)) > len(_QUOTES.findall(before)) and text not in out:
                out.append(text)
    return out


def added_lines(arguments: Any) -> list[str]:
    """The lines an edit added, stripped, as written (`if (!context.mounted) return;`): how a lesson shows the
    change, where its words alone (`if`, `context.mounted`, `return`) would lose the code around them. Of a line
    changed in place, only code inserted into it whole (`default = Some(None)`, `js: true`)."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        before = [line.strip() for line in old.splitlines()]
        after = {line.strip() for line in new.splitlines()}
        removed = [set(CODE_WORD.findall(line)) for line in before if line not in after]
        for line in new.splitlines():
            text = line.strip()
            if not text or text in before or len(text) > MAX_LINE_CHARS or text in out or _prose(text):
                continue
            words = set(CODE_WORD.findall(text))
            # A line changed in place (`describe "Cart" do` → `describe "Cart", js: true do`) was there before:
            # what it added are its new words, not the line; text inserted into it whole is shown as written
            # (`default = Some(None)` into `field("tariffCode", _.tariffCode)`).
            if not any(len(words & gone) * 2 >= len(words) for gone in removed):
                out.append(text)
                continue
            inserted = next((found for line in before if (found := _inserted_into(line, text))), "")
            if inserted and inserted not in out:
                out.append(inserted)
    return out


def _inserted_into(old: str, new: str) -> str:
    """What ``new`` inserted into ``old`` in one place, when that is all it changed and it is code (`default =
    Some(None)`), without the separators around it; else ""."""
    if len(new) <= len(old):
        return ""
    head = 0
    while head < len(old) and old[head] == new[head]:
        head += 1
    tail = len(old) - head
    if new[len(new) - tail :] != old[head:]:
        return ""
    inserted = new[head : len(new) - tail].strip(" ,;")
    return inserted if len(CODE_WORD.findall(inserted)) >= 2 and _CODE_SYNTAX.search(inserted) else ""


_CODE_SYNTAX = re.compile(r"[(){}\[\]=:;]")


def kept_words(arguments: Any) -> list[str]:
    """The words an edit kept around its change (`protected $fillable = [` when a name was added to that list):
    where the edit went. Three different names added to `$fillable` after the same error are one fix in one
    place, although they share no added word."""
    out: list[str] = []
    for old, new in _edit_pairs(arguments):
        after = set(CODE_WORD.findall(new))
        extended = _extended_settings(old, new)
        # A key that opens a map or list the edit wrote into (`:lint-as {`), as written: where entries go. So does
        # a fenced block's opening line (```@docs in a manual page), kept with its fence.
        out += [w for w in _OPENING_KEY.findall(old) if w in new and w not in out]
        # A name given a list that goes on over the next lines (`FunctionsToExport = @(`, `"plugins": [`), as
        # written: the edit put an entry in that list.
        lists = [" ".join(m.group(0).split()) for m in _OPENING_LIST.finditer(old) if m.group(0).strip() in new]
        out += [w for w in lists if w not in out]
        out += [w for w in (f + i for f, i in _FENCE_OPENING.findall(old)) if w in new and w not in out]
        for word in CODE_WORD.findall(old):
            if word not in after:
                continue
            # A list given to a setting that the edit made longer (`--allow-env=A,B` → `--allow-env=A,B,C`): the
            # setting is where the edit went, not its first entry.
            word = extended.get(word.partition("=")[0], word) if "=" in word else word
            if word not in out:
                out.append(word)
    return out


_OPENING_KEY = re.compile(r"(?<![\w:$@.-])(:[A-Za-z][\w.-]*[\w])\s*[{\[]")


def opens_list(word: str) -> bool:
    """A name and the list it opens, as ``kept_words`` keeps it (`FunctionsToExport = @(`, `"plugins": [`)."""
    return bool(_LIST_OPENED.search(word))


_LIST_OPENED = re.compile(r"[=:]\s*@?[\[({]$")
_OPENING_LIST = re.compile(r"(?m)(?<![\w$@.-])[$@]?[\"']?[A-Za-z_][\w.-]*[\"']?[ \t]*[=:][ \t]*@?[\[({][ \t]*$")
_FENCE_OPENING = re.compile(r"(?m)^[ \t]*(`{3,}|~{3,})[ \t]*([@A-Za-z][\w.+-]*)")


def _extended_settings(old: str, new: str) -> dict[str, str]:
    """Settings whose value list an edit extended in place, by bare name: `allow-env` → `--allow-env=`."""
    before = _TOKEN.findall(old)
    found: dict[str, str] = {}
    for token in set(_TOKEN.findall(new)) - set(before):
        name, equals, _ = token.partition("=")
        if not equals or not name.strip("-"):
            continue
        if any(token.startswith(t) and token[len(t)] in ",;:" for t in before if t.startswith(name + "=")):
            found[name.lstrip("-")] = f"{name}="
    return found


def _edit_pairs(arguments: Any) -> list[tuple[str, str]]:
    """An edit's (before, after) strings: Edit's one pair and MultiEdit's list."""
    args = arguments_of(arguments)
    pairs = [(args.get("old_string"), args.get("new_string"))]
    pairs += [(e.get("old_string"), e.get("new_string")) for e in args.get("edits") or [] if isinstance(e, Mapping)]
    return [(old, new) for old, new in pairs if isinstance(old, str) and isinstance(new, str)]


def recovery_steps(steps: Sequence[Any]) -> set[int]:
    """Indices that belong to a failure and its recovery (the failed calls and the fix), not to the workflow."""
    out: set[int] = set()
    for found in find_recoveries(steps):
        out.update(range(found.failed, found.fixed))  # the failure, what was looked at and done to fix it
    calls = _calls(steps)
    out.update(i for i, c in enumerate(calls) if not c.ok)
    return out
