"""Typed rows the auth store hands out where a column holds JSON or flags: validated here
(``PendingRequest.model_validate(row)``), so the consent pages and the key store read attributes."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict


def _parsed(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


class Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class AuthorizeParams(Row):
    """What an authorization request asked for, kept while its user decides on the consent page: the fields
    of the MCP SDK's ``AuthorizationParams``, restated because importing the SDK here would load it for every
    ``cairn auth`` command."""

    state: str | None = None
    scopes: list[str] | None = None
    code_challenge: str
    redirect_uri: str
    redirect_uri_provided_explicitly: bool
    resource: str | None = None


class PendingRequest(Row):
    """A row of ``pending_requests``: the client, what it asked for (a JSON column, parsed) and the form's token."""

    client_id: str
    params: Annotated[AuthorizeParams, BeforeValidator(_parsed)]
    csrf: str


class SigningKey(Row):
    """A row of ``signing_keys``: the key as JWK JSON text (private part included), when it was made, and
    whether it was retired."""

    kid: str
    jwk: str
    created_at: float
    retired: bool


class CodeRecord(Row):
    """An authorization code's grant (``codes``): the scopes a JSON column, the explicit-redirect flag 0/1."""

    client_id: str
    username: str
    scopes: Annotated[list[str], BeforeValidator(_parsed)]
    code_challenge: str
    redirect_uri: str
    redirect_explicit: bool
    resource: str | None
    expires_at: float
    used_at: float | None = None


class RefreshRecord(Row):
    """A refresh token's grant (``refresh_tokens``), its scopes a JSON column."""

    token_hash: str
    family_id: str
    client_id: str
    username: str
    scopes: Annotated[list[str], BeforeValidator(_parsed)]
    resource: str | None
    expires_at: float
    rotated_at: float | None = None
    revoked_at: float | None = None
