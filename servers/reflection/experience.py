"""Interaction experience: patterns extracted from successful tasks, found again and evolved.

| step        | rule                                                                                    |
|-------------|-----------------------------------------------------------------------------------------|
| extraction  | a successful task → signature (task type + entity types), tool chain, argument names,   |
|             | the shell commands' heads (`git push`, `alembic upgrade`) and the scrubbed request      |
| identity    | one pattern per (signature, tool chain); a later run of the same chain updates it       |
| scoring     | task type agrees 0.1 + fit × (content 0.6 + updated within 7 days 0.15 +                |
|             | success rate > 0.8 0.15), fit being how much of the request the pattern shares (below)  |
| reuse       | > 0.8 reuse, 0.5–0.8 reference, below: plan from scratch                                |
| evolution   | usage and success counted per use; −20 % success rate for each 90 days without update  |
| admission   | ≥ 3 successes, success rate ≥ 60 %, looked up within the last 7 days                   |
| retirement  | > 5 failures in a row: untrusted; rate < 40 %: draft; 180 days unused: archived;        |
|             | marked useless: deleted at once                                                         |

Why fit carries the score: the task type is coarse (most developer requests are "code" or "general"), so
a type alone must not make two requests alike. Recency and success rate say how far to trust a pattern,
not whether it is about the same thing, so they count in proportion to the fit: they lift a matching
pattern to reuse but never an unrelated one to reference (an unrelated pattern of the same type scores
0.1). With everything else in its favour a pattern needs a fit of about 0.45 for reference and 0.78 for
reuse: the same request in other words, or the same procedure on a sibling file.

Fit is a weighted Ochiai coefficient (shared weight over the geometric mean of the two totals) of terms:

| term                                   | weight | example                                                  |
|----------------------------------------|--------|----------------------------------------------------------|
| a file, by its name; its naming shape  | 3; 1.5 | ``tests/test_billing.py`` → test_billing.py; test_*.py    |
| an error: exception class, key phrase  | 3      | ``ModuleNotFoundError``; non-fast-forward, 空指针          |
| an identifier, a route                 | 2.5    | ``order_service``, ``getUser``, ``app.main``; /health     |
| a command head; its program            | 2; 1.5 | ``git push``, ``alembic upgrade``; git, alembic            |
| a proper name                          | 2      | FastAPI, Redis (the same key as the word in lower case)  |
| a content word (stem), a Chinese pair  | 1; 0.5 | migrations → migra; 迁移                                   |
| a word every task uses                 | 0.3    | fix, add, update; 修复 and pairs like 里的 at 0.15          |

A few developer words are made one across languages and synonyms (缓存 = cache, endpoint = route = 接口).

What names one instance of a task — a file, its shape, a route, an identifier, a host, the words inside
them — counts in full when both requests have it and a third when only one does: requests about
test_billing.py and test_orders.py may follow one procedure, two about the same file are likely one task.
Errors, commands and prose words count in full either way. Commands the stored run executed count (at
half weight) when the request names them, and are not held against a pattern when it does not: a
request rarely says which commands its answer will need. Patterns stored before the request text was
kept are scored from their keywords and entities.

Patterns not yet admitted are offered for reference only, never for reuse. Everything stored is
scrubbed of personal data and secrets first (:mod:`scrub`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, NamedTuple

from servers.core.recovery import command_head, command_of
from servers.reflection.matching import STOPWORDS, keywords, words
from servers.reflection.models import Experience, ExperienceMatch, ExperienceResult, NotFound, TaskReport
from servers.reflection.scrub import scrub, scrub_text
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage import tables
from servers.reflection.storage.documents import StoredExperience
from servers.reflection.storage.store import ReflectionStore, new_id, now_iso, parse_iso

_TASK_TYPES = [
    ("schedule", re.compile(r"\b(schedule|remind|every (day|week|morning)|cron|recurring)\b|提醒|定时|每天", re.I)),
    ("code", re.compile(r"\b(fix|debug|implement|refactor|code|bug|test|deploy|build)\b|代码|修复", re.I)),
    ("data", re.compile(r"\b(analy[sz]e|chart|plot|csv|spreadsheet|statistics|data)\b|分析|数据", re.I)),
    ("write", re.compile(r"\b(write|draft|report|summar(y|i[sz]e)|translate|email)\b|写|总结|翻译", re.I)),
    ("research", re.compile(r"\b(search|find|look up|research|compare|news|latest)\b|搜索|查找|调研", re.I)),
    ("file", re.compile(r"\b(convert|rename|move|copy|file|folder|pdf)\b|文件", re.I)),
]
_URL = re.compile(r"https?://([^/\s]+)")
_EXT = re.compile(r"\.(pdf|csv|xlsx?|docx?|pptx?|md|json|ya?ml|txt|html?|png|jpe?g|py|ts|go)\b", re.I)
_PROPER = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-zA-Z0-9]{2,})\b")

# Score weights (see the table above); the fit multiplies all but the type.
TYPE_WEIGHT = 0.1
CONTENT_WEIGHT = 0.6
RECENCY_WEIGHT = 0.15
SUCCESS_WEIGHT = 0.15
TASK_CHARS = 500  # of the request, kept to score later requests against
MAX_STEP_COMMANDS = 4


def task_type(text: str) -> str:
    return next((name for name, rx in _TASK_TYPES if rx.search(text)), "general")


def entities(text: str) -> tuple[set[str], set[str]]:
    """(entity types, entity values) of a request: sites, file kinds and proper names."""
    types: set[str] = set()
    values: set[str] = set()
    for host in _URL.findall(text):
        types.add("url")
        values.add(host.lower().removeprefix("www."))
    for ext in _EXT.findall(text):
        types.add(f"file:{ext.lower()}")
        values.add(ext.lower())
    for name in _PROPER.findall(text):
        types.add("name")
        values.add(name.lower())
    return types, values


def signature(text: str) -> str:
    types, _ = entities(text)
    return f"{task_type(text)}:{'+'.join(sorted(types))}"


# --- what a request is about, as weighted terms --------------------------------------------------------

# ASCII classes throughout: CJK text often runs straight into a file name (修复order_service.go里的空指针).
_FILE_TERM = re.compile(
    r"(?<![A-Za-z0-9_./-])((?:[A-Za-z0-9_.@-]+/)*([A-Za-z0-9_-][A-Za-z0-9_.-]*\.(py|pyi|go|ts|tsx|js|jsx|mjs|cjs|rs"
    r"|java|kt|rb|php|cs|c|h|cc|cpp|hpp|swift|sql|sh|toml|ya?ml|json|ini|cfg|env|lock|md|rst|txt|html?|css|scss"
    r"|vue|svelte|proto|tf|xml|gradle|ipynb|csv|xlsx?|docx?|pptx?|pdf|png|jpe?g|svg))|Dockerfile|Makefile|Justfile)"
    r"(?![A-Za-z0-9_])",
    re.I,
)
_WHOLE_URL = re.compile(r"https?://([^/\s]+)\S*")
_ROUTE = re.compile(r"(?<![A-Za-z0-9_./@-])(/[a-z][a-z0-9_-]*(?:/[a-z0-9_{}:-]+)*)/?(?![A-Za-z0-9_./])")
_BACKTICKS = re.compile(r"`([^`\n]{2,80})`")
_EXCEPTION_NAME = re.compile(r"\b([A-Z][A-Za-z0-9]*(?:Error|Exception|Panic|Fault))\b")
_IDENTIFIER = re.compile(
    r"(?<![A-Za-z0-9_@/-])([a-z_][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+"
    r"|[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]+)+)(?![A-Za-z0-9_])"
)
_CAPITALISED = re.compile(r"(?<![A-Za-z0-9_])([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]{2,})(?![A-Za-z0-9_])")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|[\n。！？：；])\s*$")
_PROSE_WORD = re.compile(r"(?<![A-Za-z0-9_./-])[A-Za-z][A-Za-z0-9-]*(?![A-Za-z0-9_./])")
_CAMEL_PART = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
# Key phrases of errors, in English and Chinese, by what they mean (so 空指针 meets "nil pointer").
_ERROR_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), key)
    for pattern, key in (
        (r"non-fast-forward|fetch first|\b(?:push|pushes|pushed)\b.{0,20}\brejected|rejected.{0,20}\bpush", "rejected"),
        (r"merge conflicts?|rebase conflicts?|\bconflicts?\b|冲突", "conflict"),
        (r"null ?pointer|nil pointer|nil map|NoneType|空指针|空引用", "null-pointer"),
        (r"no module named|module ?not ?found|cannot find module|can't resolve|找不到模块", "module-not-found"),
        (r"permission denied|EACCES|权限不足|没有权限", "permission-denied"),
        (r"timed? ?out|timeout|超时", "timeout"),
        (r"connection refused|ECONNREFUSED|拒绝连接|连接被拒绝", "connection-refused"),
        (r"out of memory|\bOOM|内存不足|内存溢出", "out-of-memory"),
        (r"memory leak|内存泄漏", "memory-leak"),
        (r"segmentation fault|segfault|SIGSEGV", "segfault"),
        (r"deadlock|死锁", "deadlock"),
        (r"race condition|data race|竞态", "race"),
        (r"address already in use|EADDRINUSE|端口被占用", "address-in-use"),
        (r"command not found", "command-not-found"),
        (r"syntax ?error|语法错误", "syntax-error"),
        (r"type ?error|类型错误", "type-error"),
        (r"outdated lockfile|lockfile.{0,20}(?:out of date|outdated)", "outdated-lockfile"),
    )
)
# Programs a request may name, and the subcommands that say what it does with them.
_PROGRAMS = frozenset(
    "git gh pnpm npm npx yarn bun pip uv poetry pytest alembic docker kubectl helm terraform cargo go rustc ruff "
    "mypy tox nox node deno tsc eslint prettier vitest jest webpack vite psql mysql redis-cli make just mvn gradle "
    "dotnet rails rake bundle composer flask django-admin celery uvicorn gunicorn nginx systemctl brew apt "
    "conda pre-commit black isort".split()
)
_SUBCOMMANDS = frozenset(
    "push pull fetch rebase merge commit tag checkout switch branch reset revert stash clone cherry-pick bisect "
    "add install uninstall remove run test build start dev lint format upgrade downgrade revision migrate "
    "makemigrations init exec up down compose apply plan destroy deploy publish release logs sync lock update "
    "get describe rollout login".split()
)
# Programs that are also plain English words: in prose they count only with a subcommand (`go test`).
_AMBIGUOUS_PROGRAMS = frozenset("go make just apt brew node rake bundle black".split())
# Commands that only look around: nearly every run has them, so they say nothing about which task it was.
_LOOKING = frozenset(
    "cd ls cat echo pwd head tail grep rg find wc sed awk sort uniq which true sleep export source clear tee "
    "xargs jq tree less more env printenv date".split()
)
_LOOKING_HEADS = frozenset("git status|git diff|git log|git show|git branch|git remote|git rev-parse".split("|"))
# Words nearly every developer request has: they count, but little.
_GENERIC = frozenset(
    "fix fixed fixes fixing add adds added adding update updates updated change changes changed make create "
    "write run get set new remove delete bug bugs issue issues error errors problem code file files function "
    "work works working help check need want try fail fails failing failed failure broken wrong now again also "
    "just some all one way like let see look thing things stuff project repo app".split()
)
_GENERIC_ZH = frozenset("修复 添加 问题 代码 文件 一下 一个 帮我 请帮 现在 这个 那个 需要 错误 报错 失败".split())
_FUNCTION_CHARS = frozenset("的了里在是和把给个一我你这那吗呢吧也都就中上下时要")
_HTTP_METHODS = frozenset("GET POST PUT PATCH DELETE HEAD OPTIONS".split())
# A few words developers use in both languages, and English synonyms, so that 缓存 meets "cache" and an
# endpoint meets a route. Small on purpose: what it maps must mean the same in every task.
_SAME_AS = dict(
    pair.split("=")
    for pair in (
        "缓存=cache 迁移=migration 测试=test 接口=route 端点=route 路由=route 数据库=database 字段=column "
        "镜像=image 构建=build 部署=deploy 发布=release 版本=version 提交=commit 推送=push 冲突=conflict "
        "依赖=dependency 日志=log 配置=config 查询=query 索引=index 分支=branch 合并=merge 回滚=rollback "
        "升级=upgrade 重构=refactor 性能=performance 内存=memory 权限=permission 登录=login 用户=user "
        "订单=order 商品=product 支付=payment 文档=docs 脚本=script 容器=container 模块=module 标签=tag "
        "变更日志=changelog endpoint=route endpoints=route field=column fields=column"
    ).split()
)

FILE_WEIGHT = 3.0
ERROR_WEIGHT = 3.0
IDENTIFIER_WEIGHT = 2.5
COMMAND_WEIGHT = 2.0
NAME_WEIGHT = 2.0
PROGRAM_WEIGHT = 1.5
SHAPE_WEIGHT = 1.5
WORD_WEIGHT = 1.0
PAIR_WEIGHT = 0.5
GENERIC_WEIGHT = 0.3
GENERIC_PAIR_WEIGHT = 0.15
# What one instance of a task names (its file, route, identifier and their words) counts in full when both
# requests name it and a third when only one does: two requests on different files may still follow the
# same procedure, two on the same file are probably the same task.
SPECIFIC_ALONE = 1 / 3
# Commands the stored run executed are weaker evidence than what its request said.
RAN_WEIGHT = 0.5


class Term(NamedTuple):
    weight: float  # counted when both sides have the term
    alone: float  # counted when only one side has it


Terms = dict[str, Term]


def _stem(word: str) -> str:
    """A crude English stem: migrations, migrate → migra; failing, fails → fail. Good enough to compare two
    short requests, and the same on both sides, which is all that matters here."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:5]


