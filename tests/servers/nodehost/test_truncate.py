"""Output truncation: UTF-8-safe byte budget, 2,000-char lines, notes that say how to page."""

from __future__ import annotations

from servers.nodehost.truncate import page_lines, split_lines, truncate_bytes


def test_byte_truncation_never_splits_a_character() -> None:
    text = "é" * 10  # 2 bytes each
    kept, dropped = truncate_bytes(text, 7)
    assert kept == "ééé" and dropped == 14
    assert truncate_bytes("short", 50) == ("short", 0)
    kept, _ = truncate_bytes("日本語", 4)  # 3 bytes each: a partial second character is dropped
    assert kept == "日"


def test_long_lines_are_cut_with_a_marker() -> None:
    page = page_lines(["x" * 2500, "short"], max_line_chars=2000)
    first = page.text.split("\n")[0]
    assert first == "     1\t" + "x" * 2000 + "..."
    assert page.note == "(End of file - total 2 lines)"


def test_byte_budget_stops_at_whole_lines_and_names_the_next_offset() -> None:
    lines = [f"line {i:04d} " + "y" * 90 for i in range(1, 1001)]  # ~108 bytes a rendered line
    page = page_lines(lines, max_bytes=50 * 1024)
    assert page.truncated and page.last_line < 1000
    assert len(page.text.encode()) <= 50 * 1024 + 200
    assert page.note == (
        f"(Output truncated at 51200 bytes. Use offset={page.last_line + 1} to read beyond line {page.last_line})"
    )
    following = page_lines(lines, offset=page.next_offset or 0, max_bytes=50 * 1024)
    assert following.first_line == page.last_line + 1
    assert following.text.split("\n")[0].startswith(f"{page.last_line + 1:>6}\tline {page.last_line + 1:04d}")


def test_limit_note_and_end_of_file_note() -> None:
    lines = [str(i) for i in range(10)]
    page = page_lines(lines, limit=4)
    assert page.note == "(File has more lines. Use offset=5 to read beyond line 4)" and page.next_offset == 5
    last = page_lines(lines, offset=9)
    assert last.note == "(End of file - total 10 lines)" and last.next_offset is None
    past = page_lines(lines, offset=50)
    assert "only 10 lines" in past.note


def test_one_line_larger_than_the_budget_still_shows_something() -> None:
    page = page_lines(["z" * 5000], max_bytes=1024, max_line_chars=10_000, numbered=False)
    assert page.text.startswith("z" * 1000) and page.last_line == 1


def test_custom_paging_hint() -> None:
    page = page_lines(["a", "b", "c"], limit=1, how_to_page="Use system_output(run_id='r1', offset={next})")
    assert "Use system_output(run_id='r1', offset=2) to read beyond line 1" in page.note


def test_split_lines_handles_crlf_and_final_newline_only() -> None:
    assert split_lines("a\r\nb\nc\n") == ["a", "b", "c"]
    assert split_lines("a\x0cb") == ["a\x0cb"]
    assert split_lines("") == []
