"""Connecting to OAuth-protected remote MCP servers: discovery, registration, PKCE, refresh.

Tokens and client registrations are kept on disk encrypted (Fernet) under ``<home>/client/``, with
the key file and every token file mode 0600, so a second run reuses them without a browser.
``HeadlessOAuth`` signs in through the consent form itself (tests, CI, unattended scripts); ``BrowserOAuth``
leaves it to a person, and prints the address to open plain, on its own line.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
from fastmcp.client.auth import OAuth
from fastmcp.client.auth.oauth import ClientNotFoundError
from key_value.aio.stores.filetree import (
    FileTreeStore,
    FileTreeV1CollectionSanitizationStrategy,
    FileTreeV1KeySanitizationStrategy,
)
from key_value.aio.wrappers.encryption import FernetEncryptionWrapper
from mcp.shared.auth import AuthorizationCodeResult

from servers.core.secretfiles import secret_file


def token_storage(home: Path) -> FernetEncryptionWrapper:
    directory = home / "client"
    tokens = directory / "tokens"
    tokens.mkdir(parents=True, exist_ok=True)
    os.chmod(directory, 0o700)
    os.chmod(tokens, 0o700)
    key = secret_file(directory / "storage.key").decode("ascii")
    store = FileTreeStore(
        data_directory=tokens,
        key_sanitization_strategy=FileTreeV1KeySanitizationStrategy(tokens),
        collection_sanitization_strategy=FileTreeV1CollectionSanitizationStrategy(tokens),
    )
    return FernetEncryptionWrapper(store, source_material=key, salt="cairn-client-tokens")


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


class SignInError(RuntimeError):
    """A sign-in that cannot go on (refused password, a page that needs a browser): its message is for the user."""


class HeadlessOAuth(OAuth):
    """OAuth without a browser: follows the authorization redirects itself and, on Cairn's consent
    page, signs in with the given username and password. Without credentials it works with servers
    that approve without a page (and says so clearly when one asks for a sign-in)."""

    def __init__(
        self,
        mcp_url: str,
        *,
        username: str | None = None,
        password: str | None = None,
        allow: bool = True,
        **kwargs: object,
    ) -> None:
        super().__init__(mcp_url, **kwargs)  # type: ignore[arg-type]
        self._credentials = (username, password)
        self._allow = allow
        self._result: AuthorizationCodeResult | None = None
        self.last_page_status: int | None = None

    async def redirect_handler(self, authorization_url: str) -> None:
        async with httpx.AsyncClient(follow_redirects=False, timeout=30) as browser:
            response = await browser.get(authorization_url)
            if response.status_code == 400 and self._static_client_info is None:
                # The stored registration names the redirect port of an earlier run (each run picks a free one),
                # so the server refuses it: the base class then registers afresh and tries once more.
                raise ClientNotFoundError("the stored client registration was refused")
            if response.status_code == 400:
                raise SignInError(f"the authorization server refused the sign-in request: {_oauth_error(response)}")
            while response.status_code in (301, 302, 303, 307) and not self._is_callback(response.headers["location"]):
                response = await browser.get(urljoin(str(response.url), response.headers["location"]))
            if response.status_code in (301, 302, 303, 307):  # approved without a page: straight back to us
                self._result = self._parse_callback(response.headers["location"])
                return
            parser = _FormParser()
            parser.feed(response.text)
            username, password = self._credentials
            if parser.action is None or username is None or password is None:
                where = urlsplit(str(response.url))
                raise SignInError(
                    f"{where.scheme}://{where.netloc} asks for a sign-in (HTTP {response.status_code}) and "
                    "--no-browser cannot show its page. Either sign in once without --no-browser (it prints an "
                    "address to open in a browser; the tokens are then stored and later runs need no browser), "
                    "or, for a Cairn server, give the account: --username NAME --password-stdin with the "
                    "password on standard input"
                )
            decision = "allow" if self._allow else "deny"
            posted = await browser.post(
                parser.action, data={**parser.fields, "username": username, "password": password, "decision": decision}
            )
            self.last_page_status = posted.status_code
            if posted.status_code not in (302, 303):
                message = re.search(r"role='alert'>([^<]+)<", posted.text)
                raise SignInError(f"sign-in refused: {message.group(1) if message else posted.status_code}")
            self._result = self._parse_callback(posted.headers["location"])

    def _is_callback(self, location: str) -> bool:
        parts = urlsplit(location)
        return parts.path == "/callback" and parts.port == self.redirect_port

    @staticmethod
    def _parse_callback(location: str) -> AuthorizationCodeResult:
        query = parse_qs(urlsplit(location).query)
        if "error" in query:
            raise SignInError(f"authorization failed: {query['error'][0]}")
        return AuthorizationCodeResult(
            code=query["code"][0], state=query.get("state", [None])[0], iss=query.get("iss", [None])[0]
        )

    async def callback_handler(self) -> AuthorizationCodeResult:
        if self._result is None:
            raise SignInError("the consent step did not produce a code")
        result, self._result = self._result, None
        return result


class BrowserOAuth(OAuth):
    """fastmcp's browser sign-in, with the sign-in address printed plain on a line of its own (stderr).

    fastmcp logs the address inside a rich log box, wrapped over a dozen lines with borders: on a machine
    where no browser opens (over SSH, in a container) it cannot be copied whole, and that is exactly where it
    must be copied. Its own log lines about the sign-in are kept below warnings for the same reason.
    """

    async def redirect_handler(self, authorization_url: str) -> None:
        oauth_log = logging.getLogger("fastmcp.client.auth.oauth")
        level = oauth_log.level
        oauth_log.setLevel(logging.WARNING)
        try:
            await super().redirect_handler(authorization_url)  # checks the client, then opens a browser if any
        finally:
            oauth_log.setLevel(level)
        print(
            "Sign in: open this address in a browser on this machine (the sign-in returns to "
            f"http://localhost:{self.redirect_port}/callback):",
            file=sys.stderr,
        )
        print(authorization_url, file=sys.stderr, flush=True)


def _oauth_error(response: httpx.Response) -> str:
    """An OAuth error answer in a few words: its description, else its code, else the HTTP status."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and (body.get("error_description") or body.get("error")):
        return str(body.get("error_description") or body.get("error"))
    return f"HTTP {response.status_code}"


