"""What the registry lists about a skill, read from its SKILL.md frontmatter.

The Agent Skills spec keeps free-form data under ``metadata`` (string values), so the registry reads
``metadata.version``, ``metadata.category`` and ``metadata.tags`` (comma-separated) from there, and
accepts the same keys at the top level, where some authors put them. A skill that names no category or
tags gets them from its text (:mod:`registry.classify`), so the filters work for every skill.
"""

from __future__ import annotations

import json
import re
from typing import Any

from registry.classify import derive

MAX_TAGS = 10
_TAG = re.compile(r"[^a-z0-9+#.\-\u3400-\u9fff]+")


def _field(frontmatter: dict[str, Any], key: str) -> Any:
    meta = frontmatter.get("metadata")
    if isinstance(meta, dict) and meta.get(key) not in (None, ""):
        return meta[key]
    return frontmatter.get(key)


def declared_version(frontmatter: dict[str, Any]) -> str | None:
    value = _field(frontmatter, "version")
    return str(value).strip() if value not in (None, "") else None


def category(frontmatter: dict[str, Any]) -> str | None:
    value = _field(frontmatter, "category")
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip().lower()[:40]


def tags(frontmatter: dict[str, Any]) -> list[str]:
    value = _field(frontmatter, "tags")
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    out: list[str] = []
    for item in items:
        tag = _TAG.sub("-", str(item).strip().lower()).strip("-")[:30]
        if tag and tag not in out:
            out.append(tag)
    return out[:MAX_TAGS]


def compatibility(frontmatter: dict[str, Any]) -> str | None:
    value = frontmatter.get("compatibility")
    return str(value).strip()[:500] if value not in (None, "") else None


def trigger_words(frontmatter: dict[str, Any]) -> str:
    """Words from Cairn trigger hints (keywords, intent patterns without regex syntax): often the only
    place a skill names its task in another language, so search indexes them beside the tags."""
    triggers = frontmatter.get("triggers")
    if not isinstance(triggers, dict):
        return ""
    parts: list[str] = []
    signals = triggers.get("context_signals")
    if isinstance(signals, dict) and isinstance(signals.get("keywords"), list):
        parts += [str(k) for k in signals["keywords"]]
    patterns = triggers.get("intent_patterns")
    if isinstance(patterns, list):
        parts += [re.sub(r"\\[bBdDwWsS]|[\\^$.*+?()\[\]{}|]", " ", str(p)) for p in patterns]
    return " ".join(parts)[:5000]


def listing(frontmatter: dict[str, Any], name: str, body: str) -> tuple[str | None, list[str]]:
    """The category and tags search filters on: the publisher's, else read from the skill's text."""
    chosen_category, chosen_tags = category(frontmatter), tags(frontmatter)
    if chosen_category is None or not chosen_tags:
        derived_category, derived_tags = derive(name, str(frontmatter.get("description", "")), body)
        chosen_category = chosen_category or derived_category
        chosen_tags = chosen_tags or derived_tags
    return chosen_category, chosen_tags


def listing_fields(frontmatter: dict[str, Any], name: str = "", body: str = "") -> dict[str, Any]:
    chosen_category, chosen_tags = listing(frontmatter, name, body)
    return {
        "description": str(frontmatter.get("description", "")).strip(),
        "category": chosen_category,
        "tags": json.dumps(chosen_tags),
        "compatibility": compatibility(frontmatter),
    }