def _add(terms: Terms, key: str, weight: float, specific: bool = False) -> None:
    old = terms.get(key, Term(0.0, 0.0))
    alone = weight * SPECIFIC_ALONE if specific else weight
    terms[key] = Term(max(old.weight, weight), max(old.alone, alone))


def _add_words(terms: Terms, text: str, specific: bool = False) -> None:
    for word in words(text):
        if "\u4e00" <= word[0] <= "\u9fff":
            generic = word in _GENERIC_ZH or bool(_FUNCTION_CHARS & set(word))
            _add(terms, f"zh:{word}", GENERIC_PAIR_WEIGHT if generic else PAIR_WEIGHT, specific)
            continue
        word = word.split("'")[0]  # it's, user's
        if len(word) > 1 and not word.isdigit() and word not in STOPWORDS:
            weight = GENERIC_WEIGHT if word in _GENERIC else WORD_WEIGHT
            _add(terms, f"w:{_stem(_SAME_AS.get(word, word))}", weight, specific)


def _add_name(terms: Terms, kind: str, name: str, weight: float) -> None:
    """A file, route or identifier: the name itself, and the words inside it (order_service → order, service)."""
    _add(terms, f"{kind}:{name.lower()}", weight, specific=True)
    inner = name.rsplit(".", 1)[0] if kind == "file" and "." in name else name
    _add_words(terms, " ".join(_CAMEL_PART.findall(re.sub(r"[_./{}:-]", " ", inner))), specific=True)