async def token_auth_method(mcp_url: str) -> str | None:
    """The client-authentication method the server's authorization server prefers for a confidential
    client (``client_secret_post`` or ``client_secret_basic``), found through RFC 9728 then RFC 8414."""
    async with httpx.AsyncClient(timeout=15) as http:
        challenge = await http.post(mcp_url, json={"jsonrpc": "2.0", "id": 0, "method": "ping"})
        found = re.search(r'resource_metadata="([^"]+)"', challenge.headers.get("www-authenticate", ""))
        prm_url = found.group(1) if found else urljoin(mcp_url, "/.well-known/oauth-protected-resource")
        prm = await http.get(prm_url)
        servers = prm.json().get("authorization_servers", []) if prm.status_code == 200 else []
        if not servers:
            return None
        issuer = urlsplit(str(servers[0]))
        metadata = await http.get(
            f"{issuer.scheme}://{issuer.netloc}/.well-known/oauth-authorization-server{issuer.path.rstrip('/')}"
        )
        if metadata.status_code != 200:
            return None
        methods = metadata.json().get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
    for method in ("client_secret_post", "client_secret_basic"):
        if method in methods:
            return method
    return None


def oauth_for(
    url: str,
    home: Path,
    *,
    scopes: list[str] | None = None,
    username: str | None = None,
    password: str | None = None,
    browser: bool = True,
    client_id: str | None = None,
    client_secret: str | None = None,
    client_auth_method: str | None = None,
) -> OAuth:
    """Browser-based OAuth, or headless (no browser) when asked or when credentials are given.

    Tokens and the registered client are persisted, encrypted, under ``home``. A pre-registered
    client (``client_id``, optional ``client_secret``) skips dynamic registration.
    """
    common: dict[str, Any] = {
        "scopes": scopes,
        "client_name": "cairn connect",
        "token_storage": token_storage(home),
        "client_id": client_id,
        "client_secret": client_secret,
    }
    if client_auth_method:
        common["additional_client_metadata"] = {"token_endpoint_auth_method": client_auth_method}
    if not browser or (username is not None and password is not None):
        return HeadlessOAuth(url, username=username, password=password, **common)
    return BrowserOAuth(url, **common)
