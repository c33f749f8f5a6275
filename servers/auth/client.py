"""Connecting to OAuth-protected remote MCP servers: discovery, registration, PKCE, refresh.

Tokens and client registrations are kept on disk encrypted (Fernet) under ``<home>/client/``, with
the key file and every token file mode 0600, so a second run reuses them without a browser.
``HeadlessOAuth`` signs in through the consent form itself (tests, CI, unattended scripts).
"""

from __future__ import annotations

import os
import re
import secrets
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
from fastmcp.client.auth import OAuth
from key_value.aio.stores.filetree import (
    FileTreeStore,
    FileTreeV1CollectionSanitizationStrategy,
    FileTreeV1KeySanitizationStrategy,
)
from key_value.aio.wrappers.encryption import FernetEncryptionWrapper
from mcp.shared.auth import AuthorizationCodeResult


def token_storage(home: Path) -> FernetEncryptionWrapper:
    directory = home / "client"
    tokens = directory / "tokens"
    tokens.mkdir(parents=True, exist_ok=True)
    os.chmod(directory, 0o700)
    os.chmod(tokens, 0o700)
    key_file = directory / "storage.key"
    if not key_file.exists():
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(32))
    store = FileTreeStore(
        data_directory=tokens,
        key_sanitization_strategy=FileTreeV1KeySanitizationStrategy(tokens),
        collection_sanitization_strategy=FileTreeV1CollectionSanitizationStrategy(tokens),
    )
    return FernetEncryptionWrapper(store, source_material=key_file.read_text(), salt="cairn-client-tokens")


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.action: str | None = None
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "form" and self.action is None:
            self.action = values.get("action")
        if tag == "input" and values.get("type") == "hidden" and "name" in values:
            self.fields[values["name"]] = values.get("value", "")


class HeadlessOAuth(OAuth):
    """OAuth that answers Cairn's consent page itself with a username and password (no browser)."""

    def __init__(self, mcp_url: str, *, username: str, password: str, allow: bool = True, **kwargs: object) -> None:
        super().__init__(mcp_url, **kwargs)  # type: ignore[arg-type]
        self._credentials = (username, password)
        self._allow = allow
        self._result: AuthorizationCodeResult | None = None
        self.last_page_status: int | None = None

    async def redirect_handler(self, authorization_url: str) -> None:
        async with httpx.AsyncClient(follow_redirects=False, timeout=30) as browser:
            response = await browser.get(authorization_url)
            while response.status_code in (302, 303, 307) and "/callback" not in response.headers["location"]:
                response = await browser.get(urljoin(str(response.url), response.headers["location"]))
            if response.status_code in (302, 303):  # remembered consent: straight back to us
                self._result = self._parse_callback(response.headers["location"])
                return
            parser = _FormParser()
            parser.feed(response.text)
            if parser.action is None:
                raise RuntimeError(f"no consent form at {response.url} (HTTP {response.status_code})")
            username, password = self._credentials
            decision = "allow" if self._allow else "deny"
            posted = await browser.post(
                parser.action, data={**parser.fields, "username": username, "password": password, "decision": decision}
            )
            self.last_page_status = posted.status_code
            if posted.status_code not in (302, 303):
                message = re.search(r"role='alert'>([^<]+)<", posted.text)
                raise RuntimeError(f"sign-in refused: {message.group(1) if message else posted.status_code}")
            self._result = self._parse_callback(posted.headers["location"])

    @staticmethod
    def _parse_callback(location: str) -> AuthorizationCodeResult:
        query = parse_qs(urlsplit(location).query)
        if "error" in query:
            raise RuntimeError(f"authorization failed: {query['error'][0]}")
        return AuthorizationCodeResult(
            code=query["code"][0], state=query.get("state", [None])[0], iss=query.get("iss", [None])[0]
        )

    async def callback_handler(self) -> AuthorizationCodeResult:
        if self._result is None:
            raise RuntimeError("the consent step did not produce a code")
        result, self._result = self._result, None
        return result


def oauth_for(
    url: str, home: Path, *, scopes: list[str] | None = None, username: str | None = None, password: str | None = None
) -> OAuth:
    """Browser-based OAuth, or headless when credentials are given; tokens persisted under ``home``."""
    storage = token_storage(home)
    if username is not None and password is not None:
        return HeadlessOAuth(
            url, username=username, password=password, scopes=scopes, client_name="cairn connect", token_storage=storage
        )
    return OAuth(url, scopes=scopes, client_name="cairn connect", token_storage=storage)