def _file_shapes(name: str) -> list[str]:
    """The conventions a file name follows: test_billing.py → test_*.py and *_billing.py, so that sibling
    files (test_orders.py; user_service.go and order_service.go) have something in common."""
    stem, dot, ext = name.lower().rpartition(".")
    parts = [p for p in re.split(r"[_.-]", stem if dot else name.lower()) if p]
    if len(parts) < 2:
        return []
    suffix = f".{ext}" if dot else ""
    return [f"{parts[0]}_*{suffix}", f"*_{parts[-1]}{suffix}"]


def _add_command(terms: Terms, head: str, weight: float = 1.0) -> None:
    program = head.split()[0]
    _add(terms, f"prog:{program}", PROGRAM_WEIGHT * weight)
    if " " in head:
        _add(terms, f"cmd:{head}", COMMAND_WEIGHT * weight)


def _prose_command(tokens: list[str], backticked: bool = False) -> str | None:
    """`git push`, `pytest`: a command head if the tokens start with a known program, else None."""
    program = tokens[0].lower() if tokens else ""
    if program not in _PROGRAMS:
        return None
    sub = tokens[1].lower() if len(tokens) > 1 else ""
    if sub in _SUBCOMMANDS:
        return f"{program} {sub}"
    return program if backticked or program not in _AMBIGUOUS_PROGRAMS else None


