"""The six matching strategies of text replacement, ambiguity, line endings and diffs."""

from __future__ import annotations

import pytest

from servers.nodehost.edit import replace, to_lf, unified_diff
from servers.nodehost.errors import InputError

PY = """def total(items):
    result = 0
    for item in items:
        result += item.price
    return result


def other():
    return 1
"""


def test_simple_exact_match() -> None:
    done = replace(PY, "return 1", "return 2")
    assert done.strategy == "simple" and "return 2" in done.content


def test_escape_normalized_unescapes_old_and_new() -> None:
    # The model sent "\\n" and "\\t" escapes instead of real newlines.
    old = "for item in items:\\n        result += item.price"
    new = "for item in items:\\n        result += item.price * item.qty"
    done = replace(PY, old, new)
    assert done.strategy == "escape_normalized"
    assert "        result += item.price * item.qty\n" in done.content and "\\n" not in done.content


def test_escape_normalized_matches_literal_escapes_in_the_file() -> None:
    content = 'msg = "line one\\nline two"\n'
    done = replace(content, 'msg = "line one\nline two"', 'msg = "changed"')
    assert done.strategy == "escape_normalized" and done.content == 'msg = "changed"\n'


def test_line_trimmed_ignores_surrounding_spaces_and_reindents_new() -> None:
    old = "for item in items:   \n    result += item.price"  # wrong indentation and trailing spaces
    new = "for item in items:\n    result += item.cost"
    done = replace(PY, old, new)
    assert done.strategy == "line_trimmed"
    assert "    for item in items:\n        result += item.cost\n" in done.content


def test_line_trimmed_reindents_a_dedented_block() -> None:
    content = "class A:\n    def f(self):\n        if x:\n            y()\n        z()\n"
    done = replace(content, "if x:\n    y()\nz()", "if x:\n    y(1)\nz()")
    assert done.strategy == "line_trimmed"
    assert "        if x:\n            y(1)\n        z()\n" in done.content


def test_indentation_flexible_is_used_when_line_trimmed_is_ambiguous() -> None:
    content = "x:\n    y\n\nx:\ny\n"
    done = replace(content, "  x:\n      y", "  x:\n      z")
    assert done.strategy == "indentation_flexible"
    assert done.content == "x:\n    z\n\nx:\ny\n"


def test_whitespace_normalized_collapses_runs_inside_lines() -> None:
    content = "value  =   compute( a,   b )\n"
    done = replace(content, "value = compute( a, b )", "value = compute(a, b, c)")
    assert done.strategy == "whitespace_normalized" and done.content == "value = compute(a, b, c)\n"
    # A fragment inside a longer line is found via a whitespace-tolerant pattern.
    done = replace("x = foo(  1,\t2 ) + bar\n", "foo( 1, 2 )", "foo(3)")
    assert done.content == "x = foo(3) + bar\n"


def test_block_anchor_accepts_a_nearly_right_middle() -> None:
    old = "def total(items):\n    result = 0\n    for item in item:\n        result += item.prices\n    return result"
    done = replace(PY, old, "def total(items):\n    return sum(i.price for i in items)")
    assert done.strategy == "block_anchor"
    assert done.content.startswith("def total(items):\n    return sum(i.price for i in items)\n\n\ndef other")


def test_block_anchor_refuses_a_dissimilar_middle() -> None:
    old = "def total(items):\n    completely different body here\n    nothing alike at all\n    return result"
    with pytest.raises(InputError, match="not found"):
        replace(PY, old, "x")


def test_ambiguous_match_asks_for_context_and_replace_all_changes_every_one() -> None:
    content = "a = 1\nb = 1\n"
    with pytest.raises(InputError, match="more than one place"):
        replace(content, "= 1", "= 2")
    done = replace(content, "= 1", "= 2", replace_all=True)
    assert done.content == "a = 2\nb = 2\n" and done.count == 2


