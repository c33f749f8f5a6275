"""``cairn skills search|info|install|publish|yank|claim-repo`` against a registry (the install contract of
servers/skills/README.md); installs verify the archive's sha256 and lint before anything lands."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    import httpx


def add_skills_commands(sub: Any) -> None:
    skills = sub.add_parser("skills", help="search, inspect, install, publish and yank registry skills")
    ssub = skills.add_subparsers(dest="skills_command", required=True)

    def registry_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--registry", help="registry URL (default CAIRN_REGISTRY__URL or CAIRN_SKILLS__REGISTRY_URL)")

    search = ssub.add_parser("search", help="search the registry")
    search.add_argument("query", nargs="?", default="")
    search.add_argument("--category")
    search.add_argument("--tag")
    search.add_argument("--limit", type=int, default=20, help="results per page (at most 100)")
    search.add_argument("--page", type=int, default=1, help="which page of results (the last line says how many)")
    search.add_argument("--json", action="store_true", help="print the API's JSON")
    registry_arg(search)
    info = ssub.add_parser("info", help="a skill's versions, checksums and owner")
    info.add_argument("name")
    info.add_argument("--json", action="store_true")
    registry_arg(info)
    install = ssub.add_parser("install", help="install NAME[@VERSION] into the user or project scope")
    install.add_argument("spec", metavar="NAME[@VERSION]")
    install.add_argument("--scope", choices=["user", "project"], default="user")
    install.add_argument("--overwrite", action="store_true", help="replace an installed copy")
    install.add_argument(
        "--project",
        type=Path,
        default=None,
        help="project folder for --scope project when CAIRN_SKILLS__PATHS is unset (default .); "
        "skills go to its .claude/skills",
    )
    install.add_argument("--json", action="store_true", help="print what was installed as JSON")
    registry_arg(install)
    publish = ssub.add_parser(
        "publish",
        help="publish a skill folder (token: CAIRN_REGISTRY__TOKEN)",
        description="Publish a skill folder. The version is --version when given (it wins over SKILL.md), "
        "else SKILL.md's metadata.version, else the next patch after the highest published (1.0.0 for a "
        "new name), as the web form proposes.",
    )
    publish.add_argument("folder")
    publish.add_argument("--org", help="publish under an organisation you belong to")
    publish.add_argument(
        "--version",
        help="the version to publish, e.g. 1.2.0; wins over metadata.version in SKILL.md (default: that, "
        "else the next patch version, 1.0.0 for a new skill)",
    )
    publish.add_argument("--dry-run", action="store_true", help="check only: lint, version, ownership")
    publish.add_argument("--repository", help="the skill's source repository URL (default: SKILL.md's metadata)")
    publish.add_argument("--homepage", help="the skill's homepage URL")
    publish.add_argument(
        "--license", help="an SPDX licence identifier (default: SKILL.md's license, or its LICENSE file)"
    )
    registry_arg(publish)
    yank = ssub.add_parser("yank", help="yank NAME@VERSION (or undo with --undo)")
    yank.add_argument("spec", metavar="NAME@VERSION")
    yank.add_argument("--reason")
    yank.add_argument("--undo", action="store_true")
    claim = ssub.add_parser(
        "claim-repo",
        help="prove you own a repository your skills name: get the line to place in it, then --check",
    )
    claim.add_argument("repository", help="the repository's address, as your skills' SKILL.md names it")
    claim.add_argument("--org", help="claim it for an organisation you administer (default: yourself)")
    claim.add_argument("--check", action="store_true", help="ask the registry to read the proof from the repository")
    registry_arg(claim)
    registry_arg(yank)


def _registry(args: argparse.Namespace, settings: Any) -> str:
    url = args.registry or settings.registry.url or settings.skills.registry_url
    if not url:
        raise SystemExit("cairn: no registry: pass --registry URL or set CAIRN_REGISTRY__URL")
    return str(url).rstrip("/")


def _token(settings: Any) -> str:
    secret = settings.registry.token
    # An empty variable (CAIRN_REGISTRY__TOKEN=) is no token; sent, it is a malformed header, not a 401.
    token = str(secret.get_secret_value()).strip() if secret is not None else ""
    if not token:
        set_empty = "is empty" if secret is not None else "is not set"
        raise SystemExit(
            f"cairn: publishing needs a personal API token and CAIRN_REGISTRY__TOKEN {set_empty}: create one on "
            "the registry's account page (crk_…) and set CAIRN_REGISTRY__TOKEN to it"
        )
    if not token.isprintable() or not token.isascii():
        raise SystemExit(
            "cairn: CAIRN_REGISTRY__TOKEN holds spaces, line breaks or other characters a token never has; "
            "copy it again from the registry's account page"
        )
    return token


def _fail(response: httpx.Response) -> int:
    try:
        body = response.json()
        message = body.get("message") or body
        findings = body.get("findings") or []
    except ValueError:
        message, findings = response.text[:300], []
    print(f"cairn: registry answered {response.status_code}: {message}", file=sys.stderr)
    for f in findings:
        print(f"  {f['severity']} {f['code']} {f['path']}:{f['line']}: {f['message']}", file=sys.stderr)
    return 1


def run_skills_command(args: argparse.Namespace) -> int:
    # Imported here, not at the top: every `cairn` command builds the parser from this module.
    import httpx

    from servers.suite.settings import get_settings

    settings = get_settings()
    base = _registry(args, settings)
    command = args.skills_command
    try:
        with httpx.Client(timeout=60, follow_redirects=True) as http:
            if command == "search":
                return _search(http, base, args)
            if command == "info":
                return _info(http, base, args)
            if command == "publish":
                return _publish(http, base, args, _token(settings), settings)
            if command == "yank":
                return _yank(http, base, args, _token(settings))
            if command == "claim-repo":
                return _claim_repo(http, base, args, _token(settings))
        return _install(args, base, settings)
    except httpx.HTTPError as exc:
        print(f"cairn: registry {base} could not be reached: {exc}", file=sys.stderr)
        return 1


def _search(http: httpx.Client, base: str, args: argparse.Namespace) -> int:
    params = {"q": args.query, "per_page": str(max(1, min(args.limit, 100))), "page": str(max(1, args.page))}
    params.update({k: v for k, v in (("category", args.category), ("tag", args.tag)) if v})
    response = http.get(f"{base}/api/v1/skills", params=params)
    if response.status_code != 200:
        return _fail(response)
    body = response.json()
    if args.json:
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    for item in body["items"]:
        flag = " (deprecated)" if item["deprecated"] else ""
        print(f"{item['name']}@{item['latest']}{flag}\t{item['description'][:100]}")
    # Results go to stdout (one a line, for pipes); what to do next goes to stderr.
    for line in _search_notes(body, args):
        print(line, file=sys.stderr)
    return 0


def _search_notes(body: dict[str, Any], args: argparse.Namespace) -> list[str]:
    """Which results these are of how many and the command for the next page, a corrected spelling, and
    on an empty answer the skills most people install."""

    def command(query: str, page: int | None = None) -> str:
        words = ["cairn skills search", shlex.quote(query) if query else '""']
        for flag, value in (("--category", args.category), ("--tag", args.tag)):
            words += [flag, shlex.quote(value)] if value else []
        words += ["--limit", str(body["per_page"])] if body["per_page"] != 20 else []
        words += ["--page", str(page)] if page is not None else []
        return " ".join(words)

    notes = [f"did you mean: {command(body['did_you_mean'])}"] if body.get("did_you_mean") else []
    total, shown, page, per_page = body["total"], len(body["items"]), body["page"], body["per_page"]
    if total == 0:
        names = ", ".join(s["name"] for s in body.get("suggestions", []))
        return [*notes, "nothing found" + (f"; most downloaded: {names}" if names else "")]
    if shown == 0:
        return [*notes, f"page {page} is past the last result ({total} found): {command(args.query, 1)}"]
    first = (page - 1) * per_page + 1
    last = first + shown - 1
    more = f"; next page: {command(args.query, page + 1)}" if last < total else ""
    return [*notes, f"{first}-{last} of {total} found{more}"]


def _info(http: httpx.Client, base: str, args: argparse.Namespace) -> int:
    response = http.get(f"{base}/api/v1/skills/{quote(args.name)}")
    if response.status_code != 200:
        return _fail(response)
    body = response.json()
    if args.json:
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    print(f"{body['name']} {body['latest']} by {body['owner']} — {body['description']}")
    if body.get("deprecated"):
        print(f"deprecated: {body['deprecated']}")
    for v in body["versions"]:
        state = f"yanked ({v.get('yank_reason') or 'no reason'})" if v["yanked"] else "live"
        print(f"  {v['version']:<14} {v['published_at'][:10]}  {state:<10} sha256 {v['sha256']}")
    print(f"page: {base}/skills/{body['name']}")
    return 0


def install_folder(scope: str, settings: Any, project: Path | None = None) -> Path:
    """Where ``--scope`` installs: the user scope under CAIRN_HOME; the project scope in the first
    CAIRN_SKILLS__PATHS folder, else in the project's ``.claude/skills`` (the project being the current folder,
    as for ``cairn hooks install --scope project``), where Claude Code looks for a project's skills."""
    if scope == "user":
        return Path(settings.data_dir("skills")) / "user"
    if settings.skills.paths and project is None:
        return Path(settings.skills.paths[0]).expanduser()
    return (project or Path.cwd()).resolve() / ".claude" / "skills"


