"""The real-world corpus (../shared/corpus/skills): the full verdict per skill is pinned.

Regenerate after an intended change, then review the diff of the snapshot:

    UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/skillslint/test_skillslint_corpus.py

Every error in the snapshot has been checked by hand to be a real defect (see the
`review` notes in the snapshot file); warnings and info are advice.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from skillslint import LintReport, lint_paths, schema
from skillslint.frontmatter import load

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "corpus.json"
# Each error class found in the corpus, with the reason it is a real defect.
REVIEWED_ERRORS = {
    "SR113": "description over the spec's 1024-character limit",
    "SR114": "'<' or '>' in a description that hosts embed in XML prompts",
    "SR301": "a Markdown link to a file the skill does not ship (absent upstream too; sarif-parsing's "
    "{baseDir}/resources/fixtures holds .sarif files upstream that this copy of the corpus left out)",
}


@pytest.fixture(scope="module")
def report(corpus: Path) -> LintReport:
    return lint_paths([corpus])


def verdicts(report: LintReport, corpus: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for skill in report.skills:
        key = skill.path.relative_to(corpus).as_posix()
        out[key] = {
            "verdict": "fail" if skill.errors else "pass",
            "errors": skill.errors,
            "warnings": skill.warnings,
            "info": skill.infos,
            "findings": [
                f"{f.path.relative_to(corpus).as_posix()}:{f.line}:{f.col}: {f.severity.value} {f.code} {f.message}"
                for f in skill.findings
            ],
        }
    return dict(sorted(out.items()))


def test_corpus_matches_snapshot(report: LintReport, corpus: Path) -> None:
    current = verdicts(report, corpus)
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        payload = {"review": REVIEWED_ERRORS, "skills": current}
        SNAPSHOT.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        pytest.skip(f"snapshot rewritten: {SNAPSHOT}")
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["skills"]
    changed = sorted(k for k in expected.keys() | current.keys() if expected.get(k) != current.get(k))
    assert not changed, f"verdicts changed for {changed[:5]}; rerun with UPDATE_SNAPSHOTS=1 and review the diff"


def test_corpus_has_all_153_skills(report: LintReport) -> None:
    assert len(report.skills) == 153


def test_every_corpus_frontmatter_parses(report: LintReport) -> None:
    # Host extensions, flow-style lists and unusual layouts must never read as broken YAML.
    assert not [f for f in report.findings if f.code.startswith("SR0")]


def test_only_reviewed_error_classes_occur(report: LintReport) -> None:
    errors = {f.code for f in report.findings if f.severity.value == "error"}
    assert errors <= set(REVIEWED_ERRORS)


def test_documented_host_keys_are_never_unknown(report: LintReport) -> None:
    unknown = {f.message.split("'")[1] for f in report.findings if f.code == "SR201"}
    assert unknown.isdisjoint(schema.keys_of("host") | schema.keys_of("spec"))


def test_schema_accepts_every_skill_without_spec_errors(report: LintReport) -> None:
    # The skills server loads with the schema: it must take whatever the linter passes.
    for skill in report.skills:
        doc = load(skill.path / "SKILL.md") if (skill.path / "SKILL.md").exists() else load(skill.path / "skill.md")
        spec_errors = [f for f in skill.findings if f.code.startswith("SR1") and f.severity.value == "error"]
        schema_errors = list(schema.validator().iter_errors(doc.frontmatter))
        assert bool(spec_errors) == bool(schema_errors), (skill.path, spec_errors, schema_errors)
