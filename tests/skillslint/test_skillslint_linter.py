"""Every check against committed fixtures: `clean/` must be silent, each `broken/` skill
must raise exactly its own codes (so a check that starts firing elsewhere shows up)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from lintkit import FIXTURES, MakeSkill

from skillslint import lint_paths, lint_skill, validate
from skillslint.codes import CHECKS

BROKEN = FIXTURES / "broken"
LONG_NAME = "a" * 65

# folder under fixtures/broken -> the exact codes its findings carry
EXPECTED: dict[str, set[str]] = {
    "no-frontmatter": {"SR004"},
    "unclosed-frontmatter": {"SR005"},
    "invalid-yaml": {"SR006"},
    "not-a-mapping": {"SR007"},
    "yaml-bomb": {"SR008"},
    "duplicate-key": {"SR009"},
    "lowercase-file": {"SR010"},
    "missing-name": {"SR101"},
    "name-type": {"SR102"},
    LONG_NAME: {"SR103"},
    "Upper-Case": {"SR104"},
    "double--hyphen": {"SR105"},
    "folder-mismatch": {"SR106"},
    "missing-description": {"SR111"},
    "description-type": {"SR112"},
    "description-long": {"SR113"},
    "description-angle": {"SR114"},
    "compatibility-empty": {"SR121"},
    "metadata-list": {"SR122"},
    "metadata-nested": {"SR123"},
    "metadata-number": {"SR124"},
    "allowed-tools-map": {"SR125"},
    "allowed-tools-list": {"SR126"},
    "allowed-tools-commas": {"SR127"},
    "license-type": {"SR128"},
    "unknown-key": {"SR201"},
    "host-key-type": {"SR202"},
    "cairn-schema": {"SR203"},
    "intent-regex": {"SR204"},
    "chain-unknown": {"SR205"},
    "chain-input": {"SR206"},
    "foreign-extension": {"SR207"},
    "broken-link": {"SR301"},
    "link-escapes": {"SR302"},
    "deep-reference": {"SR303"},
    "long-body": {"SR304"},
    "many-tokens": {"SR305"},
    "description-when": {"SR306"},
    "description-title": {"SR307"},
    "script-not-executable": {"SR308"},
    "nested-skill": {"SR310"},
    "empty-body": {"SR313"},
    "missing-mentioned-file": {"SR314"},
}


@pytest.fixture(scope="module")
def broken_codes() -> dict[str, set[str]]:
    report = lint_paths([BROKEN])
    found: dict[str, set[str]] = defaultdict(set)
    for finding in report.findings:
        found[finding.path.relative_to(BROKEN).parts[0]].add(finding.code)
    return found


def test_clean_fixtures_have_no_findings_at_all() -> None:
    report = lint_paths([FIXTURES / "clean"])
    assert len(report.skills) == 3
    assert report.findings == ()


@pytest.mark.parametrize("folder", sorted(EXPECTED))
def test_broken_fixture_raises_exactly_its_codes(folder: str, broken_codes: dict[str, set[str]]) -> None:
    assert broken_codes.get(folder, set()) == EXPECTED[folder]


def test_every_broken_fixture_is_in_the_table() -> None:
    assert {p.name for p in BROKEN.iterdir()} == set(EXPECTED)


def test_every_code_has_a_positive_case_somewhere() -> None:
    # Codes without a committed fixture need bytes, modes or sizes that git and secret
    # scanners handle badly; they are built in tmp_path by the module tests instead.
    built_elsewhere = {"SR001", "SR002", "SR003", "SR309", "SR311", "SR312", "SR401", "SR402", "SR403"}
    covered = set().union(*EXPECTED.values()) | built_elsewhere
    assert covered == set(CHECKS)


def test_lint_reports_every_problem_not_only_the_first(make_skill: MakeSkill) -> None:
    folder = make_skill("Bad_Skill", frontmatter="name: Bad_Skill\ndescription: <b>x</b>\nlicense: 3\n")
    codes = sorted(f.code for f in lint_skill(folder))
    assert codes == ["SR104", "SR114", "SR128", "SR307"]


def test_validate_runs_only_spec_families(make_skill: MakeSkill) -> None:
    folder = make_skill("demo", frontmatter="name: demo\ndescription: Chart Maker\ntags: x\n", body="[x](missing.md)\n")
    assert [f.code for f in validate(folder)] == []
    assert {f.code for f in lint_skill(folder)} == {"SR201", "SR301", "SR307"}


def test_select_and_ignore_take_codes_and_prefixes() -> None:
    only_names = lint_paths([BROKEN], select=["SR10"])
    assert {f.code for f in only_names.findings} <= {f"SR10{i}" for i in range(10)}
    no_spec = lint_paths([BROKEN], ignore=["SR0", "SR1"])
    assert not any(f.code.startswith(("SR0", "SR1")) for f in no_spec.findings)
    with pytest.raises(ValueError, match="unknown check code 'SR999'"):
        lint_paths([BROKEN], select=["SR999"])


def test_findings_are_sorted_and_skill_reports_partition_them() -> None:
    report = lint_paths([BROKEN])
    assert list(report.findings) == sorted(report.findings)
    assert sum(len(s.findings) for s in report.skills) == len(report.findings)


def test_duplicate_names_in_one_skills_folder(make_skill: MakeSkill, tmp_path: Path) -> None:
    root = tmp_path / "skills"
    make_skill("alpha", parent=root)
    make_skill("alpha-copy", frontmatter="name: alpha\ndescription: Use when copying.\n", parent=root)
    codes = [f.code for f in lint_paths([root]).findings]
    assert sorted(codes) == ["SR106", "SR311"]


def test_same_name_in_two_plugins_is_not_a_duplicate(make_skill: MakeSkill, tmp_path: Path) -> None:
    for plugin in ("discord", "telegram"):
        make_skill("access", parent=tmp_path / "plugins" / plugin / "skills")
    assert lint_paths([tmp_path]).findings == ()


def test_chain_resolves_against_the_whole_linted_tree(tmp_path: Path, make_skill: MakeSkill) -> None:
    make_skill("first")
    make_skill("second", frontmatter="name: second\ndescription: Use when chaining.\nchain:\n  - skill: first\n")
    assert lint_paths([tmp_path]).findings == ()
    alone = lint_paths([tmp_path / "second"])
    assert [f.code for f in alone.findings] == ["SR205"]


def test_path_without_any_skill_is_sr001(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    report = lint_paths([tmp_path / "empty"])
    assert [(f.code, f.path) for f in report.findings] == [("SR001", tmp_path / "empty")]
    assert report.exit_code() == 1


def test_same_skill_given_twice_is_linted_once(make_skill: MakeSkill) -> None:
    folder = make_skill("demo")
    report = lint_paths([folder, folder / "SKILL.md", folder.parent])
    assert len(report.skills) == 1
    assert report.findings == ()


def test_every_markdown_link_form_is_checked_and_code_or_prose_is_not() -> None:
    findings = lint_skill(FIXTURES / "link-forms" / "every-form")
    broken = sorted(f.message.split("'")[1] for f in findings if f.code == "SR301")
    # a … x: inline links and images (titles, angle brackets), reference definitions (also quoted), raw HTML.
    expected = [f"missing-{c}.md" for c in "abcdfijmnopqrstx"] + [f"missing-{c}.png" for c in "ghlw"]
    expected += ["missing e.md", "missing k.md", "missing u.md", "./missing-v.md"]
    assert broken == sorted(expected)
    for phrase in ("prose", "escaped", "code", "fenced", "indented", "comment", "tools/missing"):
        assert not any(phrase in f.message for f in findings), phrase


def test_indented_lines_inside_a_list_are_not_mistaken_for_code(make_skill: MakeSkill) -> None:
    body = "- step one\n\n    continue with [the guide](missing-guide.md)\n"
    folder = make_skill("listed", frontmatter="name: listed\ndescription: Lists. Use when testing.\n", body=body)
    assert [f.code for f in lint_skill(folder) if f.code.startswith("SR3")] == ["SR301"]


def test_a_footnote_is_not_a_link(make_skill: MakeSkill) -> None:
    body = "Claim.[^1]\n\n[^1]: Source text, not a path.\n"
    folder = make_skill("noted", frontmatter="name: noted\ndescription: Notes. Use when testing.\n", body=body)
    assert not [f for f in lint_skill(folder) if f.code.startswith("SR30")]


def test_a_link_to_a_sibling_skill_is_a_warning(tmp_path: Path, make_skill: MakeSkill) -> None:
    make_skill("incident-response", parent=tmp_path)
    folder = make_skill(
        "on-call",
        parent=tmp_path,
        frontmatter="name: on-call\ndescription: Paging. Use when on call.\n",
        body="Then follow [incident response](../incident-response/SKILL.md) and [gone](../gone/SKILL.md).\n",
    )
    found = [f for f in lint_skill(folder) if f.code in ("SR301", "SR302")]
    assert [(f.code, f.severity.value) for f in found] == [("SR302", "warning"), ("SR302", "warning")]
    assert "does not exist" not in found[0].message and "does not exist" in found[1].message


def test_validate_fails_a_name_that_differs_from_its_folder_and_lint_warns(make_skill: MakeSkill) -> None:
    folder = make_skill("folder-x", frontmatter="name: other-name\ndescription: Things. Use when testing.\n")
    assert [(f.code, f.severity.value) for f in validate(folder)] == [("SR106", "error")]
    assert [(f.code, f.severity.value) for f in lint_skill(folder) if f.code == "SR106"] == [("SR106", "warning")]


def test_a_triggers_list_of_phrases_is_another_convention_not_an_error(make_skill: MakeSkill) -> None:
    fm = "name: phrased\ndescription: Things. Use when testing.\ntriggers:\n  - deploy the app\n  - ship it\n"
    assert [f.code for f in lint_skill(make_skill("phrased", frontmatter=fm)) if f.code.startswith("SR2")] == []
    fm = "name: typed\ndescription: Things. Use when testing.\ntriggers:\n  intent_patterns: deploy\n"
    assert [f.code for f in lint_skill(make_skill("typed", frontmatter=fm)) if f.code.startswith("SR2")] == ["SR203"]
