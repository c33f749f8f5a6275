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