def _blank(text: str, span: tuple[int, int]) -> str:
    # Keep offsets stable so later patterns still see what was around a match.
    return text[: span[0]] + " " * (span[1] - span[0]) + text[span[1] :]


def text_terms(text: str) -> Terms:
    """What a request is about, as weighted terms (see the module's table). Each piece found is blanked so
    that a file name does not count again as an identifier, nor a command as words."""
    terms: Terms = {}
    for word, same in _SAME_AS.items():
        if not word.isascii() and word in text:
            _add(terms, f"w:{_stem(same)}", WORD_WEIGHT)
    for found in _WHOLE_URL.finditer(text):
        _add(terms, f"host:{found.group(1).lower().removeprefix('www.')}", NAME_WEIGHT, specific=True)
        text = _blank(text, found.span())
    for found in _FILE_TERM.finditer(text):
        name = found.group(1).rsplit("/", 1)[-1]
        _add_name(terms, "file", name, FILE_WEIGHT)
        for shape in _file_shapes(name):
            _add(terms, f"shape:{shape}", SHAPE_WEIGHT, specific=True)
        if found.group(3):
            _add(terms, f"ext:{found.group(3).lower()}", GENERIC_WEIGHT)
        text = _blank(text, found.span())
    for pattern, key in _ERROR_PHRASES:
        if pattern.search(text):
            _add(terms, f"err:{key}", ERROR_WEIGHT)
    for found in _EXCEPTION_NAME.finditer(text):
        _add(terms, f"err:{found.group(1).lower()}", ERROR_WEIGHT)
        text = _blank(text, found.span())
    for found in _BACKTICKS.finditer(text):
        inner = found.group(1).strip()
        head = _prose_command(inner.split(), backticked=True)
        if head:
            _add_command(terms, head)
        else:
            _add_name(terms, "id", inner, IDENTIFIER_WEIGHT)
        text = _blank(text, found.span())
    for found in _ROUTE.finditer(text):
        _add_name(terms, "route", found.group(1), IDENTIFIER_WEIGHT)
        _add(terms, "w:route", WORD_WEIGHT)  # any route: a request about /health and one about /users share it
        text = _blank(text, found.span())
    prose = list(_PROSE_WORD.finditer(text))
    for i, found in enumerate(prose):
        # Only a word right after the program (a space apart) can be its subcommand.
        nxt = prose[i + 1] if i + 1 < len(prose) else None
        sub = nxt if nxt is not None and not text[found.end() : nxt.start()].strip() else None
        head = _prose_command([found.group(), *([sub.group()] if sub else [])])
        if head:
            _add_command(terms, head)
            text = _blank(text, (found.start(), sub.end() if sub and " " in head else found.end()))
    for found in _IDENTIFIER.finditer(text):
        _add_name(terms, "id", found.group(1), IDENTIFIER_WEIGHT)
        text = _blank(text, found.span())
    for found in _CAPITALISED.finditer(text):
        word = found.group(1)
        if word.lower() in STOPWORDS or word in _HTTP_METHODS:
            continue
        if any(c.isupper() for c in word[1:]) or not _SENTENCE_START.search(text[: found.start()]):
            _add(terms, f"w:{_stem(word.lower())}", NAME_WEIGHT)  # FastAPI, Redis: the same key as the word
            text = _blank(text, found.span())
    _add_words(terms, text)
    return terms


