"""Install a skill from a local folder, a local archive, or a registry — linted before it lands.

Registry contract (what ``registry/`` serves, issue #9)::

    GET {registry}/api/v1/skills/{name}
    200 {"name": "pdf-tools", "latest": "1.2.0",
         "versions": [{"version": "1.2.0", "sha256": "<64 hex>", "archive_url": "<absolute, or relative to
                       the registry URL>", "yanked": false, "size": 12345}, ...]}
    404 unknown skill (any JSON body; ``{"error": "..."}`` is shown to the user)

The archive is a ``.tar.gz`` or ``.zip`` holding the skill folder (``SKILL.md`` at its root, or one top
folder that holds it). ``sha256`` is over the archive bytes exactly as served; a mismatch refuses the
install. Without a version the newest non-yanked one (``latest``) is installed; a yanked version only
when asked for by number, and then with a warning carrying the publisher's reason (the download's
``X-Cairn-Yanked`` header, else the listing's ``yank_reason``).

Every install is unpacked into a temporary folder first (no absolute paths, no ``..``, no links, at
most ``install_max_bytes`` unpacked), linted there, and refused on any lint error; only then does it
replace the folder in the target scope, by rename.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import stat
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urljoin

import httpx

from servers.core.progress import Steps
from servers.skills.models import SkillInputError
from skillslint import Severity, lint_paths
from skillslint.discovery import skill_file
from skillslint.frontmatter import load

ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
MAX_MEMBERS = 2000
_NAME_VERSION = re.compile(r"^(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)(?:@(?P<version>[A-Za-z0-9.+-]+))?$")


@dataclass(frozen=True)
class Staged:
    name: str
    folder: Path  # inside a temporary directory the caller removes
    version: str | None = None
    sha256: str | None = None
    warnings: tuple[str, ...] = ()


# An install's steps as a client's progress bar shows them: stage() runs the first two, the caller the last.
INSTALL_STEPS = ("fetching ", "linting ", "installing ")


def stage(
    source: str,
    workdir: Path,
    *,
    registry: str | None,
    version: str | None,
    max_bytes: int,
    timeout: float,
    local_paths: bool = True,
    steps: Steps | None = None,
) -> Staged:
    """Fetch/unpack ``source`` into ``workdir`` and lint it; SkillInputError says why it was refused."""
    steps = steps or Steps(None, INSTALL_STEPS)
    steps.next(source)
    path = Path(source).expanduser()
    sha = None
    notes: tuple[str, ...] = ()
    if not local_paths and _NAME_VERSION.match(source) is None:
        raise SkillInputError(
            f"{source!r}: over an authenticated connection skills install by registry name only "
            "(like 'pdf-tools' or 'pdf-tools@1.2.0'); a path would name a file on the server"
        )
    # Without local paths a name goes to the registry even if a folder of that name exists where the server runs.
    if local_paths and path.is_dir():
        folder = workdir / "src"
        shutil.copytree(path, folder, symlinks=False, ignore=shutil.ignore_patterns(".git", "__pycache__"))
    elif local_paths and path.is_file():
        if not path.name.endswith(ARCHIVE_SUFFIXES):
            raise SkillInputError(f"{source}: not a skill folder or a .zip/.tar.gz archive")
        data = path.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        folder = unpack(data, path.name, workdir / "src", max_bytes)
    else:
        match = _NAME_VERSION.match(source)
        if match is None:
            raise SkillInputError(f"{source!r} is neither an existing path nor a registry name like 'pdf-tools@1.2.0'")
        if registry is None:
            raise SkillInputError(
                f"{source!r} is not a local path and no registry is configured: set CAIRN_SKILLS__REGISTRY_URL"
            )
        got = download(registry, match.group("name"), version or match.group("version"), max_bytes, timeout)
        folder = unpack(got.data, got.filename, workdir / "src", max_bytes)
        sha, version = got.sha256, got.version
        if got.yanked is not None:
            notes = (
                f"{match.group('name')}@{got.version} is yanked by its publisher ({got.yanked}); "
                "installed only because that version was asked for by number",
            )
    return _checked(_skill_root(folder), workdir, version, sha, notes, steps)


@dataclass(frozen=True)
class Download:
    data: bytes
    filename: str
    sha256: str
    version: str
    yanked: str | None  # the publisher's reason when the version is yanked


def download(registry: str, name: str, version: str | None, max_bytes: int, timeout: float) -> Download:
    base = registry.rstrip("/") + "/"
    with httpx.Client(timeout=timeout, follow_redirects=True) as http:
        try:
            resp = http.get(urljoin(base, f"api/v1/skills/{quote(name)}"))
        except httpx.HTTPError as exc:
            raise SkillInputError(f"registry {registry} could not be reached: {exc}") from exc
        if resp.status_code == 404:
            raise SkillInputError(f"the registry has no skill named {name!r}")
        if resp.status_code != 200:
            raise SkillInputError(f"registry answered {resp.status_code} for {name!r}: {resp.text[:200]}")
        info = resp.json()
        entry = _pick_version(info, name, version)
        url = urljoin(base, str(entry["archive_url"]))
        data = bytearray()
        with http.stream("GET", url) as stream:
            if stream.status_code != 200:
                raise SkillInputError(f"archive download failed: {stream.status_code} from {url}")
            yanked = stream.headers.get("X-Cairn-Yanked")
            for chunk in stream.iter_bytes():
                data += chunk
                if len(data) > max_bytes:
                    raise SkillInputError(f"archive is larger than {max_bytes} bytes; refused")
    digest = hashlib.sha256(data).hexdigest()
    expected = str(entry["sha256"]).lower()
    if digest != expected:
        raise SkillInputError(
            f"checksum mismatch for {name}@{entry['version']}: the registry lists sha256 {expected}, "
            f"the download has {digest}; nothing was installed"
        )
    filename = url.rsplit("/", 1)[-1].split("?", 1)[0]
    # The header tells of a yank made after the listing was read; a mirror that copies only the bytes drops it,
    # but its listing still says. The listing's reason is preferred: the header can only carry ASCII.
    if yanked is not None or entry.get("yanked"):
        yanked = _printable(str(entry.get("yank_reason") or yanked or "no reason given"))
    return Download(bytes(data), filename, digest, str(entry["version"]), yanked)


def _printable(text: str) -> str:
    """The registry's words go to a terminal: no control characters (escape sequences), and not a page of them."""
    return "".join(c if c.isprintable() else " " for c in text)[:200]


