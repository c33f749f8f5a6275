"""The `skills-ref` command line: output shape, exit codes, and no tracebacks ever."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lintkit import FIXTURES, MakeSkill

from skillslint.cli import main

CLEAN = FIXTURES / "clean"
BROKEN = FIXTURES / "broken"
LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info) (?P<code>SR\d{3}) \S")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_clean_tree_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", str(CLEAN))
    assert code == 0
    assert out.strip() == "3 skills checked: 0 errors, 0 warnings, 0 info"


def test_every_finding_line_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", str(BROKEN))
    lines = out.splitlines()
    assert code == 1
    assert all(LINE.match(line) for line in lines[:-1]), [ln for ln in lines[:-1] if not LINE.match(ln)]
    assert lines[-1].startswith("43 skills checked: ")


def test_warnings_fail_only_with_strict(capsys: pytest.CaptureFixture[str]) -> None:
    target = str(BROKEN / "folder-mismatch")
    assert run(capsys, "lint", target)[0] == 0
    assert run(capsys, "lint", "--strict", target)[0] == 1


def test_quiet_prints_only_failing_findings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--quiet", str(BROKEN))
    assert code == 1
    assert out and all(" error SR" in line for line in out.splitlines())
    _, out, _ = run(capsys, "lint", "-q", str(BROKEN / "folder-mismatch"))
    assert out == ""


def test_select_and_ignore(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--select", "SR106,SR104", str(BROKEN))
    assert {LINE.match(ln)["code"] for ln in out.splitlines()[:-1]} == {"SR104", "SR106"}  # type: ignore[index]
    code, out, _ = run(
        capsys, "lint", "--ignore", "SR0", "--ignore", "SR1", "--ignore", "SR2", "--ignore", "SR3", str(BROKEN)
    )
    assert code == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["lint"],
        ["lint", "/definitely/not/here"],
        ["lint", "--select", "SR999", "."],
        ["lint", "--format", "xml", "."],
        ["frobnicate"],
        [],
    ],
)
def test_usage_errors_exit_two(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "Traceback" not in err


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--format", "json", str(BROKEN / "broken-link"))
    data = json.loads(out)
    assert code == 1
    assert data["summary"] == {"skills": 1, "error": 1, "warning": 0, "info": 0}
    (finding,) = data["findings"]
    assert finding["code"] == "SR301" and finding["line"] == 7 and finding["col"] == 18
    assert data["skills"][0]["name"] == "broken-link"


def test_sarif_output(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--format", "sarif", str(BROKEN / "broken-link"))
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "SR301" and result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 7, "startColumn": 18}
    assert sarif["runs"][0]["tool"]["driver"]["rules"][0]["id"] == "SR301"


def test_list_checks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--list-checks")
    assert code == 0
    assert re.search(r"^SR301\s+error\s+broken-link\s+\S", out, re.MULTILINE)


def test_validate_is_spec_only_and_keeps_reference_verdict_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(BROKEN / "description-title"))
    assert code == 0
    assert f"Valid skill: {BROKEN / 'description-title'}" in out
    code, out, err = run(capsys, "validate", str(BROKEN / "Upper-Case" / "SKILL.md"))
    assert code == 1
    assert "SR104" in out and "Validation failed for" in err


def test_read_properties(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "read-properties", str(CLEAN / "pdf-tools"))
    assert code == 0
    props = json.loads(out)
    assert list(props) == ["name", "description", "license", "compatibility", "allowed-tools", "metadata"]
    assert props["metadata"] == {"author": "cairn-tests", "version": "1.0"}
    code, _, err = run(capsys, "read-properties", str(BROKEN / "missing-name"))
    assert code == 1
    assert "missing required field in frontmatter: name" in err


def test_to_prompt_accepts_trees_and_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "to-prompt", str(CLEAN))
    assert code == 0
    assert out.startswith("<available_skills>\n<skill>\n<name>\n")
    assert out.count("<skill>") == 3
    code, _, err = run(capsys, "to-prompt", str(BROKEN / "missing-name"))
    assert code == 1 and err.startswith("Error:")


@pytest.mark.parametrize(
    "raw",
    [b"\xff\xfe\x00garbage", b"---\n\x00\x01\x02\n---\n", b"---\nname: [\n---\n", b"", b"---\n" + b"a: " * 5000],
)
def test_hostile_input_never_raises(raw: bytes, make_skill: MakeSkill, capsys: pytest.CaptureFixture[str]) -> None:
    folder = make_skill(raw=raw)
    for command in ("lint", "validate", "read-properties", "to-prompt"):
        code, _, err = run(capsys, command, str(folder))
        assert code in (0, 1), (command, err)
        assert "Traceback" not in err and "internal error" not in err


def test_console_script_runs_as_a_process() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from skillslint.cli import main; sys.exit(main())", "lint", str(CLEAN)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "3 skills checked" in proc.stdout


def test_paths_are_reported_as_given(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BROKEN)
    _, out, _ = run(capsys, "lint", "broken-link")
    assert out.startswith(str(Path("broken-link") / "SKILL.md") + ":7:18: error SR301 ")
