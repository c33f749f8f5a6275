"""A category and tags for a skill whose publisher gave none, read from its name, description and body.

Most published skills name no ``metadata.category`` or ``metadata.tags``, which left the category and tag
filters empty. Each category has a handful of telling words; a word found in the name counts four times,
in the description twice, in the first part of the body once, and the best-scoring category (at least
:data:`MIN_SCORE`) is chosen. The words found become the tags, most telling first. Chinese words are
matched as substrings (there are no spaces to find them by), the rest as whole words.
"""

from __future__ import annotations

import re
from functools import lru_cache

MIN_SCORE = 3
MAX_DERIVED_TAGS = 6
BODY_CHARS = 3000

# category → {word in the text: the tag it stands for}
TAXONOMY: dict[str, dict[str, str]] = {
    "documents": {
        "pdf": "pdf", "docx": "docx", "word document": "docx", "pptx": "pptx", "powerpoint": "pptx",
        "slides": "slides", "presentation": "slides", "xlsx": "xlsx", "spreadsheet": "spreadsheet",
        "excel": "xlsx", "document": "documents", "文档": "documents",
    },
    "security": {
        "security": "security", "vulnerability": "vulnerabilities", "vulnerabilities": "vulnerabilities",
        "fuzzing": "fuzzing", "fuzz": "fuzzing", "fuzzer": "fuzzing", "audit": "audit", "exploit": "security",
        "sanitizer": "sanitizers", "side-channel": "cryptography", "cryptographic": "cryptography",
        "smart contract": "smart-contracts", "smart contracts": "smart-contracts", "安全": "security",
    },
    "testing": {
        "test": "testing", "tests": "testing", "testing": "testing", "tdd": "tdd", "playwright": "playwright",
        "property-based": "property-based-testing", "coverage": "coverage", "测试": "testing",
    },
    "code-review": {
        "code review": "code-review", "review": "code-review", "reviews": "code-review", "pull request": "github",
        "代码审查": "code-review", "审查": "code-review",
    },
    "development": {
        "mcp": "mcp", "api": "api", "server": "server", "python": "python", "typescript": "typescript",
        "rust": "rust", "debugging": "debugging", "bug": "debugging", "git": "git", "github": "github",
        "ci": "ci", "plugin": "plugins", "hook": "hooks", "refactor": "refactoring", "code": "code",
        "implementation": "code", "编程": "code", "代码": "code",
    },
    "design": {
        "design": "design", "ui": "ui", "frontend": "frontend", "css": "css", "art": "art", "visual": "design",
        "brand": "branding", "theme": "themes", "canvas": "art", "gif": "images", "设计": "design",
    },
    "writing": {
        "writing": "writing", "documentation": "documentation", "communications": "communications",
        "comms": "communications", "co-authoring": "writing", "blog": "writing", "写作": "writing",
    },
    "planning": {
        "plan": "planning", "plans": "planning", "planning": "planning", "brainstorming": "brainstorming",
        "workflow": "workflow", "tasks": "tasks", "spec": "specs", "meeting": "meetings", "计划": "planning",
    },
    "research": {
        "research": "research", "investigate": "research", "sources": "research", "literature": "research",
        "调研": "research", "研究": "research",
    },
    "data": {
        "data": "data", "csv": "csv", "sql": "sql", "database": "databases", "analytics": "analytics",
        "chart": "charts", "数据": "data",
    },
    "agents": {
        "skill": "skills", "skills": "skills", "agent": "agents", "agents": "agents", "subagent": "agents",
        "subagents": "agents", "prompt": "prompts", "llm": "llm", "claude": "claude", "智能体": "agents",
    },
}  # fmt: skip


# Words every skill's description uses about itself or its job ("use this skill when…", "for Claude",
# "writing scripts", "when a task…") rather than naming its subject: they still count towards a category,
# but become a tag only when the skill's name says them (skill-creator → skills, writing-plans → writing).
# Measured on the 153 public corpus skills: before, "code" tagged 64, "skills" 32, "claude" 27.
WEAK_TAG_WORDS = frozenset(
    {
        "skill", "skills", "claude", "code", "implementation", "tasks", "writing", "test", "tests", "review",
        "reviews", "plan", "plans", "data", "document", "api", "server", "workflow", "agent", "agents", "prompt",
        "visual", "spec", "sources", "bug", "theme", "hook", "plugin", "ci", "design", "audit", "coverage",
        "art", "canvas", "investigate", "research", "brand", "ui", "git",
    }
)  # fmt: skip


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, str, re.Pattern[str], bool]]:
    out = []
    for category, words in TAXONOMY.items():
        for word, tag in words.items():
            if word.isascii():
                pattern = re.compile(r"(?<![a-z0-9])" + re.escape(word) + r"(?![a-z0-9])")
            else:
                pattern = re.compile(re.escape(word))
            out.append((category, tag, pattern, word in WEAK_TAG_WORDS))
    return out


def derive(name: str, description: str, body: str) -> tuple[str | None, list[str]]:
    """(category or None, tags) for a skill that declares neither."""
    fields = (
        (name.replace("-", " ").lower(), 4),
        (description.lower(), 2),
        (body[:BODY_CHARS].lower(), 1),
    )
    scores: dict[str, int] = {}
    tag_scores: dict[str, int] = {}
    for group, tag, pattern, weak in _patterns():
        score = sum(weight for text, weight in fields if pattern.search(text))
        if score:
            scores[group] = scores.get(group, 0) + score
            if weak and not pattern.search(fields[0][0]):
                continue
            tag_scores[tag] = max(tag_scores.get(tag, 0), score)
    order = list(TAXONOMY)
    best = min(scores, key=lambda c: (-scores[c], order.index(c)), default=None)
    chosen = best if best is not None and scores[best] >= MIN_SCORE else None
    # A tag needs more than a passing mention in the body: the name or the description must say it.
    tags = sorted((t for t, s in tag_scores.items() if s >= 2), key=lambda t: (-tag_scores[t], t))
    return chosen, tags[:MAX_DERIVED_TAGS]
