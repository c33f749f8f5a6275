"""Skill suggestions: a repeated workflow rendered as a SKILL.md that passes the linter.

Existing skills are read from their folders (system, user and project scopes), not through the skills
server: a workflow of plain tools that an existing skill lists in ``triggers.tool_signals``, or one whose
steps a skill's body names in the same order (its commands, file roles, tools), is not suggested again.
A suggestion is named after what its steps do (:func:`workflow_name`), never after the host's tool names
(every Claude Code workflow is "Bash then Edit"). An accepted suggestion is written to the user scope,
``$CAIRN_HOME/skills/user/<name>/SKILL.md``, where the skills server loads user skills.
"""

from __future__ import annotations

import logging
import re
import tempfile
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import frontmatter
import yaml

from servers.reflection import drafting
from servers.reflection import steps as st
from servers.reflection.matching import keywords
from servers.reflection.patterns import Workflow
from servers.reflection.scrub import scrub_text
from servers.reflection.settings import ReflectionServerSettings
from servers.reflection.steps import StepId
from skillslint import Severity, lint_skill

log = logging.getLogger(__name__)

_REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class KnownSkill:
    name: str
    path: Path
    tool_signals: frozenset[str]
    body: str


def skill_roots(settings: ReflectionServerSettings) -> list[Path]:
    """Project folders first, then the user scope, then the built-in skills."""
    places = settings.skill_places()
    roots = [*places.paths, user_scope(settings)]
    if places.include_system:
        system = places.system_path
        candidates = [system] if system else [_REPO / "skills", _REPO / "servers" / "_bundled" / "skills"]
        roots.extend(c for c in candidates if c.is_dir())
    return roots


def user_scope(settings: ReflectionServerSettings) -> Path:
    return settings.home / "skills" / "user"


def known_skills(settings: ReflectionServerSettings) -> list[KnownSkill]:
    found: dict[str, KnownSkill] = {}
    for root in skill_roots(settings):
        if not root.is_dir():
            continue
        for skill_md in sorted(root.glob("*/SKILL.md")):
            try:
                post = frontmatter.load(str(skill_md))
            except (OSError, yaml.YAMLError, UnicodeDecodeError, ValueError) as exc:
                log.info("skipping unreadable skill %s: %s", skill_md, exc)
                continue
            name = str(post.metadata.get("name") or skill_md.parent.name)
            triggers = post.metadata.get("triggers")
            signals = triggers.get("tool_signals", []) if isinstance(triggers, dict) else []
            tools = frozenset(str(s) for s in signals) if isinstance(signals, list) else frozenset()
            found.setdefault(name, KnownSkill(name, skill_md, tools, post.content))
    return list(found.values())


def _term(step: StepId) -> str:
    """What a skill's body must name for the step to count as covered: a command, a file role, a tool."""
    if step.kind == "shell" and step.detail:
        return step.detail
    return step.detail.split()[0] if step.kind == "file" and step.detail else step.tool


def covered_by(steps: Sequence[StepId], skills: list[KnownSkill]) -> str | None:
    """The first skill that lists the workflow's tools as its tool signals, or names its steps in order.

    Tool signals only count for plain tools: ``Bash`` or ``Edit`` among a skill's signals says nothing
    about which commands it runs or which files it edits.
    """
    plain = {s.tool for s in steps if s.kind == "call"}
    for skill in skills:
        if plain and all(s.kind == "call" for s in steps) and plain <= skill.tool_signals:
            return skill.name
        position = 0
        for step in steps:
            term = _term(step)
            plural = "s?" if step.kind == "file" else ""
            found = re.search(rf"(?<![\w-]){re.escape(term)}{plural}(?![\w-])", skill.body[position:])
            if not found:
                break
            position += found.end()
        else:
            return skill.name
    return None


