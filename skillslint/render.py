"""Output formats for a `LintReport`.

| Format  | Shape                                                                 |
|---------|-----------------------------------------------------------------------|
| `text`  | `path:line:col: severity code message`, then a one-line summary       |
| `json`  | `{"version": 1, "summary": {...}, "skills": [...], "findings": [...]}` |
| `sarif` | SARIF 2.1.0, one run, rules from the code catalogue                  |
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from skillslint import codes
from skillslint.model import Finding, LintReport, Severity

JSON_VERSION = 1
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def text_line(f: Finding) -> str:
    return f"{f.path}:{f.line}:{f.col}: {f.severity.value} {f.code} {f.message}"


def render_text(report: LintReport, findings: list[Finding], summary: bool = True) -> str:
    lines = [text_line(f) for f in findings]
    if summary:
        counts = (
            _plural(len(report.skills), "skill"),
            _plural(report.errors, "error"),
            _plural(report.warnings, "warning"),
        )
        lines.append(f"{counts[0]} checked: {counts[1]}, {counts[2]}, {report.infos} info")
    return "\n".join(lines)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def render_json(report: LintReport, findings: list[Finding]) -> str:
    payload = {
        "version": JSON_VERSION,
        "summary": {
            "skills": len(report.skills),
            "error": report.errors,
            "warning": report.warnings,
            "info": report.infos,
        },
        "skills": [
            {"path": str(s.path), "name": s.name, "error": s.errors, "warning": s.warnings, "info": s.infos}
            for s in report.skills
        ],
        "findings": [f.to_dict() for f in findings],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False)


def render_sarif(report: LintReport, findings: list[Finding], version: str) -> str:
    used = sorted({f.code for f in findings})
    index = {code: i for i, code in enumerate(used)}
    rules = [
        {
            "id": code,
            "name": codes.check(code).name,
            "shortDescription": {"text": codes.check(code).summary},
            "defaultConfiguration": {"level": _SARIF_LEVEL[codes.check(code).severity]},
        }
        for code in used
    ]
    results = [
        {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(f.path)},
                        "region": {"startLine": f.line, "startColumn": f.col},
                    }
                }
            ],
        }
        for f in findings
    ]
    run = {
        "tool": {
            "driver": {
                "name": "skills-ref",
                "version": version,
                "informationUri": "https://agentskills.io/specification",
                "rules": rules,
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    sarif = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False)


def _uri(path: Path) -> str:
    """SARIF wants URIs: forward slashes, relative paths kept relative (to the working dir)."""
    return quote(path.as_posix()) if not path.is_absolute() else path.as_uri()


def list_checks() -> str:
    width = max(len(c.name) for c in codes.CHECKS.values())
    return "\n".join(f"{c.code}  {c.severity.value:<7}  {c.name:<{width}}  {c.summary}" for c in codes.CHECKS.values())