def _install(args: argparse.Namespace, base: str, settings: Any) -> int:
    from servers.skills import install
    from servers.skills.models import SkillInputError

    dest = install_folder(args.scope, settings, args.project)
    try:
        with tempfile.TemporaryDirectory(prefix="cairn-install-") as tmp:
            staged = install.stage(
                args.spec,
                Path(tmp),
                registry=base,
                version=None,
                max_bytes=settings.skills.install_max_bytes,
                timeout=settings.skills.install_timeout_s,
            )
            path, replaced = install.place(staged, dest, overwrite=args.overwrite)
    except SkillInputError as exc:
        # The installer speaks to MCP callers (overwrite=true); here the same switch is a flag.
        print(f"cairn: {str(exc).replace('pass overwrite=true', 'pass --overwrite')}", file=sys.stderr)
        return 1
    for warning in staged.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    verb = "replaced" if replaced else "installed"
    if args.json:
        done = {"name": staged.name, "version": staged.version, "sha256": staged.sha256, "path": str(path)}
        print(json.dumps({**done, "scope": args.scope, verb: True}))
        return 0
    print(f"{verb} {staged.name}@{staged.version} ({args.scope} scope) in {path}; sha256 {staged.sha256}")
    if args.scope == "project" and not any(_contains(Path(p).expanduser(), path) for p in settings.skills.paths):
        # Claude Code reads the folder itself; Cairn's skills server serves only the folders it is given.
        variable = shlex.quote(json.dumps([str(dest)]))
        print(f"note: for Cairn's skills server to serve it too, set CAIRN_SKILLS__PATHS={variable}", file=sys.stderr)
    return 0


