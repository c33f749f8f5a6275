"""Rule-based mutation proposals: changes that alter what an agent following the text would do.

A skill's frontmatter (name, priority, triggers, max_tokens, …) is bookkeeping for the matcher and the
loader; the agent never reads it as an instruction, so changing it cannot change how a task is carried out
and an A/B test of such a change measures noise. Proposals therefore only touch the body: a number the
instructions use as a limit or threshold (type A), the order of two adjacent steps (B), or an added step
(D). Each proposal states the behaviour it expects to change, so the A/B result can be read against it.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from servers.reflection.models import MutationType

METACOGNITIVE_STEP = "Before starting, list what you do not know yet about the task and find it out first."

_FRONTMATTER = re.compile(r"\A---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_STEP = re.compile(r"^(\s*)(\d+)\.\s+(.*)$")
# A number, or a range "3-6", standing alone (not part of a word, a version, a list marker or an identifier).
_NUMBER = re.compile(r"(?<![\w.$#§/])(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+))?(%?)(?![\w]|\.\w)")
# Words before a number that make it a limit or threshold the agent applies.
_LIMIT_BEFORE = re.compile(
    r"(?:\btop|\bfirst|\blast|\bat most|\bup to|\bmax(?:imum)?|\bno more than|\blimit(?: of| to)?|\bat least|"
    r"\bmin(?:imum)?|\bwithin|\bunder|\bover|\babove|\bbelow|\bretry|\bthreshold(?: of)?|\bcap(?: of| at)?|"
    r"[≥≤<>]=?)\s*$",
    re.IGNORECASE,
)
# Words before a number that make it a reference (a step, a section, a version), not a parameter.
_REFERENCE_BEFORE = re.compile(r"(?:\bstep|\bsection|\bchapter|\bversion|\bpage|\bline|\bphase|\bpart|\bv)\s*$", re.I)
# Words before a number that make it evidence of what happened ("learned from 4 tasks", "2 of 3 tasks"):
# a record of past runs, which the agent does not act on, so changing it changes nothing it does.
_EVIDENCE_BEFORE = re.compile(
    r"(?:\blearned from|\bseen in|\bobserved in|\bran|\brecovered|\bsucceeded in|\d\s+of|\bout of)\s*$", re.I
)
# After a number, a noun makes it a count ("5 results"); these words do not.
_NOT_A_NOUN = frozenset(
    "a an and are as at below above by for from in is it of on or than that the then to was were with".split()
)
_THRESHOLD_WORDS = re.compile(r"threshold|confidence|score|similarity|probability|ratio|rate|[≥≤<>]", re.IGNORECASE)
_MASK = re.compile(r"`[^`\n]*`|https?://\S+|\[[^\]\n]*\]\([^)\n]*\)")


@dataclass(frozen=True)
class Proposal:
    type: MutationType
    variant: str
    rationale: str
    expected_change: str


def split_frontmatter(text: str) -> tuple[str, str]:
    """(frontmatter including its fences, body); the first part is empty for a plain rule text."""
    found = _FRONTMATTER.match(text)
    return (found.group(0), text[found.end() :]) if found else ("", text)


def changes_behaviour(original: str, variant: str) -> bool:
    """Whether the variant differs from the original in what the agent reads as instructions."""

    def body(text: str) -> str:
        return " ".join(split_frontmatter(text)[1].split())

    return body(original) != body(variant)


def _masked_lines(body: str) -> list[tuple[int, str]]:
    """(offset, line) of the body lines that hold instructions: no headings, no fenced code; inline code,
    links and URLs are blanked out (same length, so offsets stay valid)."""
    out: list[tuple[int, str]] = []
    offset, fenced = 0, False
    for line in body.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and not stripped.startswith("#"):
            out.append((offset, _MASK.sub(lambda m: " " * len(m.group(0)), line.rstrip("\n"))))
        offset += len(line)
    return out


def _clause(line: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause around [start, end): between the nearest punctuation marks on the line."""
    left = max((line.rfind(p, 0, start) for p in ",;:.()"), default=-1) + 1
    rights = [i for i in (line.find(p, end) for p in ",;:()") if i != -1]
    dot = re.search(r"\.(?:\s|$)", line[end:])
    if dot:
        rights.append(end + dot.start())
    return left, min(rights, default=len(line))


def _smaller(n: int) -> int:
    return max(1, round(n * 0.6))


