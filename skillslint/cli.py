"""`skills-ref`: lint, validate, read-properties, to-prompt.

| Command                                   | Exit                                       |
|-------------------------------------------|--------------------------------------------|
| `skills-ref lint PATH... [--strict]`      | 0 clean, 1 errors (or warnings if strict)  |
| `skills-ref lint --list-checks`           | 0                                          |
| `skills-ref validate PATH`                | 0 valid, 1 spec errors                     |
| `skills-ref read-properties PATH`         | 0 JSON printed, 1 unreadable skill         |
| `skills-ref to-prompt PATH...`            | 0 XML printed, 1 unreadable skill          |
| any usage error (bad flag, missing path)  | 2                                          |
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from skillslint import render
from skillslint.discovery import discover
from skillslint.linter import lint_paths
from skillslint.model import Finding, LintReport, Severity
from skillslint.prompt import to_prompt
from skillslint.properties import SkillError, read_properties

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def _version() -> str:
    from importlib import metadata  # only needed for --version and SARIF; ~30 ms to import

    try:
        return metadata.version("cairn")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="skills-ref", description="Lint and read Agent Skills (SKILL.md folders).")
    parser.add_argument("--version", action="version", version=f"skills-ref {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lint = sub.add_parser("lint", help="report every problem in skills (spec, extensions, quality, secrets)")
    lint.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="skill folder, SKILL.md, or a tree searched for skills",
    )
    lint.add_argument("--list-checks", action="store_true", help="print every finding code and exit")
    for cmd in (lint, sub.add_parser("validate", help="spec rules only (like `agentskills validate`)")):
        if cmd is not lint:
            cmd.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="skill folder or SKILL.md")
        cmd.add_argument("--format", choices=("text", "json", "sarif"), default="text")
        cmd.add_argument("--strict", action="store_true", help="warnings also fail (exit 1)")
        cmd.add_argument(
            "--select",
            action="append",
            default=[],
            metavar="CODE",
            help="only these codes or prefixes (SR1, SR301); repeat or comma-separate",
        )
        cmd.add_argument("--ignore", action="append", default=[], metavar="CODE", help="skip these codes or prefixes")
        cmd.add_argument(
            "-q",
            "--quiet",
            action="store_true",
            help="print only failing findings (errors; warnings too with --strict), no summary",
        )

    props = sub.add_parser("read-properties", help="print a skill's spec fields as JSON")
    props.add_argument("path", type=Path, metavar="PATH")
    prompt = sub.add_parser("to-prompt", help="print the <available_skills> block for agent prompts")
    prompt.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `skills-ref` console script; returns the exit code."""
    parser = _parser()
    try:
        return _dispatch(parser, parser.parse_args(argv))
    except SystemExit as exc:  # argparse's usage errors (2), --help and --version (0)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except BrokenPipeError:  # `skills-ref lint . | head` closes stdout early; not an error
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # the contract is "never a traceback"
        print(f"skills-ref: internal error: {type(exc).__name__}: {exc} (please report this)", file=sys.stderr)
        return EXIT_USAGE


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "lint" and args.list_checks:
        print(render.list_checks())
        return EXIT_OK
    paths: list[Path] = list(args.paths) if hasattr(args, "paths") else [args.path]
    if not paths:
        parser.error("lint needs at least one PATH (or --list-checks)")
    missing = [p for p in paths if not p.exists()]
    if missing:
        parser.error(f"path not found: {missing[0]}")
    if args.command in ("lint", "validate"):
        return _lint(parser, args, paths)
    if args.command == "read-properties":
        return _read_properties(paths[0])
    return _to_prompt(paths)


def _lint(parser: argparse.ArgumentParser, args: argparse.Namespace, paths: list[Path]) -> int:
    try:
        report = lint_paths(paths, args.select, args.ignore, spec_only=args.command == "validate")
    except ValueError as exc:
        parser.error(str(exc))
    shown = _shown(report, args.quiet, args.strict)
    if args.format == "json":
        print(render.render_json(report, shown))
    elif args.format == "sarif":
        print(render.render_sarif(report, shown, _version()))
    else:
        out = render.render_text(report, shown, summary=not args.quiet)
        if out:
            print(out)
        if args.command == "validate" and not args.quiet:
            _validate_verdict(report, args.strict)
    return report.exit_code(args.strict)


def _shown(report: LintReport, quiet: bool, strict: bool) -> list[Finding]:
    if not quiet:
        return list(report.findings)
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return [f for f in report.findings if f.severity in failing]


def _validate_verdict(report: LintReport, strict: bool) -> None:
    """The reference tool's closing lines, so scripts grepping for them keep working."""
    for skill in report.skills:
        if skill.ok(strict):
            print(f"Valid skill: {skill.path}")
        else:
            print(f"Validation failed for {skill.path}", file=sys.stderr)


def _read_properties(path: Path) -> int:
    try:
        props = read_properties(path)
    except SkillError as exc:
        _print_error(exc)
        return EXIT_FAIL
    print(json.dumps(props.to_dict(), indent=2, ensure_ascii=False, default=str))
    return EXIT_OK


def _to_prompt(paths: list[Path]) -> int:
    folders: list[Path] = []
    for path in paths:
        found = discover([path]).skills
        if not found:
            print(f"Error: no SKILL.md in or under {path}", file=sys.stderr)
            return EXIT_FAIL
        folders += [loc.skill_md for loc in found]
    try:
        print(to_prompt(folders))
    except SkillError as exc:
        _print_error(exc)
        return EXIT_FAIL
    return EXIT_OK


def _print_error(exc: SkillError) -> None:
    print(f"Error: {exc}", file=sys.stderr)
    for finding in exc.findings:
        print(render.text_line(finding), file=sys.stderr)
