"""The catalogue of finding codes. Codes are stable: never renumber, only add.

| Range  | Family                                                  |
|--------|---------------------------------------------------------|
| SR0xx  | reading SKILL.md: files, encoding, frontmatter, YAML    |
| SR1xx  | Agent Skills spec fields (agentskills.io)               |
| SR2xx  | host extensions and Cairn extensions                    |
| SR3xx  | quality: links, size, scripts, layout                   |
| SR4xx  | secrets                                                 |

`skills-ref validate` runs the SR0xx and SR1xx families only (`SPEC_FAMILIES`).
"""

from __future__ import annotations

from dataclasses import dataclass

from skillslint.model import Severity

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO  # N for "note", as in SARIF


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: Severity
    summary: str


_TABLE: tuple[tuple[str, str, Severity, str], ...] = (
    ("SR001", "no-skill-md", E, "no SKILL.md in the skill folder or anywhere under the given path"),
    ("SR002", "unreadable-file", E, "a file could not be read"),
    ("SR003", "not-utf8", E, "SKILL.md is not valid UTF-8"),
    ("SR004", "no-frontmatter", E, "SKILL.md does not start with a `---` frontmatter block"),
    ("SR005", "unclosed-frontmatter", E, "the frontmatter block is never closed with `---`"),
    ("SR006", "invalid-yaml", E, "the frontmatter is not valid YAML"),
    ("SR007", "frontmatter-not-mapping", E, "the frontmatter is not a YAML mapping of keys to values"),
    ("SR008", "yaml-bomb", E, "YAML aliases expand too far (or recursively); refused unparsed"),
    ("SR009", "duplicate-key", E, "a key appears twice in one mapping (strict YAML parsers reject it)"),
    ("SR010", "lowercase-filename", W, "the file is named skill.md; the spec name is SKILL.md"),
    ("SR101", "name-missing", E, "the required `name` field is missing"),
    ("SR102", "name-type", E, "`name` is not a non-empty string"),
    ("SR103", "name-length", E, "`name` is longer than 64 characters"),
    ("SR104", "name-charset", E, "`name` has characters other than lowercase a-z, 0-9 and hyphens"),
    ("SR105", "name-hyphens", E, "`name` starts or ends with a hyphen or has consecutive hyphens"),
    ("SR106", "name-folder-mismatch", W, "`name` differs from the skill's folder name (an error under `validate`)"),
    ("SR111", "description-missing", E, "the required `description` field is missing"),
    ("SR112", "description-type", E, "`description` is not a non-empty string"),
    ("SR113", "description-length", E, "`description` is longer than 1024 characters"),
    ("SR114", "description-angle-brackets", E, "`description` contains `<` or `>`"),
    ("SR121", "compatibility", E, "`compatibility` is not a non-empty string of at most 500 characters"),
    ("SR122", "metadata-type", E, "`metadata` is not a mapping"),
    ("SR123", "metadata-nested", E, "a `metadata` value is a list or mapping; the spec allows strings only"),
    ("SR124", "metadata-scalar", W, "a `metadata` value is a number, boolean or null, not a string"),
    ("SR125", "allowed-tools-type", E, "`allowed-tools` is neither a string nor a list of strings"),
    (
        "SR126",
        "allowed-tools-list",
        W,
        "`allowed-tools` is a YAML list; the spec form is a space-separated string",
    ),
    (
        "SR127",
        "allowed-tools-commas",
        W,
        "`allowed-tools` is comma-separated; the spec separates with spaces",
    ),
    ("SR128", "license-type", E, "`license` is not a string"),
    ("SR201", "unknown-key", W, "a frontmatter key that neither the spec, a known host nor Cairn defines"),
    ("SR202", "host-key-type", W, "a known host extension key has a value of the wrong type"),
    ("SR203", "cairn-schema", E, "a Cairn extension does not match schemas/skill-frontmatter.schema.json"),
    ("SR204", "intent-regex", E, "a `triggers.intent_patterns` entry is not a valid regular expression"),
    ("SR205", "unknown-skill-ref", W, "a chain step or prerequisite names a skill not in the linted tree"),
    ("SR206", "chain-input", W, "a chain step's `input_from` matches no earlier step's `output_as`"),
    (
        "SR207",
        "foreign-extension",
        W,
        "a Cairn key holds another project's kind of value (e.g. `priority: high`); Cairn ignores it",
    ),
    ("SR301", "broken-link", E, "a relative link or referenced file does not exist"),
    ("SR302", "link-escapes", W, "a relative link points outside the skill folder (breaks once installed alone)"),
    (
        "SR303",
        "deep-reference",
        W,
        "a referenced file links on to further files (keep references one level deep)",
    ),
    ("SR304", "body-lines", W, "the SKILL.md body is over 500 lines"),
    ("SR305", "body-tokens", W, "the SKILL.md body is over about 5,000 tokens"),
    ("SR306", "description-when", N, "the description never says when to use the skill"),
    ("SR307", "description-title", W, "the description is only a title (the skill's name or heading)"),
    ("SR308", "script-not-executable", W, "a file starts with a shebang but is not executable"),
    ("SR309", "file-too-large", W, "a file in the skill is over the size limit"),
    ("SR310", "nested-skill", W, "a SKILL.md inside another skill's folder; hosts do not discover it"),
    ("SR311", "duplicate-name", W, "two skills in the linted tree declare the same name"),
    ("SR312", "text-not-utf8", W, "a text file in the skill is not valid UTF-8"),
    ("SR313", "empty-body", W, "SKILL.md has no instructions after the frontmatter"),
    ("SR314", "missing-mentioned-file", W, "a path like `scripts/x.py` named in the body does not exist"),
    ("SR401", "private-key", E, "a private key block is committed in the skill"),
    ("SR402", "secret-token", E, "an API key or access token is committed in the skill"),
    ("SR403", "secret-assignment", W, "a password or secret literal is assigned in the skill's files"),
)

CHECKS: dict[str, Check] = {row[0]: Check(*row) for row in _TABLE}

SPEC_FAMILIES: tuple[str, ...] = ("SR0", "SR1")


def check(code: str) -> Check:
    """The catalogue entry for `code`; a KeyError here is a programming error."""
    return CHECKS[code]


def expand(selectors: list[str]) -> set[str]:
    """Turn `--select/--ignore` values (full codes or prefixes like `SR3`) into codes.

    Raises ValueError naming the first selector that matches nothing, so the CLI can
    exit 2 with an actionable message.
    """
    codes: set[str] = set()
    for raw in selectors:
        for part in raw.split(","):
            sel = part.strip().upper()
            if not sel:
                continue
            matched = {c for c in CHECKS if c.startswith(sel)}
            if not matched:
                raise ValueError(f"unknown check code '{part.strip()}' (see `skills-ref lint --list-checks`)")
            codes |= matched
    return codes