def _parameter_tweaks(text: str) -> list[Proposal]:
    front, body = split_frontmatter(text)
    out: list[Proposal] = []
    for offset, line in _masked_lines(body):
        for found in _NUMBER.finditer(line):
            before, after = line[: found.start()], line[found.end() :]
            value, upper, percent = found.group(1), found.group(2), found.group(3)
            next_word = re.match(r"\s*([^\W\d_]+)", after)
            is_limit = bool(_LIMIT_BEFORE.search(before))
            is_count = bool(next_word) and next_word is not None and next_word.group(1).lower() not in _NOT_A_NOUN
            evidence = not is_limit and bool(_EVIDENCE_BEFORE.search(before))
            if _REFERENCE_BEFORE.search(before) or evidence or not (is_limit or is_count or percent):
                continue
            if "." in value:  # a fractional threshold: lower the bar a little
                old_value = float(value)
                if not 0 < old_value < 1 or not _THRESHOLD_WORDS.search(line):
                    continue
                new_text = f"{max(0.05, old_value - 0.1):.2f}".rstrip("0")
                span, kind = (found.start(1), found.end(1)), "threshold"
            elif percent:
                old_pct = int(value)
                if not 10 < old_pct <= 100:
                    continue
                new_text, span, kind = str(old_pct - 10), (found.start(1), found.end(1)), "threshold"
            elif upper is not None:  # a range: narrow its upper end
                low, high = int(value), int(upper)
                new_high = max(low, _smaller(high))
                if new_high == high:
                    continue
                new_text, span, kind = str(new_high), (found.start(2), found.end(2)), "limit"
            else:
                n = int(value)
                if n < 2 or 1900 <= n <= 2100:  # 1 cannot shrink; a year is a date, not a parameter
                    continue
                new_text, span, kind = str(_smaller(n)), (found.start(1), found.end(1)), "limit"
            new_line = line[: span[0]] + new_text + line[span[1] :]
            left, right = _clause(line, span[0], span[1])
            shift = len(new_text) - (span[1] - span[0])
            old_clause = line[left:right].strip().lstrip("-*• ")
            new_clause = new_line[left : right + shift].strip().lstrip("-*• ")
            start = offset + span[0]
            variant = front + body[:start] + new_text + body[offset + span[1] :]
            if kind == "threshold":
                rationale = "the bar may be stricter than the task needs; a lower one may succeed as often"
                expected = (
                    f"the agent applies “{new_clause}” instead of “{old_clause}”: cases between the two values, "
                    "rejected now, are accepted"
                )
            else:
                rationale = "the limit may be larger than the task needs; a smaller one may do as well at lower cost"
                expected = (
                    f"the agent follows “{new_clause}” instead of “{old_clause}”: less work per use; the test shows "
                    "whether what is dropped mattered"
                )
            out.append(Proposal("A", variant, rationale, expected))
    return out


def _swap_steps(text: str) -> Proposal | None:
    front, body = split_frontmatter(text)
    lines = body.split("\n")
    steps = [i for i, line in enumerate(lines) if _STEP.match(line)]
    for a, b in itertools.pairwise(steps):
        ma, mb = _STEP.match(lines[a]), _STEP.match(lines[b])
        assert ma and mb
        if b != a + 1 or ma.group(1) != mb.group(1):
            continue
        lines[a] = f"{ma.group(1)}{ma.group(2)}. {mb.group(3)}"
        lines[b] = f"{mb.group(1)}{mb.group(2)}. {ma.group(3)}"
        expected = f"the agent does “{mb.group(3).strip()}” before “{ma.group(3).strip()}”"
        why = "the second step may not depend on the first; doing it first may save time"
        return Proposal("B", front + "\n".join(lines), why, expected)
    return None


def rule_based_proposals(text: str) -> list[Proposal]:
    """Every rule-based proposal for ``text`` (a rule's strategy or a whole SKILL.md), lowest risk first."""
    out = _parameter_tweaks(text)
    if (swapped := _swap_steps(text)) is not None:
        out.append(swapped)
    out.append(
        Proposal(
            "D",
            f"{text.rstrip()}\n\n{METACOGNITIVE_STEP}",
            "naming unknowns early prevents late rework",
            "the agent lists what it does not know and looks it up before starting the work",
        )
    )
    return out


def describe_change(original: str, variant: str) -> str:
    """What a variant from elsewhere (the model, a person) changes, for mutations that did not say."""
    old_lines = split_frontmatter(original)[1].strip().splitlines()
    new_lines = split_frontmatter(variant)[1].strip().splitlines()
    removed = [line.strip() for line in old_lines if line not in new_lines and line.strip()]
    added = [line.strip() for line in new_lines if line not in old_lines and line.strip()]
    parts = []
    if added:
        parts.append(f"the agent now reads “{added[0][:160]}”")
    if removed:
        parts.append(f"instead of “{removed[0][:160]}”")
    if not parts:
        return "the agent reads the same steps in another order"
    extra = len(added) + len(removed) - (1 if added else 0) - (1 if removed else 0)
    return " ".join(parts) + (f" (and {extra} more changed lines)" if extra > 0 else "")