def _pick_version(info: dict[str, object], name: str, version: str | None) -> dict[str, object]:
    versions = info.get("versions")
    if not isinstance(versions, list) or not versions:
        raise SkillInputError(f"the registry lists no versions of {name!r}")
    if version is not None:
        for entry in versions:
            if isinstance(entry, dict) and str(entry.get("version")) == version:
                return entry
        known = ", ".join(str(e.get("version")) for e in versions if isinstance(e, dict))
        raise SkillInputError(f"{name} has no version {version!r}; published: {known}")
    latest = info.get("latest")
    live = [e for e in versions if isinstance(e, dict) and not e.get("yanked")]
    for entry in live:
        if str(entry.get("version")) == str(latest):
            return entry
    if not live:
        raise SkillInputError(f"every version of {name!r} is yanked; name one explicitly to install it anyway")
    return live[-1]


def unpack(data: bytes, filename: str, dest: Path, max_bytes: int) -> Path:
    dest.mkdir(parents=True)
    total = 0
    if filename.endswith(".zip"):
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            members = zf.infolist()
            if len(members) > MAX_MEMBERS:
                raise SkillInputError(f"archive has more than {MAX_MEMBERS} entries; refused")
            for m in members:
                _safe_member(m.filename)
                if stat.S_ISLNK(m.external_attr >> 16):
                    raise SkillInputError(f"archive entry {m.filename!r} is a symbolic link; refused")
                total += m.file_size
                if total > max_bytes:
                    raise SkillInputError(f"archive unpacks to more than {max_bytes} bytes; refused")
            zf.extractall(dest)
        return dest
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as tf:
            tmembers = tf.getmembers()
            if len(tmembers) > MAX_MEMBERS:
                raise SkillInputError(f"archive has more than {MAX_MEMBERS} entries; refused")
            for tm in tmembers:
                _safe_member(tm.name)
                if not (tm.isfile() or tm.isdir()):
                    raise SkillInputError(f"archive entry {tm.name!r} is not a plain file or folder; refused")
                total += tm.size
                if total > max_bytes:
                    raise SkillInputError(f"archive unpacks to more than {max_bytes} bytes; refused")
            tf.extractall(dest, filter="data")
    except tarfile.TarError as exc:
        raise SkillInputError(f"{filename}: not a readable .tar.gz or .zip archive ({exc})") from exc
    return dest


def _safe_member(name: str) -> None:
    parts = Path(name).parts
    if name.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
        raise SkillInputError(f"archive entry {name!r} points outside the skill folder; refused")


def _skill_root(folder: Path) -> Path:
    if skill_file(folder) is not None:
        return folder
    subdirs = [p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(("__MACOSX", "."))]
    if len(subdirs) == 1 and skill_file(subdirs[0]) is not None:
        return subdirs[0]
    raise SkillInputError("no SKILL.md at the top of the source (or in its single top folder)")


def _checked(
    root: Path, workdir: Path, version: str | None, sha: str | None, notes: tuple[str, ...], steps: Steps
) -> Staged:
    skill_md = skill_file(root)
    assert skill_md is not None
    name = (load(skill_md).frontmatter or {}).get("name")
    if not isinstance(name, str) or not _NAME_VERSION.match(name) or "@" in name:
        raise SkillInputError("the skill's frontmatter has no valid `name`; run skills-ref lint on it")
    steps.next(name)
    # Lint under the skill's own name so a folder-name mismatch does not count against it.
    named = workdir / "named" / name
    named.parent.mkdir(parents=True, exist_ok=True)
    root.rename(named)
    findings = lint_paths([named]).findings
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        shown = "; ".join(f"{f.code} {f.path.name}:{f.line}: {f.message}" for f in errors[:5])
        raise SkillInputError(f"{name} has lint errors, not installed: {shown}")
    warnings = notes + tuple(f"{f.code}: {f.message}" for f in findings if f.severity is Severity.WARNING)
    return Staged(name, named, version, sha, warnings)


def place(staged: Staged, scope_dir: Path, *, overwrite: bool) -> tuple[Path, bool]:
    """Move the staged folder to ``scope_dir/<name>``; returns (path, replaced an existing one)."""
    scope_dir.mkdir(parents=True, exist_ok=True)
    target = scope_dir / staged.name
    replaced = target.exists()
    if replaced and not overwrite:
        raise SkillInputError(f"{staged.name} is already installed at {target}; pass overwrite=true to replace it")
    incoming = Path(tempfile.mkdtemp(prefix=f".{staged.name}-", dir=scope_dir))
    shutil.copytree(staged.folder, incoming / staged.name)
    old = scope_dir / f".{staged.name}.old"
    if replaced:
        shutil.rmtree(old, ignore_errors=True)
        target.rename(old)
    (incoming / staged.name).rename(target)
    shutil.rmtree(incoming, ignore_errors=True)
    shutil.rmtree(old, ignore_errors=True)
    return target, replaced
