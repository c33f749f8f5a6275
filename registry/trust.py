"""Verified publishers: who the registry marks as the real source of a skill.

Names are first come, first served, so a name alone proves nothing. A skill is marked verified when

- its owner is a **verified publisher**: the operator confirmed the person or organisation
  (``cairn registry verify NAME``), or
- its repository link is **proven**: the owner asked for a token (``POST /api/v1/publishers/{owner}/
  repositories``), placed it in the repository at :data:`PROOF_PATH`, and the registry found it there — by
  fetching the address ``CAIRN_REGISTRY__REPOSITORY_PROOF_URL`` makes of the repository (off by default: a
  registry need not reach the network), or by the operator looking and confirming
  (``cairn registry verify-repo OWNER URL``).

A proof belongs to the owner who claimed it: a copy of a verified skill published by someone else, under
any name, names the same repository but is not marked.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote, urlsplit

import httpx

from registry.provenance import normalise_url
from registry.settings import RegistrySettings
from registry.storage.rows import RepositoryClaim, Skill
from registry.storage.store import RegistryStore
from registry.storage.trust import TrustRows

PROOF_PATH = ".well-known/cairn-registry.txt"
PROOF_MAX_BYTES = 65_536
Mark = Literal["publisher", "repository"]


class TrustError(ValueError):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(frozen=True)
class Marks:
    """Who is verified, read once for a page or an API answer."""

    owners: frozenset[str]
    repositories: frozenset[tuple[str, str]]  # (owner, repository lower-cased)

    def of(self, skill: Skill) -> Mark | None:
        if skill.owner in self.owners or skill.is_system:  # the registry's own built-in skills are the operator's
            return "publisher"
        if skill.repository and (skill.owner, skill.repository.lower()) in self.repositories:
            return "repository"
        return None


def proof_line(claim: RepositoryClaim) -> str:
    return f"cairn-registry-verification: {claim.owner} {claim.token}"


class Trust:
    def __init__(self, store: RegistryStore, settings: RegistrySettings) -> None:
        self.rows = TrustRows(store)
        self.store = store
        self.settings = settings

    def marks(self) -> Marks:
        return Marks(
            frozenset(p.owner for p in self.rows.verified_publishers()),
            frozenset((o, r.lower()) for o, r in self.rows.verified_repositories()),
        )

    def publisher_exists(self, owner: str) -> bool:
        return self.rows.publisher_exists(owner)

    def verify_publisher(self, owner: str, by: str, note: str = "") -> None:
        if not self.publisher_exists(owner):
            raise TrustError("not_found", f"no person or organisation named {owner!r} has published here", 404)
        self.rows.verify_publisher(owner, by, note)

    def claim(self, owner: str, repository: str, requested_by: str) -> RepositoryClaim:
        url = normalise_url(repository)
        if url is None:
            raise TrustError("bad_repository", f"{repository[:80]!r} is not an http(s) repository address")
        return self.rows.claim(owner, url, "crv_" + secrets.token_urlsafe(18), requested_by)

    def find_claim(self, owner: str, repository: str) -> RepositoryClaim | None:
        url = normalise_url(repository)
        return self.rows.find_claim(owner, url) if url else None

    def proof_url(self, repository: str) -> str | None:
        """Where this registry reads a repository's proof file, or None when it fetches nothing."""
        template = self.settings.repository_proof_url
        if not template:
            return None
        parts = urlsplit(repository)
        segments = [s for s in parts.path.split("/") if s]
        if any(s in (".", "..") for s in segments) or parts.query or parts.fragment:
            return None  # a path that would climb out of the repository on the code host is not read
        path = quote("/".join(segments), safe="/")
        return template.format(repository=repository, host=parts.netloc, path=path, file=PROOF_PATH)

    def check(self, owner: str, repository: str, by: str, fetch: httpx.Client | None = None) -> RepositoryClaim:
        """Fetch the repository's proof file and mark the claim proven when it holds the claim's token."""
        claim = self.find_claim(owner, repository)
        if claim is None:
            raise TrustError("no_claim", f"{owner} has not claimed {repository}: ask for a token first", 404)
        url = self.proof_url(claim.repository)
        if url is None:
            raise TrustError(
                "not_fetched",
                "this registry does not fetch repositories; the operator checks the file and confirms with "
                f"`cairn registry verify-repo {owner} {claim.repository}`",
                409,
            )
        client = fetch or httpx.Client(timeout=10, follow_redirects=True)
        try:
            response = client.get(url)
            text = response.content[:PROOF_MAX_BYTES].decode("utf-8", "replace")
        except httpx.HTTPError as exc:
            raise TrustError("proof_unreachable", f"{url} could not be read: {exc}", 502) from None
        finally:
            if fetch is None:
                client.close()
        if response.status_code != 200 or proof_line(claim) not in text:
            raise TrustError(
                "proof_missing",
                f"{url} does not hold the line {proof_line(claim)!r} (answered {response.status_code})",
                422,
            )
        self.rows.set_claim_verified(owner, claim.repository, by)
        found = self.rows.find_claim(owner, claim.repository)
        assert found is not None
        return found

    def confirm(self, owner: str, repository: str, by: str, undo: bool = False) -> RepositoryClaim:
        """The operator's confirmation of a claim (they saw the file); with ``undo``, its withdrawal."""
        claim = self.find_claim(owner, repository)
        if claim is None:
            raise TrustError("no_claim", f"{owner} has not claimed {repository}", 404)
        self.rows.set_claim_verified(owner, claim.repository, None if undo else by)
        found = self.rows.find_claim(owner, claim.repository)
        assert found is not None
        return found
