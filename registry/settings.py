"""Settings of the skills registry (``CAIRN_REGISTRY__<FIELD>``).

| variable (``CAIRN_REGISTRY__…``) | default          | meaning                                              |
|-----------------------------------|------------------|------------------------------------------------------|
| ``BASE_URL``                      | http://host:port | public URL of the site (behind a proxy: https)       |
| ``BLOB_DIR``                      | registry/blobs   | archive files (shared by instances of one database)  |
| ``ISSUER``                        | unset            | external Cairn issuer; unset serves one at the root  |
| ``MAX_ARCHIVE_BYTES``             | 5 MB             | largest upload                                       |
| ``MAX_UNPACKED_BYTES``            | 20 MB            | largest unpacked size                                |
| ``MAX_FILES``                     | 500              | entries per archive                                  |
| ``MAX_RATIO``                     | 100              | unpacked/packed ratio above which it is a bomb       |
| ``PAGE_SIZE``                     | 20               | results per page (API callers may ask up to 100)     |
| ``SEED_BUILTIN``                  | true             | publish the built-in skills as org ``cairn``         |
| ``PUBLISH_PER_HOUR``              | 30               | versions one publisher may publish an hour (0: any)  |
| ``SIGNUP``                        | unset            | self-service accounts; unset = on only for loopback  |
| ``SIGNUP_PER_HOUR``               | 5                | accounts one address may create an hour (0: any)     |
| ``SEMANTIC_SEARCH``               | true             | also rank by e5 similarity (warmed in the background) |
| ``SEMANTIC_WAIT_MS``              | unset            | longest wait for a new query's embedding (ms)        |
| ``TOKEN``                         | unset            | personal API token for ``cairn skills publish/yank`` |
| ``URL``                           | unset            | registry for the CLI; default the skills server's    |
| ``ADMINS``                        | ["admin"]        | accounts that may publish under reserved names       |
| ``REPOSITORY_PROOF_URL``          | unset            | where to read a repository's proof file (a template) |
| ``REPORTS_PER_DAY``               | 10               | skill reports one user may send a day (0: any)       |
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field, SecretStr

from servers.auth.settings import AuthServerSettings


class RegistrySettings(BaseModel):
    """Limits and wiring of the skills marketplace."""

    base_url: str | None = Field(None, description="Public base URL; default http://<host>:<port> of the server.")
    blob_dir: Path | None = Field(
        None,
        description="Where archive files are kept (default <CAIRN_HOME>/registry/blobs). Instances that share "
        "CAIRN_DATABASE_URL must share this directory too (a network file system or a mounted volume).",
    )
    issuer: str | None = Field(
        None, description="External Cairn authorization server; unset = the registry serves its own at its root."
    )
    marketplace_name: str = Field("cairn-skills", description="Name of the Claude Code plugin marketplace export.")
    max_archive_bytes: int = Field(5_000_000, ge=1024, description="Largest archive upload.")
    max_unpacked_bytes: int = Field(20_000_000, ge=1024, description="Largest total unpacked size.")
    max_files: int = Field(500, ge=1, le=10_000, description="Most entries (files and folders) in an archive.")
    max_file_bytes: int = Field(5_000_000, ge=1024, description="Largest single file inside an archive.")
    max_ratio: float = Field(100.0, ge=2, description="Unpacked/packed size ratio above which an upload is refused.")
    page_size: int = Field(20, ge=1, le=100)
    seed_builtin: bool = Field(True, description="Publish the built-in skills (org 'cairn') at start-up.")
    publish_per_hour: int = Field(30, ge=0, description="Versions one publisher may publish per hour; 0 = no limit.")
    signup: bool | None = Field(
        None,
        description="Let visitors create their own accounts at /signup (built-in sign-in only). Unset: on when "
        "the site's base URL is a loopback address (a developer's machine), off for a public site until "
        "the operator turns it on.",
    )
    signup_per_hour: int = Field(5, ge=0, description="Accounts one client address may create per hour; 0 = no limit.")
    semantic_search: bool = Field(
        True,
        description="Rank by embedding similarity too (other languages, paraphrases). The model loads in the "
        "background at start; searches before it is ready use the fuzzy and keyword stages. Off with "
        "CAIRN_EMBEDDER=none as well.",
    )
    semantic_wait_ms: float | None = Field(
        None,
        ge=0,
        description="The longest a search waits for its query's embedding (ms from the start of the search). "
        "A query not embedded by then is answered from the name and keyword stages, unless they found nothing; "
        "an embedding already under way still finishes and is kept, so asking again (the next page, a refresh) "
        "ranks by meaning too. Unset: "
        "always wait (e5 on a busy 2-core machine: p95 ≈ 35 ms per new query).",
    )
    admins: list[str] = Field(
        default_factory=lambda: ["admin"],
        description="Accounts that may publish skills and found organisations under reserved names (cairn, "
        "cairn-*, anthropic*, claude, *-official…: registry/reserved.py). Default: the operator's first user.",
    )
    repository_proof_url: str | None = Field(
        None,
        description="Where the registry reads the proof file a publisher placed in a repository, to verify "
        "their link to it: a template with {repository} (the address), {host}, {path} (owner/name) and {file} "
        "(.well-known/cairn-registry.txt), e.g. https://raw.githubusercontent.com/{path}/HEAD/{file}. Unset: "
        "the registry fetches nothing and the operator confirms claims (`cairn registry verify-repo`).",
    )
    reports_per_day: int = Field(10, ge=0, description="Skill reports one user may send per day; 0 = no limit.")
    session_ttl_s: int = Field(12 * 3600, ge=300)
    token: SecretStr | None = Field(None, description="Personal API token used by `cairn skills publish/yank`.")
    url: str | None = Field(None, description="Registry URL for the CLI; default CAIRN_SKILLS__REGISTRY_URL.")


class RegistryServerSettings(AuthServerSettings):
    """What the registry reads: the shared settings, the accounts' ``auth`` section and its own."""

    registry: RegistrySettings = Field(default_factory=RegistrySettings)

    def data_elsewhere(self) -> list[Path]:
        elsewhere = self.registry.blob_dir
        return [*super().data_elsewhere(), *([elsewhere.expanduser()] if elsewhere is not None else [])]