# Programs whose name says little (an interpreter, git, a package manager): their subcommand names the step.
_GENERIC_PROGRAMS = frozenset(
    "git gh python node ruby bash sh zsh npm pnpm yarn bun npx uv uvx poetry pip pipx make just cargo go docker".split()
)
# Test runners and linters check a change; they name a workflow only when nothing else does.
_CHECKS = frozenset("pytest jest vitest mocha ruff mypy pyright eslint tsc prettier black isort flake8 pylint".split())
# Naming words for Chinese requests (two-character words, as the keyword extraction splits CJK text).
_GLOSSARY = {
    "迁移": "migration",
    "发布": "release",
    "部署": "deploy",
    "测试": "test",
    "模型": "model",
    "修复": "fix",
    "升级": "upgrade",
    "数据": "data",
    "版本": "version",
    "报表": "report",
    "报告": "report",
    "文档": "docs",
    "配置": "config",
    "构建": "build",
    "回滚": "rollback",
    "标签": "tag",
    "推送": "push",
    "提交": "commit",
    "依赖": "deps",
    "重构": "refactor",
    "销售": "sales",
    "图表": "chart",
    "订单": "orders",
    "用户": "users",
    "接口": "api",
    "服务": "service",
    "日志": "logs",
    "备份": "backup",
    "索引": "index",
}
_ROLE_WORDS = {
    "test": "tests",
    "migration": "migration",
    "changelog": "changelog",
    "package manifest": "deps",
    "ci config": "ci",
    "docker config": "docker",
    "terraform config": "terraform",
    "dbt model": "model",
    "version file": "version",
    "docs": "docs",
    "config": "config",
}
_MAX_NAME = 60  # of the 64 a name may have, room for "-2"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _same(word: str, words: Sequence[str]) -> bool:
    stem = word.removesuffix("s")
    return any(stem == w.removesuffix("s") or word in w.split("-") for w in words)


def _topic(tasks: Sequence[str]) -> list[str]:
    """Words fit for a name, most shared first: the first shared by at least half the tasks, more only if all
    share them (a word two of three tasks have is often incidental). English words as they are, Chinese ones
    through the glossary, filler (``add``, ``update`` …) left out."""
    counts: Counter[str] = Counter()
    for task in tasks:
        words = {
            word if re.fullmatch(r"[a-z][a-z0-9]{2,}", word) else _GLOSSARY.get(word, "") for word in keywords(task, 16)
        }
        counts.update(w for w in words if w and w not in drafting.FILLER)
    out: list[str] = []
    for word, n in counts.most_common():
        if n * 2 < len(tasks) or (out and n < len(tasks)):
            break
        if not _same(word, out):
            out.append(word)
    return out


def workflow_name(steps: Sequence[StepId], tasks: Sequence[str]) -> str:
    """A name for what the steps do: ``alembic-migration``, ``release-tag-and-push``, ``dbt-model``.

    | part           | from                                                                         |
    |----------------|------------------------------------------------------------------------------|
    | programs (≤ 2) | commands with a telling name (``alembic``, ``dbt``; a test run only if alone) |
    | topic (≤ 2)    | the tasks' shared words (see :func:`_topic`); else the roles of edited files  |
    | actions (≤ 2)  | without a telling program, the last subcommands (``git tag``, ``git push``)   |

    Empty when none of these say anything (plain tools and tasks without shared words).
    """
    programs: list[str] = []
    actions: list[str] = []
    for step in steps:
        if step.kind != "shell" or not step.detail:
            continue
        program, _, sub = step.detail.partition(" ")
        program = _slug(re.sub(r"\.(py|sh|js|ts|rb)$", "", program))
        if program in _GENERIC_PROGRAMS:
            action = _slug(" ".join(w for w in sub.split() if w != "run"))
            if action and action not in actions:
                actions.append(action)
        elif program and program not in programs:
            programs.append(program)
    programs = [p for p in programs if p not in _CHECKS] or programs[:1]
    words = programs[:2]
    actions = [] if programs else actions[-2:]
    said = words + [w for a in actions for w in a.split("-")]  # a topic word repeating these adds nothing
    topic = [w for w in _topic(tasks) if not _same(w, said)][:2]
    if not topic:
        roles = [_ROLE_WORDS.get(s.detail, "") for s in steps if s.kind == "file"]
        topic = [r for r in dict.fromkeys(roles) if r and not _same(r, words)][:2]
    words += topic
    if actions:
        words.append("-and-".join(actions))
    name = "-".join(w for w in words if w)
    if len(name) > _MAX_NAME:
        name = name[:_MAX_NAME].rsplit("-", 1)[0]
    return re.sub(r"-{2,}", "-", name).strip("-")