def command_heads(tool: str, arguments: Any) -> list[str]:
    """The heads of the commands a shell step ran (`cd app && alembic upgrade head` → alembic upgrade),
    leaving out the ones that only look around."""
    command = command_of(tool, arguments)
    if command is None:
        return []
    heads: list[str] = []
    for part in re.split(r"&&|\|\||[;|\n]", command):
        head = command_head(part)
        if head and head.split()[0] not in _LOOKING and head not in _LOOKING_HEADS and head not in heads:
            heads.append(head)
    return heads[:MAX_STEP_COMMANDS]


@lru_cache(maxsize=4096)
def _stored_terms(task: str, stored_keywords: tuple[str, ...], stored_entities: tuple[str, ...]) -> Terms:
    if task:
        return text_terms(task)
    # Stored before the request was kept: its keywords and entity values are what is left of it.
    terms = text_terms(" ".join(stored_keywords))
    for value in stored_entities:
        if "." in value:
            _add(terms, f"host:{value}", NAME_WEIGHT, specific=True)
        elif _EXT.fullmatch(f".{value}"):
            _add(terms, f"ext:{value}", GENERIC_WEIGHT)
        else:
            _add(terms, f"w:{_stem(value)}", NAME_WEIGHT)
    return terms


def experience_terms(exp: Experience) -> tuple[Mapping[str, Term], Mapping[str, Term]]:
    """(what its request was about, the commands its run executed) for a stored experience."""
    own = _stored_terms(exp.task, tuple(exp.keywords), tuple(exp.entities))
    ran: Terms = {}
    for step in exp.steps:
        for head in step.get("commands") or []:
            _add_command(ran, str(head), RAN_WEIGHT)
    return own, ran


