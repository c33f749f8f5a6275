"""Reading SKILL.md: encodings, frontmatter splitting, YAML positions and hostile YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillslint.frontmatter import load, parse

SKILL = Path("x/SKILL.md")


def codes(text: str) -> list[str]:
    return [f.code for f in parse(SKILL, text).findings]


def test_valid_frontmatter_parses_with_positions() -> None:
    doc = parse(SKILL, "---\nname: demo\ndescription: Use when testing.\nmetadata:\n  owner: me\n---\n# Body\n")
    assert doc.frontmatter == {
        "name": "demo",
        "description": "Use when testing.",
        "metadata": {"owner": "me"},
    }
    assert doc.key_pos("description") == (3, 1)
    assert doc.value_pos("description") == (3, 14)
    assert doc.value_pos("metadata", "owner") == (5, 10)
    assert doc.body_line == 7
    assert doc.body == "# Body\n"


def test_flow_lists_and_maps_are_plain_yaml() -> None:
    doc = parse(SKILL, "---\nname: demo\ndescription: d\nallowed-tools: [Read, Grep]\nmetadata: {a: b}\n---\n")
    assert doc.findings == ()
    assert doc.frontmatter is not None
    assert doc.frontmatter["allowed-tools"] == ["Read", "Grep"]


def test_crlf_line_endings_are_accepted() -> None:
    doc = parse(SKILL, "---\r\nname: demo\r\ndescription: d\r\n---\r\nBody\r\n")
    assert doc.findings == ()
    assert doc.frontmatter == {"name": "demo", "description": "d"}


def test_bom_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_bytes(b"\xef\xbb\xbf---\nname: demo\ndescription: d\n---\n")
    doc = load(path)
    assert doc.findings == ()
    assert doc.frontmatter == {"name": "demo", "description": "d"}


def test_non_utf8_is_a_finding_at_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_bytes(b"---\nname: demo\ndescription: caf\xe9\n---\n")
    (finding,) = load(path).findings
    assert (finding.code, finding.line, finding.col) == ("SR003", 3, 17)
    assert "0xe9" in finding.message


def test_unreadable_file_is_a_finding(tmp_path: Path) -> None:
    (finding,) = load(tmp_path / "missing" / "SKILL.md").findings
    assert finding.code == "SR002"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("# no frontmatter\n", "SR004"),
        ("", "SR004"),
        ("---\nname: demo\n", "SR005"),
        ("---\nname: [unclosed\n---\n", "SR006"),
        ("---\nname: demo\n---\n---\n", None),  # a later `---` is body text (a thematic break)
        ("---\n- a\n---\n", "SR007"),
        ("---\njust a string\n---\n", "SR007"),
        ("---\nname: a\nname: b\n---\n", "SR009"),
        ("---\nname: !!python/object:os.system x\n---\n", "SR006"),
    ],
)
def test_structural_problems(text: str, code: str | None) -> None:
    assert codes(text) == ([code] if code else [])


def test_invalid_yaml_points_at_the_problem() -> None:
    (finding,) = parse(SKILL, "---\nname: demo\ndescription: a: b\n---\n").findings
    assert (finding.line, finding.col) == (3, 15)


def test_empty_frontmatter_is_an_empty_mapping() -> None:
    doc = parse(SKILL, "---\n---\nbody\n")
    assert doc.frontmatter == {}
    assert doc.findings == ()


def test_duplicate_keys_are_found_in_nested_mappings() -> None:
    (finding,) = parse(SKILL, "---\nname: d\nmetadata:\n  a: 1\n  a: 2\n---\n").findings
    assert (finding.code, finding.line) == ("SR009", 5)


def test_billion_laughs_is_refused_without_expanding() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{cur}: &{cur} [" + ",".join(f"*{prev}" for _ in range(9)) + "]")
    doc = parse(SKILL, "---\n" + "\n".join(lines) + "\n---\n")
    assert [f.code for f in doc.findings] == ["SR008"]
    assert doc.frontmatter is None


def test_small_alias_use_is_fine() -> None:
    doc = parse(SKILL, "---\nname: d\ndescription: d\nx: &x [1, 2]\ny: *x\n---\n")
    assert doc.findings == ()


def test_recursive_alias_is_refused() -> None:
    assert codes("---\na: &a [1, *a]\n---\n") == ["SR008"]


def test_deep_nesting_is_refused() -> None:
    assert codes("---\nx: " + "[" * 60 + "]" * 60 + "\n---\n") == ["SR008"]
    assert codes("---\nx: " + "[" * 5000 + "]" * 5000 + "\n---\n") == ["SR008"]


def test_value_pos_falls_back_to_parent_then_file_start() -> None:
    doc = parse(SKILL, "---\nname: d\nmetadata:\n  a: b\n---\n")
    assert doc.value_pos("metadata", "missing") == (4, 3)
    assert doc.value_pos("nothing") == (1, 1)
