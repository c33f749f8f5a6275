"""Token counts for budgets: a CJK-aware estimate, or a real tokenizer when one is on disk.

| text                       | tiers (chars/token)      | this estimate            | Anthropic tokenizer |
|----------------------------|--------------------------|--------------------------|---------------------|
| 107 chars of English       | 4.0 → 27                 | 27                       | 21                  |
| 35 chars of Chinese        | 2.0 → 18                 | 33 (one per CJK char)    | 34                  |
| 62 chars mixed             | 3.0 → 21                 | 23                       | 21                  |

Fixed tiers by language (4 chars per token for English, 3 mixed, 2 for Chinese) give the idea kept here,
counting CJK apart from the rest, but not the 2 chars per Chinese token: measured against the tokenizer
litellm ships, that undercounts Chinese by half, and an undercount is what breaks a budget. One token per
CJK character and four characters per token for everything else slightly overcounts English and matches
Chinese. The skills server budgets with the same rule, so a skill body costs the same here as in ``match_skills``.

Stdlib only: the hook client imports this module and must start in milliseconds.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from pathlib import Path

# CJK ideographs, kana and hangul: scripts whose tokenizers spend about one token per character.
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+")

Counter = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    """Tokens ``text`` costs: one per CJK character, one per four other characters (rounded up)."""
    if not text:
        return 0
    cjk = sum(len(run) for run in _CJK_RUN.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def cut_to_tokens(text: str, max_tokens: int, count: Counter = estimate_tokens) -> str:
    """The longest prefix of ``text`` within ``max_tokens``, cut at a line or word break when one is near."""
    if count(text) <= max_tokens:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count(text[:mid]) <= max_tokens:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    for sep in ("\n", " "):
        at = cut.rfind(sep)
        if at > lo * 2 // 3:
            return cut[:at].rstrip()
    return cut


def _litellm_tokenizer_file() -> Path | None:
    # litellm bundles the Anthropic tokenizer as JSON; find it without importing litellm (9 s).
    import importlib.util

    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils/tokenizers/anthropic_tokenizer.json"
    return path if path.is_file() else None


def token_counter(kind: str | None = None) -> tuple[Counter, str]:
    """(count function, its name). ``kind``: "estimate" (default) or "anthropic" (needs ``tokenizers``).

    The real tokenizer costs about 0.4 s to load, so only long-lived processes (the hook daemon, the
    context server) should ask for it; any failure falls back to the estimate and says so in the name.
    """
    kind = kind or os.environ.get("CAIRN_HOOKS__TOKENIZER") or "estimate"
    if kind != "anthropic":
        return estimate_tokens, "estimate"
    try:
        from tokenizers import Tokenizer

        path = _litellm_tokenizer_file()
        if path is None:
            return estimate_tokens, "estimate (no anthropic tokenizer file found)"
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as exc:  # optional dependency: never let it break a budget calculation
        return estimate_tokens, f"estimate ({type(exc).__name__}: {exc})"

    def count(text: str) -> int:
        return len(tokenizer.encode(text, add_special_tokens=False).ids) if text else 0

    return count, "anthropic"
