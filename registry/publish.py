"""Publishing: an archive becomes an immutable, linted, content-addressed version — or nothing does.

Order of checks (each refusal leaves no trace): archive safety (``archive.py``), one skill, the
linter (errors refuse, warnings travel with the version), a security scan (no native executables),
a semantic version not published before, a name that does not pass for the project's own
(:mod:`registry.reserved`), and the name's owner. Only then are the bytes stored
under their sha256 and the version recorded, in one transaction.
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from registry import metadata, provenance, semver
from registry.accounts import SYSTEM_ORG, AccountError, Accounts
from registry.archive import ArchiveError, Contents, Limits, read_archive
from registry.reserved import may_use_reserved, reserved_name
from registry.settings import RegistrySettings
from registry.storage.store import NewVersion, OwnerChanged, RegistryStore, VersionTaken
from skillslint import Severity, lint_paths
from skillslint.frontmatter import load

# Where a version came from: the `version` field, SKILL.md's metadata.version, or proposed as the next one.
VersionFrom = Literal["given", "skill_md", "next"]
_NATIVE_MAGIC = (b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xca\xfe\xba\xbe")


class PublishError(ValueError):
    """A refused publish; ``findings`` carries the linter's errors when those were the reason."""

    def __init__(self, code: str, message: str, status: int = 422, findings: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.findings = code, message, status, findings or []


@dataclass(frozen=True)
class Prepared:
    new: NewVersion
    data: bytes
    owner: str
    owner_kind: str
    new_skill: bool
    version_from: VersionFrom = "given"

    @property
    def warnings(self) -> list[dict[str, Any]]:
        return [f for f in self.new.findings if f["severity"] != "error"]


def prepare(
    data: bytes,
    *,
    publisher: str,
    org: str | None,
    version: str | None,
    settings: RegistrySettings,
    store: RegistryStore,
    accounts: Accounts,
    system: bool = False,
    suggest: bool = False,
    override: bool = False,
    given: dict[str, str | None] | None = None,
) -> Prepared:
    """Every check, no writes: a dry run returns this, a real publish then calls :func:`commit`.

    With ``suggest`` (the web form, ``cairn skills publish``) a skill that declares no version and is given
    none gets the next one (:func:`registry.semver.next_patch`: 1.0.0 for a new name). A ``version`` given
    must agree with SKILL.md's metadata.version, unless ``override`` says the given one wins. ``given``
    holds the publish fields ``repository``, ``homepage`` and ``license``, which win over SKILL.md's."""
    try:
        contents = read_archive(data, Limits.from_settings(settings))
    except ArchiveError as exc:
        raise PublishError(exc.code, exc.message, exc.status) from None
    for path, content in contents.files.items():
        if content.startswith(_NATIVE_MAGIC):
            raise PublishError("native_executable", f"{path} is a native executable; ship scripts as source instead")
    frontmatter, body, findings = _lint(contents)
    name = str(frontmatter.get("name", ""))
    errors = [f for f in findings if f["severity"] == "error"]
    if errors:
        shown = "; ".join(f"{f['code']} {f['path']}:{f['line']} {f['message']}" for f in errors[:3])
        raise PublishError("lint_errors", f"the linter found {len(errors)} error(s): {shown}", findings=errors)
    declared = metadata.declared_version(frontmatter)
    chosen = version or declared
    version_from: VersionFrom = "given" if version else "skill_md"
    if chosen is None and suggest and name:
        chosen, version_from = semver.next_patch([v.version for v in store.versions(name)]), "next"
    if chosen is None:
        raise PublishError(
            "no_version",
            "give a version (the multipart field `version`, or `cairn skills publish --version`) "
            "or set metadata.version in SKILL.md",
        )
    if version and declared and semver.core(version) != semver.core(declared) and not override:
        raise PublishError(
            "version_mismatch",
            f"version {version} was asked for, but SKILL.md says {declared}; "
            "send override=true (`cairn skills publish --version`) for the given version to win",
        )
    if not semver.is_valid(chosen):
        where = "SKILL.md's metadata.version " if version_from == "skill_md" else ""
        raise PublishError(
            "bad_version",
            f"{where}{chosen!r} is not a semantic version such as 1.0.0 or 2.1.0-beta.1"
            + ("; give one with the field `version` (`cairn skills publish --version`)" if where else ""),
        )
    if not system:
        _check_reserved(name, org, publisher, settings, accounts)
    owner, kind = _owner(name, publisher, org, store, accounts, system)
    digest = hashlib.sha256(data).hexdigest()
    for existing in store.versions(name):
        if version_from == "next" and existing.sha256 == digest:
            # Only a proposed number: run twice, a publish script would otherwise bump every unchanged skill.
            raise PublishError(
                "already_published",
                f"these exact bytes are already {name} {existing.version}; change the skill, or give a version "
                "to publish them again under a new number",
                409,
            )
        if semver.core(existing.version) == semver.core(chosen):
            raise PublishError(
                "version_exists",
                f"{name} {existing.version} is already published and versions are immutable; bump the version",
                409,
            )
    try:
        source = provenance.read(frontmatter, contents.files, **(given or {}))
    except provenance.ProvenanceError as exc:
        raise PublishError("bad_provenance", str(exc), 400) from None
    listed = metadata.listing(frontmatter, name, body)
    new = NewVersion(
        name=name,
        version=chosen,
        sha256=digest,
        size=len(data),
        format=contents.format,
        publisher=publisher,
        description=str(frontmatter.get("description", "")).strip(),
        category=listed[0],
        tags=listed[1],
        compatibility=metadata.compatibility(frontmatter),
        frontmatter=frontmatter,
        body=body,
        files=[{"path": p, "size": len(b)} for p, b in contents.files.items()],
        findings=findings,
        repository=source.repository,
        homepage=source.homepage,
        license=source.license,
        license_file=source.license_file,
    )
    return Prepared(new, data, owner, kind, store.skill(name) is None, version_from)


def commit(prepared: Prepared, store: RegistryStore, accounts: Accounts, *, system: bool = False) -> None:
    if prepared.owner_kind == "org" and prepared.new_skill and not system:
        try:
            accounts.ensure_org(prepared.owner, prepared.new.publisher)
        except AccountError as exc:
            raise PublishError("not_owner", str(exc), 403) from None
    elif system and not accounts.org_exists(SYSTEM_ORG):
        accounts.ensure_org(SYSTEM_ORG, SYSTEM_ORG)
    # Bytes first: a version row never names a blob that is not there. An upload that then loses a race
    # leaves a blob no version names, harmless under write-once storage.
    store.blobs.put(prepared.new.sha256, prepared.data)
    try:
        store.add_version(prepared.new, owner=prepared.owner, owner_kind=prepared.owner_kind, is_system=system)
    except VersionTaken as exc:
        raise PublishError("version_exists", str(exc), 409) from None
    except OwnerChanged as exc:
        raise PublishError("not_owner", f"{exc}; you cannot publish versions of it", 403) from None


def _check_reserved(name: str, org: str | None, publisher: str, settings: RegistrySettings, accounts: Accounts) -> None:
    """Refuse a skill or organisation name that would pass for the project's own, unless an administrator
    publishes it; checked on every publish, so a name taken before it was reserved gets no new versions."""
    if may_use_reserved(publisher, settings, accounts):
        return
    for kind, value in (("skill", name), ("organisation", org)):
        reason = reserved_name(value) if value else None
        if reason:
            raise PublishError(
                "reserved_name",
                f"the {kind} name {value!r} is reserved ({reason}); ask the registry's operator",
                403,
            )


def _owner(
    name: str, publisher: str, org: str | None, store: RegistryStore, accounts: Accounts, system: bool
) -> tuple[str, str]:
    existing = store.skill(name)
    if system:
        return SYSTEM_ORG, "org"
    if existing is not None:
        owner, kind = existing.owner, existing.owner_kind
        allowed = owner == publisher if kind == "user" else accounts.role(owner, publisher) is not None
        if not allowed:
            raise PublishError(
                "not_owner", f"{name} belongs to {kind} {owner!r}; you cannot publish versions of it", 403
            )
        if org and org != owner:
            raise PublishError("not_owner", f"{name} belongs to {owner!r}, not to {org!r}", 403)
        return owner, kind
    if org is None:
        return publisher, "user"
    if org == SYSTEM_ORG or (not accounts.org_exists(org) and accounts.is_user(org)):
        raise PublishError("not_owner", f"{org!r} is reserved or is a person's name, not an organisation", 403)
    if accounts.org_exists(org) and accounts.role(org, publisher) is None:
        raise PublishError("not_owner", f"you are not a member of the organisation {org!r}", 403)
    return org, "org"


def _lint(contents: Contents) -> tuple[dict[str, Any], str, list[dict[str, Any]]]:
    """Lint the skill in a scratch folder named after the skill, as installs do, each file with the mode
    the archive gave it: the linter reads execute bits (SR308), and the umask would otherwise decide them."""
    with tempfile.TemporaryDirectory(prefix="cairn-publish-") as tmp:
        scratch = Path(tmp) / "skill"
        for path, content in contents.files.items():
            target = scratch / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
            target.chmod(contents.mode(path))
        doc = load(scratch / "SKILL.md")
        frontmatter = doc.frontmatter if isinstance(doc.frontmatter, dict) else {}
        name = frontmatter.get("name")
        folder = scratch
        if isinstance(name, str) and name and "/" not in name and name not in (".", ".."):
            folder = scratch.rename(Path(tmp) / name)
        report = lint_paths([folder])
        findings = [
            {**f.to_dict(), "path": _relative(f.path, folder)}
            for f in report.findings
            if f.severity in (Severity.ERROR, Severity.WARNING)
        ]
        body = doc.body
    if not isinstance(name, str) or not name:
        findings.insert(
            0,
            {
                "path": "SKILL.md",
                "line": 1,
                "col": 1,
                "severity": "error",
                "code": "no_name",
                "message": "SKILL.md frontmatter has no name",
            },
        )
    return dict(frontmatter), body, findings


def _relative(path: Path, folder: Path) -> str:
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return path.name
