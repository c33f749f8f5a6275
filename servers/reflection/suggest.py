"""Skill suggestions (000 §4.2.6): a repeated workflow rendered as a SKILL.md that passes the linter.

Existing skills are read from their folders (system, user and project scopes), not through the skills
server: a sequence whose tools an existing skill already lists in ``triggers.tool_signals``, or names in
its body in the same order, is not suggested again. An accepted suggestion is written to the user scope,
``$CAIRN_HOME/skills/user/<name>/SKILL.md``, where the skills server loads user skills.
"""

from __future__ import annotations

import logging
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import frontmatter
import yaml

from servers.reflection import drafting
from servers.reflection.patterns import Workflow
from servers.reflection.scrub import scrub_text
from servers.settings import CairnSettings
from skillslint import Severity, lint_skill

log = logging.getLogger(__name__)

_REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class KnownSkill:
    name: str
    path: Path
    tool_signals: frozenset[str]
    body: str


def skill_roots(settings: CairnSettings) -> list[Path]:
    """Project folders first, then the user scope, then the built-in skills."""
    cfg = getattr(settings, "skills", None)  # the skills server's settings, when that server is installed
    roots = [Path(p) for p in getattr(cfg, "paths", [])]
    roots.append(user_scope(settings))
    if getattr(cfg, "include_system", True):
        system = getattr(cfg, "system_path", None)
        candidates = [Path(system)] if system else [_REPO / "skills", _REPO / "servers" / "_bundled" / "skills"]
        roots.extend(c for c in candidates if c.is_dir())
    return roots


def user_scope(settings: CairnSettings) -> Path:
    return settings.home / "skills" / "user"


def known_skills(settings: CairnSettings) -> list[KnownSkill]:
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


def covered_by(tools: tuple[str, ...], skills: list[KnownSkill]) -> str | None:
    for skill in skills:
        if skill.tool_signals and set(tools) <= skill.tool_signals:
            return skill.name
        position = 0
        for tool in tools:
            found = re.search(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", skill.body[position:])
            if not found:
                break
            position += found.end()
        else:
            return skill.name
    return None


def skill_name(tools: tuple[str, ...]) -> str:
    parts = [re.sub(r"[^a-z0-9]+", "-", t.lower()).strip("-") for t in tools]
    name = "-then-".join(p for p in parts if p) or "workflow"
    name = re.sub(r"-{2,}", "-", name)
    if len(name) > 55:
        name = name[:55].rsplit("-", 1)[0]
    return f"{name}-flow".strip("-")


def render(wf: Workflow) -> tuple[str, str, str]:
    """(name, description, SKILL.md text) for a workflow: its steps, failures and recoveries as the tasks ran them."""
    name = skill_name(wf.tools)
    tasks = [t.task for t in wf.traces]
    common = [k for k in drafting.topic_words(tasks) if k.isascii() and k.isalpha()]
    chain = " → ".join(wf.tools)
    example = scrub_text(wf.traces[0].task)[:120].replace("<", "").replace(">", "").replace('"', "'")
    description = (
        f"Runs the {len(wf.tools)}-step workflow {chain}, learned from {wf.occurrences} tasks "
        f"({wf.success_rate:.0%} successful), for example '{example}'. "
        f"{drafting.when_to_use(tasks, wf.tools)}."
    )
    triggers: dict[str, Any] = {"tool_signals": list(wf.tools), "confidence_threshold": 0.5}
    if common:
        triggers["intent_patterns"] = [r"\b(" + "|".join(re.escape(k) for k in common) + r")\b"]
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
    # Steps follow the workflow's own sequence (the run the tasks share), not each task's whole trace.
    runs = [_within(t.steps, wf.tools) for t in wf.traces]
    body, _ = drafting.draft_body(" then ".join(wf.tools), tasks, runs)
    header = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000)
    return name, description, f"---\n{header}---\n\n{body}"


def _within(steps: list[dict[str, Any]], tools: tuple[str, ...]) -> list[dict[str, Any]]:
    """The steps of one trace that belong to the workflow's tools (other tools of that task left out)."""
    wanted = set(tools)
    return [s for s in steps if s["tool"] in wanted] or steps


def lint_errors(name: str, skill_md: str) -> list[str]:
    """Lint the rendered file in a scratch folder named like the skill; error messages, if any."""
    with tempfile.TemporaryDirectory(prefix="cairn-suggest-") as tmp:
        folder = Path(tmp) / name
        folder.mkdir()
        (folder / "SKILL.md").write_text(skill_md, encoding="utf-8")
        return [f"{f.code} {f.message}" for f in lint_skill(folder) if f.severity is Severity.ERROR]


def write_user_skill(settings: CairnSettings, name: str, skill_md: str) -> Path:
    folder = user_scope(settings) / name
    if folder.exists():
        raise FileExistsError(f"{folder} already exists: a skill named {name!r} is installed in the user scope")
    folder.mkdir(parents=True)
    target = folder / "SKILL.md"
    target.write_text(skill_md, encoding="utf-8")
    return target