def fit(query: Mapping[str, Term], own: Mapping[str, Term], ran: Mapping[str, Term]) -> tuple[float, list[str]]:
    """How much a request and a stored experience share, 0–1, and the terms they share (heaviest first).

    A weighted Ochiai coefficient: the shared weight over the geometric mean of the two sides' totals, an
    unshared term adding its ``alone`` weight. Commands the stored run executed count when the request
    names them and are not held against the experience when it does not."""
    shared: dict[str, float] = {}
    for key, term in query.items():
        other = max(own.get(key, Term(0.0, 0.0)).weight, ran.get(key, Term(0.0, 0.0)).weight)
        if other:
            shared[key] = min(term.weight, other)
    q_total = sum(shared.values()) + sum(t.alone for k, t in query.items() if k not in shared)
    e_total = sum(shared.values()) + sum(t.alone for k, t in own.items() if k not in shared)
    if not shared:
        return 0.0, []
    return min(1.0, sum(shared.values()) / math.sqrt(q_total * e_total)), sorted(shared, key=lambda k: -shared[k])


def _steps(report: TaskReport) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for s in report.trace:
        if not s.ok:
            continue
        names = sorted(s.arguments) if isinstance(s.arguments, dict) else []
        step: dict[str, Any] = {"tool": s.tool, "arguments": names}
        heads = command_heads(s.tool, s.arguments)
        if heads:
            step["commands"] = heads
        steps.append(step)
    return steps


