"""Where a skill comes from: its source repository, homepage and licence.

Read from SKILL.md (the Agent Skills spec's ``license`` field, and ``repository``/``homepage`` under
``metadata`` or at the top level, where some authors put them), from a licence file the skill ships, or
given when publishing (the multipart fields ``repository``, ``homepage`` and ``license``, which win).

Real skills rarely name an SPDX identifier: most write ``license: Complete terms in LICENSE.txt`` and ship
the text. The licence is then recognised from that file's wording (Apache 2.0, MIT, BSD, GPL, MPL, …, or
"All rights reserved" → ``Proprietary``), so the licence filter finds them; a licence the registry cannot
name is kept as written (shortened) and still shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

MAX_URL = 300
MAX_LICENSE = 80
_LICENSE_FILE = re.compile(r"^(?:licen[cs]e|copying)(?:[.-][a-z0-9]+)?(?:\.(?:txt|md))?$", re.IGNORECASE)
_SPDX = re.compile(r"^[A-Za-z0-9.+-]{2,40}(?: (?:AND|OR|WITH) [A-Za-z0-9.+-]{2,40})*$")
_SCP = re.compile(r"^git@([a-z0-9.-]+):([\w.-]+/[\w.-]+?)(?:\.git)?/?$", re.IGNORECASE)
# Identifiers written in other spellings → the SPDX one.
_KNOWN_IDS = {
    "mit": "MIT",
    "apache-2.0": "Apache-2.0",
    "apache2": "Apache-2.0",
    "apache-2": "Apache-2.0",
    "bsd-2-clause": "BSD-2-Clause",
    "bsd-3-clause": "BSD-3-Clause",
    "isc": "ISC",
    "mpl-2.0": "MPL-2.0",
    "gpl-2.0": "GPL-2.0",
    "gpl-3.0": "GPL-3.0",
    "lgpl-3.0": "LGPL-3.0",
    "agpl-3.0": "AGPL-3.0",
    "unlicense": "Unlicense",
    "cc0-1.0": "CC0-1.0",
    "cc-by-4.0": "CC-BY-4.0",
    "cc-by-sa-4.0": "CC-BY-SA-4.0",
    "proprietary": "Proprietary",
}
# (identifier, every phrase its text has), the first match wins: the more specific texts come first.
_TEXTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Apache-2.0", ("apache license", "version 2.0")),
    ("AGPL-3.0", ("gnu affero general public license", "version 3")),
    ("LGPL-3.0", ("gnu lesser general public license", "version 3")),
    ("GPL-3.0", ("gnu general public license", "version 3")),
    ("GPL-2.0", ("gnu general public license", "version 2")),
    ("MPL-2.0", ("mozilla public license", "2.0")),
    ("MIT", ("permission is hereby granted, free of charge",)),
    ("BSD-3-Clause", ("redistribution and use in source and binary forms", "neither the name")),
    ("BSD-2-Clause", ("redistribution and use in source and binary forms",)),
    ("ISC", ("permission to use, copy, modify, and/or distribute this software",)),
    ("Unlicense", ("this is free and unencumbered software released into the public domain",)),
    ("CC0-1.0", ("cc0 1.0 universal",)),
    ("CC-BY-4.0", ("creative commons attribution 4.0",)),
    ("Proprietary", ("all rights reserved",)),
)


@dataclass(frozen=True)
class Provenance:
    repository: str | None = None
    homepage: str | None = None
    license: str | None = None
    license_file: str | None = None  # the licence text the skill ships, a path inside it


class ProvenanceError(ValueError):
    """A publish field that is not a usable value (a repository that is not an http(s) address)."""


def normalise_url(value: object) -> str | None:
    """An http(s) address as the registry keeps it (no ``.git``, no trailing ``/``); ``github.com/o/r``
    and ``git@github.com:o/r.git`` become https addresses; anything else is None."""
    if isinstance(value, dict):
        value = value.get("url")
    if not isinstance(value, str):
        return None
    text = value.strip()
    scp = _SCP.match(text)
    if scp:
        text = f"https://{scp.group(1)}/{scp.group(2)}"
    elif text.startswith("git+"):
        text = text[4:]
    if "://" not in text and re.match(r"^[a-z0-9.-]+\.[a-z]{2,}/", text, re.IGNORECASE):
        text = "https://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c in text for c in " \t\r\n<>\"'"):
        return None
    if any(segment in (".", "..") for segment in parts.path.split("/")):
        return None  # an address that climbs out of itself names no repository
    text = text.rstrip("/")
    if text.endswith(".git"):
        text = text[:-4]
    return text[:MAX_URL] if len(text) <= MAX_URL else None


def license_id(text: str) -> str | None:
    """The SPDX identifier a short licence field names (``mit`` → ``MIT``), or None."""
    compact = text.strip()
    known = _KNOWN_IDS.get(compact.lower().replace(" ", "-"))
    if known:
        return known
    return compact if _SPDX.match(compact) and any(c.isdigit() or c.isupper() for c in compact) else None


def recognise(text: str) -> str | None:
    """The licence a licence file's text is, by its telling phrases; None when none fits."""
    lowered = " ".join(text[:20_000].lower().split())
    for identifier, phrases in _TEXTS:
        if all(p in lowered for p in phrases):
            return identifier
    return None


def _field(frontmatter: dict[str, Any], *keys: str) -> object:
    meta = frontmatter.get("metadata")
    for key in keys:
        if isinstance(meta, dict) and meta.get(key) not in (None, ""):
            return meta[key]
        if frontmatter.get(key) not in (None, ""):
            return frontmatter[key]
    return None


def read(
    frontmatter: dict[str, Any],
    files: dict[str, bytes],
    *,
    repository: str | None = None,
    homepage: str | None = None,
    license: str | None = None,
) -> Provenance:
    """A version's provenance: the publish fields given, else SKILL.md's, else its licence file's."""
    given_repo = normalise_url(repository) if repository else None
    if repository and given_repo is None:
        raise ProvenanceError(f"repository {repository[:80]!r} is not an http(s) address")
    given_home = normalise_url(homepage) if homepage else None
    if homepage and given_home is None:
        raise ProvenanceError(f"homepage {homepage[:80]!r} is not an http(s) address")
    repo = given_repo or normalise_url(_field(frontmatter, "repository", "repo", "source", "source_url"))
    home = given_home or normalise_url(_field(frontmatter, "homepage", "website", "url"))
    licence_files = sorted(p for p in files if "/" not in p and _LICENSE_FILE.match(p))
    licence_file = licence_files[0] if licence_files else None
    written = license.strip() if license and license.strip() else _field(frontmatter, "license", "licence")
    name = None
    if isinstance(written, str) and written.strip():
        written = written.strip()
        name = license_id(written)
        mentioned = [p for p in licence_files if p.lower() in written.lower()]
        licence_file = mentioned[0] if mentioned else licence_file
    if name is None and licence_file is not None:
        name = recognise(files[licence_file].decode("utf-8", "replace"))
    if name is None and isinstance(written, str) and written:
        name = written if len(written) <= MAX_LICENSE else written[: MAX_LICENSE - 1].rstrip() + "…"
    return Provenance(repo, home, name, licence_file)
