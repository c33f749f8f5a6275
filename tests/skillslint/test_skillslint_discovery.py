"""Finding skills: folders, SKILL.md paths, trees, nested skills and skipped caches."""

from __future__ import annotations

from pathlib import Path

from lintkit import MakeSkill

from skillslint.discovery import discover


def test_folder_file_and_tree_forms(make_skill: MakeSkill, tmp_path: Path) -> None:
    one = make_skill("one", parent=tmp_path / "a")
    two = make_skill("two", parent=tmp_path / "b" / "skills")
    assert [s.folder for s in discover([one]).skills] == [one]
    assert [s.folder for s in discover([two / "SKILL.md"]).skills] == [two]
    assert sorted(s.folder.name for s in discover([tmp_path]).skills) == ["one", "two"]


def test_files_belong_to_their_skill(make_skill: MakeSkill) -> None:
    folder = make_skill(files={"scripts/run.sh": "x", "references/a.md": "y"})
    (loc,) = discover([folder]).skills
    assert sorted(f.path.relative_to(folder).as_posix() for f in loc.files) == [
        "SKILL.md",
        "references/a.md",
        "scripts/run.sh",
    ]


def test_nested_skill_md_stays_with_the_outer_skill(make_skill: MakeSkill) -> None:
    folder = make_skill(files={"assets/template/SKILL.md": "---\nname: t\n---\n"})
    (loc,) = discover([folder.parent]).skills
    assert loc.folder == folder
    assert loc.nested == [folder / "assets" / "template" / "SKILL.md"]


def test_caches_and_vcs_folders_are_skipped(make_skill: MakeSkill, tmp_path: Path) -> None:
    make_skill("real")
    make_skill("vendored", parent=tmp_path / "node_modules")
    make_skill("hidden-but-real", parent=tmp_path / ".curated")
    assert sorted(s.folder.name for s in discover([tmp_path]).skills) == ["hidden-but-real", "real"]


def test_empty_paths_are_reported(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    found = discover([tmp_path, tmp_path / "notes.txt"])
    assert found.skills == []
    assert found.empty == [tmp_path, tmp_path / "notes.txt"]


def test_lowercase_skill_md_is_found(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "skill.md").write_text("---\nname: s\n---\n")
    (loc,) = discover([tmp_path]).skills
    assert loc.skill_md.name == "skill.md"


def test_scope_is_the_nearest_skills_folder(make_skill: MakeSkill, tmp_path: Path) -> None:
    folder = make_skill("x", parent=tmp_path / "plugins" / "p" / "skills" / "group")
    (loc,) = discover([tmp_path]).skills
    assert loc.scope == tmp_path / "plugins" / "p" / "skills"
    (alone,) = discover([folder]).skills
    assert alone.scope == folder