def _effective_rate(exp: Experience, now: datetime) -> float:
    idle_days = (now - parse_iso(exp.updated_at)).days
    return exp.success_rate * (0.8 ** (idle_days // 90))


class ExperienceLibrary:
    def __init__(self, store: ReflectionStore, settings: ReflectionSettings) -> None:
        self.store = store
        self.settings = settings

    def _save(self, exp: Experience) -> Experience:
        self.store.put(
            StoredExperience(
                id=exp.id,
                user_id=exp.user_id,
                signature=exp.signature,
                chain="→".join(exp.tool_chain),
                status=exp.status,
                doc=exp,
            )
        )
        return exp

    def get(self, user_id: str, exp_id: str) -> Experience:
        found = self.store.doc("experiences", Experience, id=exp_id, user_id=user_id)
        if found is None:
            raise NotFound("experience", exp_id)
        return found

    def all(self, user_id: str) -> list[Experience]:
        return self.store.docs("experiences", Experience, user_id=user_id)

    def capture(self, user_id: str, report: TaskReport, success: bool) -> Experience | None:
        """Extract from a successful task or evolve the pattern of the same chain; None when nothing to keep."""
        if not self.settings.experience_enabled or not report.record_experience or len(report.trace) < 2:
            return None
        task = scrub_text(report.task)
        chain: list[str] = []
        for step in report.trace:
            if not chain or chain[-1] != step.tool:
                chain.append(step.tool)
        sig = signature(task)
        found = self.store.doc("experiences", Experience, user_id=user_id, signature=sig, chain="→".join(chain))
        duration = sum(s.duration_ms or 0 for s in report.trace) or None
        if found is None:
            if not success:
                return None  # only a success is worth repeating: a failed run starts no pattern
            at = now_iso()
            steps = _steps(report)
            _, values = entities(task)
            exp = Experience(
                id=new_id("exp"),
                user_id=user_id,
                name=f"{task_type(task)}: {' → '.join(chain)}",
                signature=sig,
                task_type=task_type(task),
                entities=sorted(values),
                keywords=keywords(task, 12),
                task=task[:TASK_CHARS],
                tool_chain=chain,
                steps=scrub(steps),
                usage_count=0,
                success_count=0,
                failure_count=0,
                consecutive_failures=0,
                success_rate=1.0,
                avg_duration_ms=duration,
                status="candidate",
                created_at=at,
                updated_at=at,
            )
            self.store.audit(user_id, "experience", exp.id, "extracted", {"signature": sig, "chain": chain})
        else:
            exp = found
        return self._use(exp, success, duration)

    def _use(self, exp: Experience, success: bool, duration_ms: int | None) -> Experience:
        exp.usage_count += 1
        if success:
            exp.success_count += 1
            exp.consecutive_failures = 0
        else:
            exp.failure_count += 1
            exp.consecutive_failures += 1
        exp.success_rate = round(exp.success_count / exp.usage_count, 3)
        if duration_ms is not None:
            prev = exp.avg_duration_ms or duration_ms
            exp.avg_duration_ms = round(prev + (duration_ms - prev) / exp.usage_count)
        exp.updated_at = now_iso()
        self._judge(exp)
        return self._save(exp)

    def _judge(self, exp: Experience, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        old = exp.status
        if exp.consecutive_failures > 5:
            exp.status = "untrusted"
        elif exp.usage_count >= 3 and exp.success_rate < 0.4:
            exp.status = "draft"
        elif (now - parse_iso(exp.updated_at)).days >= 180:
            exp.status = "archived"
        elif (
            exp.success_count >= 3
            and exp.success_rate >= 0.6
            and exp.last_queried_at is not None
            and (now - parse_iso(exp.last_queried_at)).days < 7
        ):
            exp.status = "admitted"
        elif exp.status in ("admitted", "draft") and exp.success_rate >= 0.6:
            exp.status = "admitted" if exp.status == "admitted" else "candidate"
        if exp.status != old:
            self.store.audit(exp.user_id, "experience", exp.id, "status", {"from": old, "to": exp.status})

    def record_use(self, user_id: str, exp_id: str, success: bool, duration_ms: int | None) -> Experience:
        with self.store.writing(user_id):
            return self._use(self.get(user_id, exp_id), success, duration_ms)

    def delete(self, user_id: str, exp_id: str) -> str:
        """A person marked it useless: it goes at once, not after failures retire it."""
        with self.store.writing(user_id):
            self.get(user_id, exp_id)
            tables.delete_experience(self.store, user_id, exp_id)
            self.store.audit(user_id, "experience", exp_id, "deleted", {"reason": "marked useless"})
            return exp_id

    def score(self, query: str, exp: Experience, now: datetime) -> dict[str, float]:
        """The parts of ``exp``'s score for ``query`` (they add up to it); see the module's table."""
        return self._score(text_terms(query), task_type(query), exp, now)[0]

    def _score(
        self, query: Mapping[str, Term], kind: str, exp: Experience, now: datetime
    ) -> tuple[dict[str, float], list[str]]:
        value, shared = fit(query, *experience_terms(exp))
        recent = (now - parse_iso(exp.updated_at)).days < 7
        reliable = _effective_rate(exp, now) > 0.8
        parts = {
            "signature": TYPE_WEIGHT if kind == exp.task_type else 0.0,
            "content": round(CONTENT_WEIGHT * value, 3),
            "recency": round(RECENCY_WEIGHT * value, 3) if recent else 0.0,
            "success_rate": round(SUCCESS_WEIGHT * value, 3) if reliable else 0.0,
        }
        return parts, shared

    def find(self, user_id: str, query: str, limit: int = 3) -> ExperienceResult:
        with self.store.writing(user_id):
            now = datetime.now(UTC)
            query_terms, kind = text_terms(query), task_type(query)
            matches: list[ExperienceMatch] = []
            for exp in self.all(user_id):
                self._judge(exp, now)
                if exp.status in ("untrusted", "archived", "draft"):
                    self._save(exp)
                    continue
                parts, shared = self._score(query_terms, kind, exp, now)
                total = round(sum(parts.values()), 3)
                if total < self.settings.experience_reference:
                    continue
                # Only admitted patterns are reused as they are; candidates are still proving themselves.
                mode = "reuse" if total > self.settings.experience_reuse and exp.status == "admitted" else "reference"
                matches.append(ExperienceMatch(experience=exp, score=total, mode=mode, parts=parts, shared=shared[:12]))
            matches.sort(key=lambda m: -m.score)
            matches = matches[:limit]
            for m in matches:
                m.experience.last_queried_at = now_iso(now)
                self._judge(m.experience, now)
                self._save(m.experience)
            advice = matches[0].mode if matches else "plan_from_scratch"
            return ExperienceResult(matches=matches, advice=advice)
