"""Host placeholders (`{baseDir}/…`, `${CLAUDE_SKILL_DIR}/…`, `${CLAUDE_PLUGIN_ROOT}/…`) read as the skill's own
files, by the mapping alone and by `skills-ref lint` on real folders; and links in reference files that are
written from the skill root."""

from __future__ import annotations

from pathlib import Path

import pytest
from lintkit import CORPUS, MakeSkill

from skillslint import lint_skill
from skillslint.hostpaths import HostPath, in_skill, split


@pytest.mark.parametrize(
    ("written", "placeholder", "plugin", "rest"),
    [
        ("{baseDir}/references/a.md", "{baseDir}", False, "references/a.md"),
        ("{basedir}/a.md", "{basedir}", False, "a.md"),
        ("{{ baseDir }}/a.md", "{{ baseDir }}", False, "a.md"),
        ("${CLAUDE_SKILL_DIR}/jobs/scan.md", "${CLAUDE_SKILL_DIR}", False, "jobs/scan.md"),
        ("$CLAUDE_SKILL_DIR/a.md", "$CLAUDE_SKILL_DIR", False, "a.md"),
        ("${SKILL_DIR}/a.md", "${SKILL_DIR}", False, "a.md"),
        ("{baseDir}", "{baseDir}", False, ""),
        ("${CLAUDE_PLUGIN_ROOT}/scripts/x.py", "${CLAUDE_PLUGIN_ROOT}", True, "scripts/x.py"),
        ("$CLAUDE_PLUGIN_ROOT/scripts/x.py", "$CLAUDE_PLUGIN_ROOT", True, "scripts/x.py"),
        ("${RUST_REVIEW_PLUGIN_ROOT}/scripts/x.py", "${RUST_REVIEW_PLUGIN_ROOT}", True, "scripts/x.py"),
    ],
)
def test_placeholders_are_recognised(written: str, placeholder: str, plugin: bool, rest: str) -> None:
    assert split(written) == HostPath(placeholder, plugin, rest)


@pytest.mark.parametrize(
    "written", ["references/a.md", "{output_dir}/a.md", "$OUTPUT_DIR/a.md", "{baseDir}x/a.md", "${HOME}/a.md"]
)
def test_other_variables_are_not_the_skill_folder(written: str) -> None:
    assert split(written) is None


@pytest.mark.parametrize(
    ("written", "owned", "meant"),
    [
        ("{baseDir}/references/../a.md", set(), "a.md"),
        ("{baseDir}", set(), "."),
        ("${CLAUDE_PLUGIN_ROOT}/skills/demo/references/a.md", set(), "references/a.md"),
        ("${CLAUDE_PLUGIN_ROOT}/skills/other/guide.md", set(), "../other/guide.md"),
        ("${CLAUDE_PLUGIN_ROOT}/scripts/x.py", {"scripts/x.py"}, "scripts/x.py"),
        ("${CLAUDE_PLUGIN_ROOT}/scripts/x.py", set(), "../../scripts/x.py"),
    ],
)
def test_paths_map_into_the_skill_folder(written: str, owned: set[str], meant: str) -> None:
    host = split(written)
    assert host is not None
    assert in_skill(host, "demo", owned.__contains__) == meant


def findings(folder: Path) -> list[tuple[str, str, str]]:
    return [(f.code, f.path.name, f.message) for f in lint_skill(folder) if f.code.startswith("SR3")]


def test_lint_resolves_placeholder_links_and_mentions(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body=(
            "Read [the guide]({baseDir}/references/guide.md#setup) and [jobs](${CLAUDE_SKILL_DIR}/jobs/scan.md).\n"
            "Then run `{baseDir}/tools/run.sh`.\n"
        ),
        files={"references/guide.md": "x\n", "jobs/scan.md": "x\n", "tools/run.sh": "echo\n"},
    )
    assert findings(folder) == []


def test_lint_names_the_skill_file_a_placeholder_link_misses(make_skill: MakeSkill) -> None:
    folder = make_skill(body="Read [it]({baseDir}/references/gone.md) and run `${CLAUDE_SKILL_DIR}/tools/gone.sh`.\n")
    assert findings(folder) == [
        (
            "SR301",
            "SKILL.md",
            "link target '{baseDir}/references/gone.md' (the skill's own 'references/gone.md') "
            "does not exist in the skill",
        ),
        (
            "SR314",
            "SKILL.md",
            "mentioned file '${CLAUDE_SKILL_DIR}/tools/gone.sh' (the skill's own 'tools/gone.sh') "
            "does not exist in the skill",
        ),
    ]


