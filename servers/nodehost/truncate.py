"""Output truncation: a byte budget, a cap on line length, and a note that says how to page.

| limit                 | default  | what happens                                                    |
|-----------------------|----------|-----------------------------------------------------------------|
| ``max_bytes``         | 50 KiB   | whole lines are kept until the budget is spent, then a note     |
| ``max_line_chars``    | 2,000    | a longer line is cut and ends in ``...``                        |
| ``limit``             | 2,000    | lines per page (fs_read, system_output)                         |

Budgets count UTF-8 bytes, never split a character, and the notes name the next offset to ask for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_OUTPUT_BYTES = 50 * 1024
MAX_LINE_CHARS = 2000
DEFAULT_READ_LIMIT = 2000
ELLIPSIS = "..."


def truncate_bytes(text: str, max_bytes: int) -> tuple[str, int]:
    """At most ``max_bytes`` of UTF-8, cut on a character boundary; returns the text and the bytes dropped."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text, 0
    # errors="ignore" drops the partial multi-byte sequence the cut may leave at the end.
    kept = data[:max_bytes].decode("utf-8", errors="ignore")
    return kept, len(data) - len(kept.encode("utf-8"))


def cut_line(line: str, max_chars: int) -> str:
    return line if len(line) <= max_chars else line[:max_chars] + ELLIPSIS


@dataclass(frozen=True)
class Page:
    """One page of lines: ``text`` is what the caller sees, ``note`` (if any) is already appended to it."""

    text: str
    first_line: int
    last_line: int
    total_lines: int
    truncated: bool
    note: str

    @property
    def next_offset(self) -> int | None:
        return self.last_line + 1 if self.last_line < self.total_lines else None


def page_lines(
    lines: Sequence[str],
    *,
    offset: int = 1,
    limit: int = DEFAULT_READ_LIMIT,
    max_bytes: int = MAX_OUTPUT_BYTES,
    max_line_chars: int = MAX_LINE_CHARS,
    numbered: bool = True,
    how_to_page: str = "Use offset={next}",
    what: str = "File",
) -> Page:
    """Lines ``offset`` (1-based) .. ``offset+limit-1``, each cut to ``max_line_chars``, within ``max_bytes``.

    ``how_to_page`` names the way on, with ``{next}`` standing for the next line number.
    The note: ``(Output truncated at N bytes. …)`` when the budget ran out,
    ``(File has more lines. …)`` when the limit did, ``(End of file - total N lines)`` otherwise.
    """
    total = len(lines)
    start = max(offset, 1)
    out: list[str] = []
    used = 0
    last = start - 1
    by_bytes = False
    for number in range(start, min(total, start + limit - 1) + 1):
        line = cut_line(lines[number - 1], max_line_chars)
        rendered = f"{number:>6}\t{line}" if numbered else line
        size = len(rendered.encode("utf-8")) + 1
        if used + size > max_bytes:
            by_bytes = True
            if not out:
                # A single line larger than the whole budget: show what fits rather than nothing.
                rendered, _ = truncate_bytes(rendered, max_bytes)
                out.append(rendered + ELLIPSIS)
                last = number
            break
        out.append(rendered)
        used += size
        last = number
    if start > total and total > 0:
        note = f"({what} has only {total} lines; offset {start} is past the end)"
    elif by_bytes and last < total:
        how = how_to_page.format(next=last + 1)
        note = f"(Output truncated at {max_bytes} bytes. {how} to read beyond line {last})"
    elif last < total:
        note = f"({what} has more lines. {how_to_page.format(next=last + 1)} to read beyond line {last})"
    else:
        note = f"(End of {what.lower()} - total {total} lines)"
    body = "\n".join(out)
    return Page(
        text=f"{body}\n\n{note}" if body else note,
        first_line=start,
        last_line=last,
        total_lines=total,
        truncated=last < total,
        note=note,
    )


def split_lines(text: str) -> list[str]:
    """Lines without their endings (``\\r\\n`` included); a final newline does not add an empty line.

    Only ``\\n`` ends a line, as in editors and grep (``str.splitlines`` would also split on form feeds).
    """
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