def unique_name(name: str, taken: Collection[str]) -> str:
    """``name``, or ``name-2``, ``name-3`` … when another skill or suggestion already has it."""
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name}-{n}", n + 1
    return candidate


def skill_name(tools: Sequence[str]) -> str:
    """A name from step labels alone, ``a-then-b-flow``: the last resort when nothing says what they do."""
    parts = [re.sub(r"[^a-z0-9]+", "-", t.lower()).strip("-") for t in tools]
    name = "-then-".join(p for p in parts if p) or "workflow"
    name = re.sub(r"-{2,}", "-", name)
    if len(name) > 55:
        name = name[:55].rsplit("-", 1)[0]
    return f"{name}-flow".strip("-")


def render(wf: Workflow, taken: Collection[str] = ()) -> tuple[str, str, str]:
    """(name, description, SKILL.md text) for a workflow: its steps, failures and recoveries as the tasks ran them.

    The name is not one of ``taken`` (other suggestions, installed skills): a number is added if need be.
    """
    tasks = [t.task for t in wf.traces]
    name = unique_name(workflow_name(wf.steps, tasks) or skill_name(wf.tools), taken)
    shared = drafting.topic_words(tasks)
    phrases = [st.phrase(s) for s in wf.steps]
    steps = f"{', '.join(phrases[:-1])}, then {phrases[-1]}" if len(phrases) > 1 else "".join(phrases)
    example = scrub_text(wf.traces[0].task)[:120].replace("<", "").replace(">", "").replace('"', "'")
    # The steps are listed once; "Use when" names them only when the tasks share no topic to name instead.
    use = drafting.when_to_use(tasks, [] if shared else phrases)
    description = (
        f"The {len(wf.steps)}-step workflow: {steps}; learned from {wf.occurrences} tasks "
        f"({wf.success_rate:.0%} successful), for example '{example}'. {use}."
    )
    triggers: dict[str, Any] = {}
    plain = list(dict.fromkeys(s.tool for s in wf.steps if s.kind == "call"))
    if plain:
        triggers["tool_signals"] = plain
    triggers["confidence_threshold"] = 0.5
    words = [k for k in shared if k.isascii() and k.isalpha()]
    cjk = [k for k in shared if not k.isascii()]
    patterns = [r"\b(" + "|".join(re.escape(k) for k in words) + r")\b"] if words else []
    if cjk:
        patterns.append("(" + "|".join(re.escape(k) for k in cjk) + ")")  # no \b: CJK has no word breaks
    if patterns:
        triggers["intent_patterns"] = patterns
    meta = {
        "name": name,
        "description": description[:1000],
        "triggers": triggers,
        "priority": 5,
        "metadata": {
            "generated-by": "cairn-reflection",
            "occurrences": str(wf.occurrences),
            "success-rate": f"{wf.success_rate:.2f}",
        },
    }
    # Steps follow the workflow's own run in each task (with its failures), not each task's whole trace.
    title = name.replace("-", " ").capitalize()
    body, _ = drafting.draft_body(title, tasks, wf.runs(), wf.tools, wf.afterwards(), wf.beforehand())
    header = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000)
    return name, description, f"---\n{header}---\n\n{body}"


def lint_errors(name: str, skill_md: str) -> list[str]:
    """Lint the rendered file in a scratch folder named like the skill; error messages, if any."""
    with tempfile.TemporaryDirectory(prefix="cairn-suggest-") as tmp:
        folder = Path(tmp) / name
        folder.mkdir()
        (folder / "SKILL.md").write_text(skill_md, encoding="utf-8")
        return [f"{f.code} {f.message}" for f in lint_skill(folder) if f.severity is Severity.ERROR]


def write_user_skill(settings: ReflectionServerSettings, name: str, skill_md: str) -> Path:
    folder = user_scope(settings) / name
    if folder.exists():
        raise FileExistsError(f"{folder} already exists: a skill named {name!r} is installed in the user scope")
    folder.mkdir(parents=True)
    target = folder / "SKILL.md"
    target.write_text(skill_md, encoding="utf-8")
    return target