def _contains(folder: Path, path: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def _publish(http: httpx.Client, base: str, args: argparse.Namespace, token: str, settings: Any) -> int:
    from registry.seed import pack

    folder = Path(args.folder).expanduser().resolve()
    if not (folder / "SKILL.md").is_file():
        print(f"cairn: {folder} has no SKILL.md", file=sys.stderr)
        return 1
    data = pack(folder)
    given = {k: getattr(args, k) for k in ("org", "version", "repository", "homepage", "license")}
    fields = {k: str(v) for k, v in given.items() if v}
    # The rule: --version wins; without it SKILL.md's metadata.version; without both the registry
    # proposes the next version, as its web form does (the Agent Skills spec requires no version).
    fields["override" if args.version else "next_version"] = "true"
    declared = _declared_version(folder)
    if args.version and declared and declared != args.version:
        print(
            f"note: SKILL.md says metadata.version {declared}; publishing {args.version} as --version says",
            file=sys.stderr,
        )
    if args.dry_run:
        fields["dry_run"] = "true"
    response = http.post(
        f"{base}/api/v1/skills",
        headers={"Authorization": f"Bearer {token}"},
        data=fields,
        files={"archive": (f"{folder.name}.tar.gz", data, "application/gzip")},
    )
    if response.status_code not in (200, 201):
        return _fail(response)
    body = response.json()
    for w in body["warnings"]:
        print(f"warning {w['code']} {w['path']}:{w['line']}: {w['message']}", file=sys.stderr)
    done = "published" if body["published"] else "checked (dry run)"
    if body.get("version_from") == "next":
        done += " (SKILL.md sets no version: the next one; say another with --version)"
    print(f"{body['name']}@{body['version']} {done}; sha256 {body['sha256']}; {base}/skills/{body['name']}")
    source = [f"{k} {body[k]}" for k in ("repository", "license") if body.get(k)]
    print(f"  {'; '.join(source) if source else 'no repository or licence given (--repository, --license)'}")
    return 0


def _declared_version(folder: Path) -> str | None:
    from registry import metadata
    from skillslint.frontmatter import load

    frontmatter = load(folder / "SKILL.md").frontmatter
    return metadata.declared_version(frontmatter) if isinstance(frontmatter, dict) else None


def _yank(http: httpx.Client, base: str, args: argparse.Namespace, token: str) -> int:
    name, _, version = args.spec.partition("@")
    if not version:
        print("cairn: name the version to yank: NAME@VERSION", file=sys.stderr)
        return 2
    action = "unyank" if args.undo else "yank"
    response = http.post(
        f"{base}/api/v1/skills/{quote(name)}/{quote(version)}/{action}",
        headers={"Authorization": f"Bearer {token}"},
        json={} if args.undo else {"reason": args.reason},
    )
    if response.status_code != 200:
        return _fail(response)
    print(f"{name}@{version} {'is live again' if args.undo else 'yanked'}")
    return 0


def _claim_repo(http: httpx.Client, base: str, args: argparse.Namespace, token: str) -> int:
    auth = {"Authorization": f"Bearer {token}"}
    owner = args.org
    if owner is None:
        me = http.get(f"{base}/api/v1/me", headers=auth)
        if me.status_code != 200:
            return _fail(me)
        owner = me.json()["username"]
    path = f"{base}/api/v1/publishers/{quote(owner)}/repositories"
    body = {"repository": args.repository}
    response = http.post(path + "/check" if args.check else path, headers=auth, json=body)
    if response.status_code not in (200, 201):
        return _fail(response)
    claim = response.json()
    if claim["verified"]:
        print(f"{claim['owner']}'s link to {claim['repository']} is proven: its skills there are marked verified")
        return 0
    print(f"Put this line in {claim['repository']}, in the file {claim['file']}:\n\n    {claim['line']}\n")
    if claim["checked_at"]:
        print(f"then run: cairn skills claim-repo {args.repository} --check{' --org ' + owner if args.org else ''}")
    else:
        print("This registry does not fetch repositories: then ask its operator to confirm the claim.")
    return 0