def test_missing_empty_and_identical_are_errors() -> None:
    with pytest.raises(InputError, match="not found"):
        replace(PY, "nowhere to be seen", "x")
    with pytest.raises(InputError, match="empty"):
        replace(PY, "", "x")
    with pytest.raises(InputError, match="identical"):
        replace(PY, "return 1", "return 1")


def test_crlf_and_bom_are_kept() -> None:
    decoded = to_lf(b"\xef\xbb\xbfone\r\ntwo\r\n")
    assert decoded.crlf and decoded.bom and decoded.text == "one\ntwo\n"
    assert decoded.encode("one\n2\n") == b"\xef\xbb\xbfone\r\n2\r\n"
    assert not to_lf(b"a\nb\n").crlf
    with pytest.raises(InputError, match="not UTF-8"):
        to_lf(b"\xff\xfe\x00")


def test_unified_diff_counts_lines() -> None:
    diff = unified_diff("a\nb\nc\n", "a\nB\nc\nd\n", "f.txt")
    assert diff.text.startswith("--- a/f.txt\n+++ b/f.txt\n")
    assert (diff.additions, diff.deletions) == (2, 1)
    assert "\\ No newline" in unified_diff("a", "b", "x").text


def test_reindent_scales_deeper_levels_the_model_added() -> None:
    content = "def f():\n    if a:\n        b()\n"
    old = "def f():\n  if a:\n    b()"
    new = "def f():\n  if a:\n    b()\n    if c:\n      d()"
    done = replace(content, old, new)
    assert done.strategy == "line_trimmed"
    assert done.content == "def f():\n    if a:\n        b()\n        if c:\n            d()\n"


def test_new_written_in_the_files_indentation_is_kept_when_old_was_sloppy() -> None:
    # Issue #21: old copied at 2 spaces, new written at the file's 4; the result used to be 8 spaces.
    content = "def f():\n    if a:\n        b()\n"
    done = replace(content, "def f():\n  if a:\n    b()", "def f():\n    if a:\n        b(1)\n        c()")
    assert done.strategy == "line_trimmed"
    assert done.content == "def f():\n    if a:\n        b(1)\n        c()\n"


def test_nesting_written_in_new_is_kept_under_the_blocks_base_indentation() -> None:
    # old has no nesting to learn a unit from; new's own nesting (2 spaces, a YAML file) is kept as written.
    content = "jobs:\n  build:\n    steps: []\n"
    done = replace(content, "steps: []  ", "steps:\n  - run: make\n  - run: test")
    assert done.strategy == "line_trimmed"
    assert done.content == "jobs:\n  build:\n    steps:\n      - run: make\n      - run: test\n"


def test_new_dedented_below_old_is_anchored_at_the_blocks_base() -> None:
    # Unwrapping an if: new is shallower than old's base, so its own base lands where the block started.
    content = "class A:\n    def f(self):\n        if x:\n            y()\n"
    done = replace(content, "    if x:\n        y()", "y()")
    assert done.strategy == "line_trimmed"
    assert done.content == "class A:\n    def f(self):\n        y()\n"


def test_block_anchor_and_whitespace_normalized_also_move_new_to_the_block() -> None:
    content = "class A:\n    def f(self):\n        a = 1\n        b = 2\n        return a\n"
    old = "def f(self):\n    a = 1\n    b =  3\n    return a"  # middle line nearly right, base indent wrong
    done = replace(content, old, "def f(self):\n    return 3")
    assert done.strategy == "block_anchor"
    assert done.content == "class A:\n    def f(self):\n        return 3\n"
    tabbed = "if x:\n\tcall( a,  b )\n\tdone()\n"
    done = replace(tabbed, "call( a, b )\ndone()", "call(a, b)\nif y:\n\tdone()")
    assert done.strategy == "whitespace_normalized"
    assert done.content == "if x:\n\tcall(a, b)\n\tif y:\n\t\tdone()\n"
