"""Settings of authentication (``CAIRN_AUTH__<FIELD>``)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from servers.core.settings import CoreSettings


class AuthSettings(BaseModel):
    issuer: str | None = Field(
        None,
        description="Public base URL of Cairn's authorization server; default http://<host>:<port> of `cairn serve`.",
    )
    public_url: str | None = Field(
        None, description="Public base URL of the MCP endpoints when behind a proxy; default http://<host>:<port>."
    )
    access_token_ttl_s: int = Field(900, ge=60, le=86_400, description="Access tokens are short-lived JWTs.")
    refresh_token_ttl_s: int = Field(30 * 86_400, ge=3600)
    code_ttl_s: int = Field(300, ge=30, le=600)
    allowed_resources: list[str] = Field(
        default_factory=list,
        description="Extra MCP endpoint URLs Cairn's authorization server may issue tokens for (RFC 8707).",
    )
    login_attempts: int = Field(5, ge=1, description="Failed logins allowed per user and address per window.")
    login_attempts_per_account: int = Field(
        20, ge=1, description="Failed logins allowed per user per window, from all addresses together."
    )
    login_attempts_per_address: int = Field(
        50, ge=1, description="Failed logins allowed per address per window, for all usernames together."
    )
    login_window_s: int = Field(300, ge=10)
    introspection_clients: list[str] = Field(
        default_factory=list,
        description="Client ids of the resource servers that may introspect (RFC 7662) any token this server "
        "issued: confidential clients registered at /register, e.g. an endpoint run with --auth external and "
        "CAIRN_AUTH__EXTERNAL_INTROSPECTION_URL. Any other client learns only about tokens issued to itself.",
    )
    forwarded_allow_ips: str | None = Field(
        None,
        description="Proxies whose X-Forwarded-For/-Proto headers are believed (comma-separated IPs or networks, "
        "or '*'); unset = none, so a client cannot choose the address that login limits count. "
        "`--forwarded-allow-ips` of `cairn serve`, `cairn auth serve` and `cairn registry serve` overrides it.",
    )
    # --auth external: trust another issuer
    external_issuer: str | None = None
    external_jwks_url: str | None = None
    external_introspection_url: str | None = None
    external_client_id: str | None = None
    external_client_secret: str | None = None
    external_audience: list[str] | None = Field(
        None, description="Accepted token audiences; default the endpoint URLs."
    )


class AuthServerSettings(CoreSettings):
    """What the authorization server and the endpoints it protects read: the shared settings and ``auth``."""

    auth: AuthSettings = Field(default_factory=AuthSettings)
