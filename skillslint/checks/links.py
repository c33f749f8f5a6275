"""Relative links and file mentions: broken, escaping the skill, or chained too deep.

Links and mentions come from :mod:`skillslint.checks.mdrefs`. Bare mentions such as `scripts/fill_form.py`
(the spec's way of pointing at bundled files) are checked in SKILL.md only, and only under the spec's three
folders, to avoid guessing at prose; a path written with a host placeholder (`{baseDir}/tools/run.sh`) says
it is the skill's own file and is checked whatever its folder.

A link that leaves the skill folder (`../other-skill/SKILL.md`) is a warning, not an error: inside its
collection it works, and hosts load the skill; it breaks only when the skill is installed on its own.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

from skillslint import hostpaths
from skillslint.checks import Emit
from skillslint.checks.mdrefs import Ref, extract

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# Text that marks a target as an example to fill in rather than a real path.
_PLACEHOLDER = re.compile(r"[<>{}*$]|\.\.\.|\bpath/to\b|\bexample\b|\byour[-_]", re.IGNORECASE)


def local_target(target: str) -> str | None:
    """The file part of a relative link, or None for URLs, anchors, absolute paths and examples."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1].strip()
    if not target or target.startswith(("#", "/", "\\", "~")) or _SCHEME.match(target):
        return None
    if _PLACEHOLDER.search(target):
        return None
    target = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return target or None


Link = tuple[str, int, int]  # normalised target path, line, col


def check_file_links(
    skill_root: Path, md_file: Path, text: str, first_line: int, emit: Emit, mentions: bool = False
) -> list[Link]:
    """Check every relative link in one Markdown file; returns the local Markdown files it links to.

    A link in a file below the skill root (``references/a.md``) may be written from that file's folder or,
    as the spec says paths are, from the skill root: it resolves if it works either way. A host
    placeholder (``{baseDir}/…``, :mod:`skillslint.hostpaths`) means the skill's own folder."""
    root = os.path.normpath(skill_root)
    base = os.path.dirname(md_file)
    linked: list[Link] = []
    for ref in extract(text, first_line, mentions):
        host = _host_target(ref.target)
        if host is not None:
            written, meant = host
            places = [os.path.normpath(os.path.join(root, _in_skill(root, written, meant)))]
        else:
            target = local_target(ref.target)
            if target is None:
                continue
            places = _places(root, root if ref.mention else base, target)
        found = next((p for p in places if _inside(root, p) and os.path.exists(p)), None)
        if found is None and not _inside(root, places[0]):
            _escapes(root, ref, places[0], host, md_file, emit)
        elif found is None:
            code = "SR314" if ref.mention else "SR301"
            what = "mentioned file" if ref.mention else "link target"
            emit(code, ref.line, ref.col, f"{what} {_missing(root, ref, places, host)}", md_file)
        elif found.endswith(".md"):
            linked.append((found, ref.line, ref.col))
    return linked


def _host_target(target: str) -> tuple[hostpaths.HostPath, str] | None:
    """A placeholder path and the file part of what follows it (no anchor, decoded); None when the target
    has no placeholder, or what follows is itself an example (``${CLAUDE_PLUGIN_ROOT}/config/$1.json``)."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1].strip()
    host = hostpaths.split(target)
    if host is None:
        return None
    rest = unquote(host.rest.split("#", 1)[0].split("?", 1)[0])
    if _PLACEHOLDER.search(rest) or rest.startswith(("/", "\\", "~")):
        return None
    return host, rest


def _in_skill(root: str, host: hostpaths.HostPath, rest: str) -> str:
    meant = hostpaths.HostPath(host.placeholder, host.plugin, rest)
    return hostpaths.in_skill(meant, os.path.basename(root), lambda p: os.path.exists(os.path.join(root, p)))


def _places(root: str, folder: str, target: str) -> list[str]:
    """Where a relative link may point: from the file's folder, then from the skill root (inside it only)."""
    places = [os.path.normpath(os.path.join(folder, target))]
    from_root = os.path.normpath(os.path.join(root, target))
    if from_root not in places and _inside(root, from_root):
        places.append(from_root)
    return places


def _inside(root: str, path: str) -> bool:
    return path == root or path.startswith(root + os.sep)


def _shown(root: str, path: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def _missing(root: str, ref: Ref, places: list[str], host: tuple[hostpaths.HostPath, str] | None) -> str:
    """What a broken link or mention names, and where it was looked for."""
    if host is not None:
        return f"'{ref.target}' (the skill's own '{_shown(root, places[0])}') does not exist in the skill"
    if len(places) == 1:
        return f"'{local_target(ref.target)}' does not exist in the skill"
    folder, skill_root = (_shown(root, p) for p in places)
    return (
        f"'{local_target(ref.target)}' does not exist in the skill: neither '{folder}' (from this file's folder) "
        f"nor '{skill_root}' (from the skill root)"
    )


def _escapes(
    root: str, ref: Ref, resolved: str, host: tuple[hostpaths.HostPath, str] | None, md_file: Path, emit: Emit
) -> None:
    # Sibling skills and a collection's README are real files upstream; only the skill alone lacks them.
    missing = "" if os.path.exists(resolved) else ", and it does not exist here"
    kind = "path" if ref.mention else "link"
    if host is not None and host[0].plugin:
        what = f"{kind} '{ref.target}' points into the plugin around the skill, not into the skill{missing}"
        fix = "bundle the file in the skill and write {baseDir}/…, or link by URL"
    else:
        what = f"{kind} '{ref.target}' leaves the skill folder{missing}"
        fix = "bundle the file or link by URL"
    emit("SR302", ref.line, ref.col, f"{what}; it breaks when the skill is installed on its own ({fix})", md_file)


def check_depth(skill_md: Path, direct: list[Link], onward: dict[str, tuple[Path, list[Link]]], emit: Emit) -> None:
    """Warn when a file that SKILL.md links to links on to a file SKILL.md does not link to.

    Models open referenced files on demand and often only partly follow a second hop.
    `onward` maps each Markdown file (normalised path) to its display path and links.
    """
    first_hop = {target for target, _, _ in direct} | {os.path.normpath(skill_md)}
    for ref_file in sorted({target for target, _, _ in direct}):
        display, links = onward.get(ref_file, (Path(ref_file), []))
        reported: set[str] = set()
        for target, line, col in links:
            if target not in first_hop and target not in reported:
                reported.add(target)
                rel = os.path.relpath(target, os.path.dirname(skill_md))
                msg = f"links on to '{rel}', two hops from SKILL.md; link it from SKILL.md directly"
                emit("SR303", line, col, msg, display)