def test_lint_follows_placeholder_links_into_reference_files(make_skill: MakeSkill) -> None:
    # A reference reached through {baseDir} is checked like one linked plainly: its broken link is found.
    folder = make_skill(
        body="See [a]({baseDir}/references/a.md).\n", files={"references/a.md": "[gone]({baseDir}/gone.md)\n"}
    )
    assert [(code, name) for code, name, _ in findings(folder)] == [("SR301", "a.md")]


def test_plugin_root_paths_in_a_plugin(tmp_path: Path, make_skill: MakeSkill) -> None:
    plugin = tmp_path / "plug"
    (plugin / "scripts").mkdir(parents=True)
    (plugin / "scripts" / "build.sh").write_text("echo\n", encoding="utf-8")
    folder = make_skill(
        body=(
            "[own](${CLAUDE_PLUGIN_ROOT}/skills/demo/references/a.md) [bundled](${CLAUDE_PLUGIN_ROOT}/assets/t.txt)\n"
            "[plugin's](${CLAUDE_PLUGIN_ROOT}/scripts/build.sh) [missing](${CLAUDE_PLUGIN_ROOT}/bin/tool)\n"
        ),
        files={"references/a.md": "x\n", "assets/t.txt": "x\n"},
        parent=plugin / "skills",
    )
    got = findings(folder)
    assert [(code, message.split("'")[1]) for code, _, message in got] == [
        ("SR302", "${CLAUDE_PLUGIN_ROOT}/scripts/build.sh"),
        ("SR302", "${CLAUDE_PLUGIN_ROOT}/bin/tool"),
    ]
    assert "points into the plugin around the skill" in got[0][2] and "does not exist here" not in got[0][2]
    assert got[1][2].count("does not exist here") == 1


def test_example_paths_after_a_placeholder_are_not_checked(make_skill: MakeSkill) -> None:
    folder = make_skill(body="[cfg](${CLAUDE_PLUGIN_ROOT}/config/$1.json) [x]({baseDir}/path/to/file.md)\n")
    assert findings(folder) == []


def test_reference_links_resolve_from_the_skill_root_too(make_skill: MakeSkill) -> None:
    # The Agent Skills spec writes paths from the skill root; many references link that way.
    folder = make_skill(
        body="See [details](references/details.md) and [advanced](references/advanced.md).\n",
        files={
            "references/details.md": "[more](references/advanced.md) and [beside](advanced.md)\n",
            "references/advanced.md": "x\n",
        },
    )
    assert findings(folder) == []


def test_a_link_found_from_neither_place_says_both(make_skill: MakeSkill) -> None:
    folder = make_skill(
        body="See [details](references/details.md) and [advanced](references/advanced.md).\n",
        files={"references/details.md": "[gone](references/gone.md)\n", "references/advanced.md": "x\n"},
    )
    assert findings(folder) == [
        (
            "SR301",
            "details.md",
            "link target 'references/gone.md' does not exist in the skill: neither 'references/references/gone.md' "
            "(from this file's folder) nor 'references/gone.md' (from the skill root)",
        )
    ]


def test_the_corpus_placeholder_skills_lint_clean_of_broken_links() -> None:
    """fp-check and semgrep-rule-creator link their references only through {baseDir}; claude-security through
    ${CLAUDE_SKILL_DIR}: each link reaches a file the skill ships."""
    if not CORPUS.is_dir():
        pytest.skip(f"real-world skills corpus not found at {CORPUS}")
    plugins = CORPUS / "trailofbits__skills" / "plugins"
    for folder in (
        plugins / "fp-check" / "skills" / "fp-check",
        plugins / "semgrep-rule-creator" / "skills" / "semgrep-rule-creator",
        CORPUS / "anthropics__claude-plugins-official" / "plugins" / "claude-security" / "skills" / "claude-security",
    ):
        text = (folder / "SKILL.md").read_text(encoding="utf-8")
        assert "{baseDir}/references/" in text or "${CLAUDE_SKILL_DIR}/" in text
        broken = [f for f in lint_skill(folder) if f.code in ("SR301", "SR314")]
        assert broken == [], broken
