"""skills-ref: lint Agent Skills folders against the spec, host and Cairn extensions, and quality rules.

| Call                                        | Returns                                   |
|---------------------------------------------|-------------------------------------------|
| `lint_paths(["skills/"], ignore=["SR306"])` | `LintReport` (skills, sorted findings)    |
| `lint_skill("skills/pdf")`                  | `list[Finding]`                           |
| `validate("skills/pdf")`                    | `list[Finding]`, spec rules only          |
| `read_properties("skills/pdf")`             | `SkillProperties` or raises `SkillError`  |
| `to_prompt(["skills/pdf"])`                 | the `<available_skills>` XML block        |
| `CHECKS["SR301"]`                           | code, name, severity, one-line summary    |
"""

from skillslint.codes import CHECKS, Check
from skillslint.linter import lint_paths, lint_skill, validate
from skillslint.model import Finding, LintReport, Severity, SkillReport
from skillslint.prompt import to_prompt
from skillslint.properties import SkillError, SkillProperties, read_properties

__all__ = [
    "CHECKS",
    "Check",
    "Finding",
    "LintReport",
    "Severity",
    "SkillError",
    "SkillProperties",
    "SkillReport",
    "lint_paths",
    "lint_skill",
    "read_properties",
    "to_prompt",
    "validate",
]
