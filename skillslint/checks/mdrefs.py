"""Where Markdown refers to files: the link targets and bare path mentions of one text, with positions.

Every Markdown link form is read: inline links and images (with or without a title, with an
`<angle bracket>` target), reference definitions (also inside block quotes; footnotes are not links),
and the `href`/`src` of raw HTML `<a>`, `<img>` and `<source>` tags. Links inside code (fenced or
indented blocks, code spans), HTML comments and escaped brackets show example syntax rather than real
references and are skipped. Bare mentions are paths under the spec's three folders
(`scripts/fill_form.py`) or written with a host placeholder (`{baseDir}/tools/run.sh`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from skillslint import hostpaths

# Most patterns below start with a literal so the regex engine can skip ahead to it;
# conditions before the literal (line start, word boundary) are checked in Python.
# The `](target "title")` half of [text](target) and ![alt](target); target may be <wrapped>.
_INLINE = re.compile(r"\]\(\s*(<[^>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)")
# A definition may sit in a block quote; a label starting with ^ is a footnote, whose "target" is prose.
_REFDEF = re.compile(r"^ {0,3}(?:> ?)*[ ]{0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\n?[ \t]*(<[^>\n]*>|\S+)", re.MULTILINE)
_HTML = re.compile(r"<(?:a|img|source)\b[^>]*?\s(?:href|src)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", re.IGNORECASE)
_FENCES = (re.compile(r"````*"), re.compile(r"~~~~*"))
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_MENTIONS = tuple(re.compile(folder + r"/[\w./-]*\.[A-Za-z0-9]+\b") for folder in ("scripts", "references", "assets"))
# A file named through a host placeholder (`{baseDir}/tools/run.sh`) is a path whatever its folder.
_HOST_MENTION = re.compile(r"(?:\$?\{\{?[\w ]{1,40}\}\}?|\$[A-Z][A-Z0-9_]{2,40})/[\w./-]*\.[A-Za-z0-9]+\b")
_MENTION_AFTER = re.compile(r"[\w/.~$-]")  # a mention glued to these is part of a longer path
# Wording that makes a bare mention hypothetical ("e.g. `scripts/rotate.py` would help").
_HYPOTHETICAL = re.compile(r"\b(?:examples?|for instance|such as|would|could|might)\b|\b(?:e\.g|i\.e)\.", re.IGNORECASE)


@dataclass(frozen=True)
class Ref:
    target: str
    line: int
    col: int
    mention: bool = False


def extract(text: str, first_line: int = 1, mentions: bool = False) -> list[Ref]:
    """Links (and optionally bare file mentions) in Markdown, with 1-based positions.

    Candidates come from whole-text regex scans and are then dropped when they sit in
    a fenced block or a code span; only lines holding a candidate are looked at.
    """
    fences = _code_ranges(text)
    fence_starts = [a for a, _ in fences]
    candidates: list[tuple[int, int, str, bool]] = []  # match start, target start, target, mention
    # `\[text\](x)` is escaped text, not a link.
    candidates += [
        (m.start(), m.start(1), m.group(1), False)
        for m in _INLINE.finditer(text)
        if not (m.start() and text[m.start() - 1] == "\\")
    ]
    if "]:" in text:
        candidates += [(m.start(), m.start(1), m.group(1), False) for m in _REFDEF.finditer(text)]
    if "<" in text:
        for m in _HTML.finditer(text):
            group = 1 if m.group(1) is not None else 2
            candidates.append((m.start(), m.start(group), m.group(group), False))
    if mentions:
        # A path that is already a link target is checked as a link, not again as a mention.
        targets = {start for _, start, _, _ in candidates}
        for pattern in (*_MENTIONS, _HOST_MENTION):
            for m in pattern.finditer(text):
                start = m.start()
                if pattern is _HOST_MENTION and hostpaths.split(m.group(0)) is None:
                    continue
                if start not in targets and not (start and _MENTION_AFTER.match(text, start - 1)):
                    candidates.append((start, start, m.group(0), True))
    candidates.sort()
    refs: list[Ref] = []
    line, counted_to = 0, 0
    for start, target_start, target, mention in candidates:
        i = bisect_right(fence_starts, start) - 1
        if i >= 0 and start < fences[i][1]:
            continue
        line += text.count("\n", counted_to, start)
        counted_to = start
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        row = text[line_start : line_end if line_end >= 0 else len(text)]
        span = _code_span_at(row, start - line_start)
        if mention:
            if _HYPOTHETICAL.search(row):
                continue
            # Inside a code span only a span that is exactly the path counts (`scripts/x.py`).
            if span is not None and span.strip("`").strip() != target:
                continue
        elif span is not None:
            continue
        refs.append(Ref(target, first_line + line, target_start - line_start + 1, mention))
    return refs


def _code_span_at(row: str, col: int) -> str | None:
    if "`" not in row:
        return None
    return next((m.group(0) for m in _CODE_SPAN.finditer(row) if m.start() <= col < m.end()), None)


def _code_ranges(text: str) -> list[tuple[int, int]]:
    """Sorted, non-overlapping [start, end) offsets of fenced and indented code blocks and HTML comments."""
    spans = sorted(_fence_ranges(text) + _indented_ranges(text) + [m.span() for m in _COMMENT.finditer(text)])
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _indented_ranges(text: str) -> list[tuple[int, int]]:
    """Indented code blocks: lines indented 4+ columns after a blank line, outside lists.

    Inside a list the same indentation continues a list item, so a block whose last unindented
    line is a list item (or is itself indented, as list paragraphs are) is left alone: a real
    link there is still checked.
    """
    ranges: list[tuple[int, int]] = []
    offset = 0
    blank_before = True
    anchor = ""  # the last non-blank line indented less than 4 columns
    block: tuple[int, int] | None = None
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        indented = body.startswith(("    ", "\t")) and body.strip() != ""
        if indented and (block is not None or blank_before) and not _in_list(anchor):
            block = (block[0] if block else offset, offset + len(line))
        elif body.strip():
            if block is not None:
                ranges.append(block)
                block = None
            anchor = body
        blank_before = not body.strip()
        offset += len(line)
    if block is not None:
        ranges.append(block)
    return ranges


def _in_list(anchor: str) -> bool:
    return bool(_LIST_ITEM.match(anchor)) or anchor.startswith((" ", "\t"))


def _fence_ranges(text: str) -> list[tuple[int, int]]:
    """[start, end) offsets of fenced code blocks; an unclosed fence runs to the end."""
    ranges: list[tuple[int, int]] = []
    opened: tuple[int, str] | None = None
    marks = sorted((m for fence in _FENCES for m in fence.finditer(text)), key=lambda m: m.start())
    for m in marks:
        line_start = text.rfind("\n", 0, m.start()) + 1
        if m.start() - line_start > 3 or text[line_start : m.start()].strip(" "):
            continue  # a fence opens a line, indented by at most three spaces
        marker = m.group(0)
        if opened is None:
            opened = (line_start, marker)
            continue
        eol = text.find("\n", m.end())
        eol = len(text) if eol < 0 else eol
        # A closing fence uses the same character, is at least as long, and has no info string.
        if marker[0] == opened[1][0] and len(marker) >= len(opened[1]) and not text[m.end() : eol].strip():
            ranges.append((opened[0], eol))
            opened = None
    if opened is not None:
        ranges.append((opened[0], len(text)))
    return ranges
