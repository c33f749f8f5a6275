"""Feedback and effect: stats, the match multiplier, adoption and when to ask.

| rule                | value                                                                                  |
|---------------------|----------------------------------------------------------------------------------------|
| helpful rate        | (helpful + ½ partially) / rated; partial answers count half                            |
| multiplier          | ≥ 5 activations: rate > 0.8 → × 1.2; rate < 0.3 with ≥ 3 not_helpful → × 0.6; else × 1 |
| adoption            | the reply uses the skill (its commands/code or its vocabulary) and later messages do   |
|                     | not say the problem persists; both kinds of evidence feed one confidence               |
| ask for feedback    | on the 2nd-3rd message after the skill was used, once per skill per session, and only  |
|                     | when it was activated with confidence > 0.8 (manual activations count as certain)     |
"""

from __future__ import annotations

import re
from collections import Counter

from servers.skills.models import AdoptionSignal, SkillStats
from servers.skills.text import terms

MIN_ACTIVATIONS = 5
BOOST, PENALTY = 1.2, 0.6
FEEDBACK_WINDOW = (2, 3)
FEEDBACK_MIN_SCORE = 0.8

_SOLVED = re.compile(
    r"\b(thanks?|thank you|works?( now)?|worked|fixed|solved|perfect|great|that did it|lgtm)\b"
    r"|谢谢|多谢|成功了|可以了|解决了|好了|搞定|有用",
    re.IGNORECASE,
)
_PERSISTS = re.compile(
    r"\b(still (fails?|failing|broken|wrong|not)|doesn'?t work|didn'?t work|not working|same error|no luck|wrong)\b"
    r"|还是(报错|不行|失败|错)|不行|没用|没有用|不对",
    re.IGNORECASE,
)
_INLINE_CODE = re.compile(r"`([^`\n]{4,80})`")
_FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)


def stats(name: str, counts: dict[str, int]) -> SkillStats:
    auto, manual, chain = counts.get("auto", 0), counts.get("manual", 0), counts.get("chain", 0)
    helpful, partial, unhelpful = (
        counts.get("helpful", 0),
        counts.get("partially_helpful", 0),
        counts.get("not_helpful", 0),
    )
    rated = helpful + partial + unhelpful
    rate = (helpful + 0.5 * partial) / rated if rated else 0.0
    reported = counts.get("reported", 0)
    total = auto + manual + chain
    return SkillStats(
        name=name,
        total_activations=total,
        auto_activations=auto,
        manual_activations=manual,
        chain_activations=chain,
        helpful=helpful,
        partially_helpful=partial,
        not_helpful=unhelpful,
        helpful_rate=round(rate, 4),
        adopted=counts.get("adopted", 0),
        adoption_rate=round(counts.get("adopted", 0) / reported, 4) if reported else 0.0,
        multiplier=multiplier(total, rate, unhelpful, rated),
    )


def multiplier(total: int, helpful_rate: float, not_helpful: int, rated: int) -> float:
    """No change below 5 activations (too few to judge); reward a high helpful rate, punish a low one."""
    if total < MIN_ACTIVATIONS or rated == 0:
        return 1.0
    if helpful_rate > 0.8:
        return BOOST
    if helpful_rate < 0.3 and not_helpful >= 3:
        return PENALTY
    return 1.0


def code_snippets(body: str) -> list[str]:
    """Commands and code the skill tells the agent to use: inline spans and fenced lines."""
    found = [m.strip() for m in _INLINE_CODE.findall(body)]
    for block in _FENCE.findall(body):
        found += [ln.strip() for ln in block.splitlines() if len(ln.strip()) >= 6 and not ln.strip().startswith("#")]
    return [s for s in dict.fromkeys(found) if re.search(r"[A-Za-z]{3}", s)]


def salient_terms(body: str, limit: int = 25) -> list[str]:
    counts = Counter(t for t in terms(body) if len(t) > 3 or not t.isascii())
    return [t for t, _ in counts.most_common(limit)]


def detect_adoption(body: str, reply: str, later: list[str]) -> tuple[bool, float, list[AdoptionSignal]]:
    """Was the skill used? Returns (adopted, confidence 0-1, the evidence)."""
    signals: list[AdoptionSignal] = []
    reply_low = reply.lower()
    used = [s for s in code_snippets(body) if s.lower() in reply_low]
    if used:
        conf = min(0.9, 0.5 + 0.2 * len(used))
        signals.append(AdoptionSignal(type="code_pattern", confidence=conf, evidence=", ".join(used[:3])))
    key = salient_terms(body)
    reply_terms = set(terms(reply))
    shared = [t for t in key if t in reply_terms]
    if key and shared:
        ratio = len(shared) / min(len(key), 15)
        signals.append(
            AdoptionSignal(type="keyword_match", confidence=round(min(1.0, ratio), 3), evidence=", ".join(shared[:8]))
        )
    outcome = 0.15  # nobody said anything either way
    for message in later:
        if _PERSISTS.search(message):
            signals.append(AdoptionSignal(type="problem_persists", confidence=0.8, evidence=message[:120]))
            outcome = -1.0
            break
        if _SOLVED.search(message):
            signals.append(AdoptionSignal(type="problem_solved", confidence=0.8, evidence=message[:120]))
            outcome = 0.4
            break
    usage = max((s.confidence for s in signals if s.type in ("code_pattern", "keyword_match")), default=0.0)
    if outcome < 0:
        return False, round(min(1.0, 0.6 * usage), 3), signals
    confidence = round(min(1.0, 0.6 * usage + outcome), 3)
    # Usage and outcome must both point to adoption: either alone gives too many false positives.
    return usage >= 0.4 and confidence >= 0.5, confidence, signals


def should_ask_feedback(messages_since: int, score: float | None) -> bool:
    lo, hi = FEEDBACK_WINDOW
    return lo <= messages_since <= hi and (score is None or score > FEEDBACK_MIN_SCORE)


def feedback_question(name: str) -> str:
    return (
        f"Did the '{name}' skill help with this? Answer helpful, partially helpful or not helpful "
        f"(the assistant records it with skill_feedback)."
    )
