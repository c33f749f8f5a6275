"""Text replacement with six matching strategies, tried in order until one matches once.

| # | strategy                | finds ``old`` when the model…                                      |
|---|-------------------------|--------------------------------------------------------------------|
| 1 | ``simple``              | copied it exactly                                                   |
| 2 | ``escape_normalized``   | wrote ``\\n``/``\\t``/``\\"`` escapes instead of the characters      |
| 3 | ``line_trimmed``        | got leading/trailing spaces of lines wrong                          |
| 4 | ``indentation_flexible``| kept relative indentation but shifted the whole block               |
| 5 | ``whitespace_normalized``| collapsed or expanded runs of whitespace inside lines              |
| 6 | ``block_anchor``        | got the first and last lines right and the middle nearly right      |

A strategy yields candidate substrings that really occur in the file; the first strategy whose candidates
occur exactly once in total wins (with ``replace_all``, the first strategy that finds anything replaces every
occurrence). Several places and no strategy singling one out is an error asking for more context.
Strategies 3-6 move ``new`` to the matched block's indentation while keeping the nesting written inside
``new`` (see :func:`reindent`), and 2 unescapes ``new`` the same way it unescaped ``old``.
Text here is LF-only: callers convert CRLF files before and after (see :func:`to_lf`).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from servers.nodehost.errors import InputError

# Block-anchor similarity of the middle lines (normalised Levenshtein, 0..1). opencode accepts any single
# candidate (0.0); we ask for half the text to agree, and with several candidates for a clear winner.
ANCHOR_MIN_SIMILARITY = 0.5
ANCHOR_MARGIN = 0.1


# --- the six strategies -----------------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def _windows(content: str, size: int) -> Iterator[tuple[int, str]]:
    lines = content.split("\n")
    for i in range(len(lines) - size + 1):
        yield i, "\n".join(lines[i : i + size])


def simple(content: str, find: str) -> Iterator[str]:
    yield find


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "'": "'", '"': '"', "`": "`", "\\": "\\", "\n": "\n", "$": "$"}
_ESCAPE_RE = re.compile(r"\\([ntr'\"`\\\n$])")


def unescape(text: str) -> str:
    return _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group(1)], text)


def escape_normalized(content: str, find: str) -> Iterator[str]:
    plain = unescape(find)
    if plain != find:
        yield plain
    # The file may hold the escapes literally (a string literal) while the model sent real characters; such a
    # block spans fewer lines than the model's text, so every window size up to its line count is tried.
    for size in range(1, len(plain.split("\n")) + 1):
        for _, block in _windows(content, size):
            if block != plain and unescape(block) == plain:
                yield block


def line_trimmed(content: str, find: str) -> Iterator[str]:
    wanted = [line.strip() for line in _lines(find)]
    for _, block in _windows(content, len(wanted)):
        if [line.strip() for line in block.split("\n")] == wanted:
            yield block


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def common_indent(lines: Sequence[str]) -> str:
    indents = [_indent(line) for line in lines if line.strip()]
    if not indents:
        return ""
    prefix = indents[0]
    for ind in indents[1:]:
        while not ind.startswith(prefix):
            prefix = prefix[:-1]
    return prefix


def _dedent(lines: Sequence[str]) -> list[str]:
    cut = len(common_indent(lines))
    return [line[cut:] if line.strip() else "" for line in lines]


def indentation_flexible(content: str, find: str) -> Iterator[str]:
    wanted = _dedent([line.rstrip() for line in _lines(find)])
    for _, block in _windows(content, len(wanted)):
        if _dedent([line.rstrip() for line in block.split("\n")]) == wanted:
            yield block


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def whitespace_normalized(content: str, find: str) -> Iterator[str]:
    wanted = _squash(find)
    if not wanted:
        return
    find_lines = _lines(find)
    if len(find_lines) == 1:
        pattern = re.compile(r"\s+".join(re.escape(word) for word in find.split()))
        for line in content.split("\n"):
            if _squash(line) == wanted:
                yield line
            elif wanted in _squash(line):
                match = pattern.search(line)
                if match:
                    yield match.group(0)
        return
    for _, block in _windows(content, len(find_lines)):
        if _squash(block) == wanted:
            yield block


def block_anchor(content: str, find: str) -> Iterator[str]:
    find_lines = _lines(find)
    if len(find_lines) < 3:
        return
    first, last = find_lines[0].strip(), find_lines[-1].strip()
    middle = "\n".join(line.strip() for line in find_lines[1:-1])
    lines = content.split("\n")
    scored: list[tuple[float, str]] = []
    for i, line in enumerate(lines):
        if line.strip() != first:
            continue
        for j in range(i + 2, len(lines)):
            if lines[j].strip() == last:
                block_middle = "\n".join(x.strip() for x in lines[i + 1 : j])
                score = Levenshtein.normalized_similarity(middle, block_middle)
                scored.append((score, "\n".join(lines[i : j + 1])))
                break
    scored.sort(key=lambda pair: -pair[0])
    if not scored or scored[0][0] < ANCHOR_MIN_SIMILARITY:
        return
    if len(scored) > 1 and scored[0][0] - scored[1][0] < ANCHOR_MARGIN:
        return  # two blocks look alike: refuse to pick one
    yield scored[0][1]


# --- adapting ``new`` to how ``old`` was matched ------------------------------------------------------------


def _same(new: str, find: str, found: str) -> str:
    return new


def _unescape_new(new: str, find: str, found: str) -> str:
    # The model escaped old the same way it escaped new; the file holds real characters.
    return unescape(new) if unescape(find) == found else new


def _unit(rels: Sequence[str]) -> tuple[str, int] | None:
    """The indentation step of a block: one character kind and the gcd of its widths, or None if unknowable."""
    widths = [rel for rel in rels if rel]
    kinds = {char for rel in widths for char in rel}
    if len(kinds) != 1:
        return None
    return kinds.pop(), math.gcd(*(len(rel) for rel in widths))


def _relative(lines: Sequence[str], base: str) -> list[str]:
    return [_indent(line)[len(base) :] for line in lines if line.strip()]


def reindent(new: str, find: str, found: str) -> str:
    """Move ``new`` to where the matched block sits, keeping the indentation the model wrote inside ``new``.

    ``new`` is measured from the base indentation of ``find`` (or from its own when some line sits shallower
    than that), and the matched block's base indentation replaces that base. Nesting inside ``new`` is kept as
    written: a model that copied ``old`` sloppily at 2 spaces but wrote ``new`` at the file's 4 meant 4.
    Only when ``new`` steps in the same unit as ``find`` and the file steps in another (2 spaces in both of
    the model's texts, 4 in the file) are the levels converted, since then the model wrote both in its own
    style rather than the file's.
    """
    find_lines, block_lines, new_lines = _lines(find), _lines(found), new.split("\n")
    block_base, find_base = common_indent(block_lines), common_indent(find_lines)
    nonblank = [line for line in new_lines if line.strip()]
    anchor = find_base if all(line.startswith(find_base) for line in nonblank) else common_indent(new_lines)
    find_unit = _unit(_relative(find_lines, find_base))
    block_unit = _unit(_relative(block_lines, block_base))
    new_unit = _unit(_relative(new_lines, anchor))
    convert = find_unit is not None and block_unit is not None and new_unit == find_unit != block_unit

    def shift(indent: str) -> str:
        rel = indent[len(anchor) :]
        if convert and find_unit is not None and block_unit is not None:
            deep = len(rel) - len(rel.lstrip(find_unit[0]))
            levels, rest = divmod(deep, find_unit[1])
            rel = block_unit[0] * (levels * block_unit[1]) + find_unit[0] * rest + rel[deep:]
        return block_base + rel

    return "\n".join(shift(_indent(line)) + line.lstrip() if line.strip() else line for line in new_lines)


@dataclass(frozen=True)
class Strategy:
    name: str
    candidates: Callable[[str, str], Iterator[str]]
    adapt: Callable[[str, str, str], str] = _same


STRATEGIES: tuple[Strategy, ...] = (
    Strategy("simple", simple),
    Strategy("escape_normalized", escape_normalized, _unescape_new),
    Strategy("line_trimmed", line_trimmed, reindent),
    Strategy("indentation_flexible", indentation_flexible, reindent),
    Strategy("whitespace_normalized", whitespace_normalized, reindent),
    Strategy("block_anchor", block_anchor, reindent),
)


@dataclass(frozen=True)
class Replacement:
    content: str
    strategy: str
    count: int


def replace(content: str, old: str, new: str, *, replace_all: bool = False) -> Replacement:
    """Replace ``old`` with ``new`` in ``content`` (LF text) using the first strategy that matches once.

    A strategy that finds several places does not decide: a later one may single one of them out (e.g.
    indentation-flexible among line-trimmed matches); if none does, the error asks for more context.
    """
    if old == "":
        raise InputError("old is empty: use fs_write to create or overwrite a file")
    if old == new:
        raise InputError("old and new are identical: there is nothing to change")
    ambiguous: list[str] = []
    for strategy in STRATEGIES:
        found = list(dict.fromkeys(c for c in strategy.candidates(content, old) if c and c in content))
        if not found:
            continue
        places = sum(content.count(candidate) for candidate in found)
        if replace_all:
            for candidate in found:
                content = content.replace(candidate, strategy.adapt(new, old, candidate))
            return Replacement(content, strategy.name, places)
        if places > 1:
            ambiguous.append(f"{strategy.name}: {places} places")
            continue
        at = content.find(found[0])
        replacement = strategy.adapt(new, old, found[0])
        return Replacement(content[:at] + replacement + content[at + len(found[0]) :], strategy.name, 1)
    if ambiguous:
        raise InputError(
            f"old matches more than one place ({'; '.join(ambiguous)}): include more surrounding lines so it is "
            "unique, or set replace_all to change every occurrence"
        )
    raise InputError(
        "old was not found in the file (tried exact, escape-normalized, line-trimmed, indentation-flexible, "
        "whitespace-normalized and block-anchor matching): read the file again with fs_read and copy the text"
    )


# --- line endings and diffs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decoded:
    text: str  # LF only, no BOM
    crlf: bool
    bom: bool

    def encode(self, text: str) -> bytes:
        out = text.replace("\n", "\r\n") if self.crlf else text
        return (("\ufeff" if self.bom else "") + out).encode("utf-8")


def to_lf(data: bytes) -> Decoded:
    """Decode UTF-8 and remember the line ending style (CRLF when most line ends are CRLF) and any BOM."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"the file is not UTF-8 text (byte {exc.start}): fs_edit only edits UTF-8 files") from None
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    crlf = text.count("\r\n") * 2 > text.count("\n")
    return Decoded(text.replace("\r\n", "\n"), crlf, bom)


def normalize_input(text: str) -> str:
    """``old``/``new`` as the model sent them, with CRLF folded to LF like the file text."""
    return text.replace("\r\n", "\n")


@dataclass(frozen=True)
class Diff:
    text: str
    additions: int
    deletions: int


def unified_diff(before: str, after: str, name: str) -> Diff:
    lines = list(
        difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{name}", f"b/{name}", n=3
        )
    )
    adds = sum(1 for line in lines if line.startswith("+") and not line.startswith("+++"))
    dels = sum(1 for line in lines if line.startswith("-") and not line.startswith("---"))
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
    return Diff(text, adds, dels)
