"""Outbound HTTP to a destination a user chose (scheduler webhooks): only public addresses, unless allowed.

A URL a user types can point at this machine (``127.0.0.1``, Cairn's own ``/token``), at the cloud metadata
service (``169.254.169.254``) or into the operator's private network. Such destinations are refused unless
the operator lists them in an allowlist of host names, addresses and CIDR ranges.

Refused: loopback, link-local, private (RFC 1918, ``fc00::/7``, ``100.64.0.0/10``), multicast, reserved,
unspecified (``0.0.0.0``, ``::``), documentation and other special-purpose ranges, IPv6 outside the global
unicast ``2000::/3``, and IPv6 forms that carry one of those IPv4 addresses (IPv4-mapped ``::ffff:a.b.c.d``,
NAT64 ``64:ff9b::/96``, 6to4 ``2002::/16``).

The check happens where the socket is opened, on the address actually connected to. ``GuardedBackend`` is an
httpcore network backend: for each new connection it resolves the host once, checks every address, and
opens the socket to a checked address itself. There is no second lookup for a changed DNS answer (DNS
rebinding) to slip through. TLS is unaffected by connecting by address: httpcore starts TLS on that socket
with the URL's host name as ``server_hostname``, so SNI and certificate verification use the name, and the
``Host`` header is built from the URL as usual.

``EgressPolicy.check_url`` refuses what is known without DNS (a user name or password in the URL, a literal
address in a refused range, ``localhost``), so a job can be refused when it is created; a host name is
checked when the request is sent, because its DNS answer may change in between.
"""

from __future__ import annotations

import asyncio
import re
import socket
import ssl
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network

import httpcore
import httpx

Address = IPv4Address | IPv6Address
Network = IPv4Network | IPv6Network


class EgressRefused(Exception):
    """A destination the policy refuses. Raised before any connection to it is opened.

    The message continues a sentence that starts with the URL, e.g. ``"resolves to 10.1.2.3, a private
    address (10.0.0.0/8): refused (allow it with CAIRN_SCHEDULER__WEBHOOK_ALLOW)"``.
    """


# --- classifying addresses ------------------------------------------------------------------------------

# First match wins, so a narrower range comes before a wider one it lies in.
_V4_RANGES: tuple[tuple[IPv4Network, str], ...] = tuple(
    (IPv4Network(cidr), kind)
    for cidr, kind in (
        # Connecting to 0.0.0.0 reaches this host on Linux; the rest of 0/8 means "this network".
        ("0.0.0.0/8", "unspecified"),
        ("127.0.0.0/8", "loopback"),
        ("10.0.0.0/8", "private"),
        ("172.16.0.0/12", "private"),
        ("192.168.0.0/16", "private"),
        ("100.64.0.0/10", "private (carrier-grade NAT)"),
        ("169.254.0.0/16", "link-local"),
        ("192.0.0.0/24", "special-purpose"),
        ("192.0.2.0/24", "documentation"),
        ("198.51.100.0/24", "documentation"),
        ("203.0.113.0/24", "documentation"),
        ("198.18.0.0/15", "benchmarking"),
        ("192.88.99.0/24", "reserved"),
        ("224.0.0.0/4", "multicast"),
        ("255.255.255.255/32", "broadcast"),
        ("240.0.0.0/4", "reserved"),
    )
)
_V6_RANGES: tuple[tuple[IPv6Network, str], ...] = tuple(
    (IPv6Network(cidr), kind)
    for cidr, kind in (
        ("::/128", "unspecified"),
        ("::1/128", "loopback"),
        ("fe80::/10", "link-local"),
        ("fec0::/10", "private (site-local)"),
        ("fc00::/7", "private"),
        ("ff00::/8", "multicast"),
        ("64:ff9b:1::/48", "private (local-use NAT64)"),
        ("100::/64", "special-purpose"),
        ("2001:db8::/32", "documentation"),
        ("3fff::/20", "documentation"),
        ("2001::/23", "special-purpose"),
    )
)
# Only this block is assigned for public unicast; anything else left over is unassigned or special.
_V6_GLOBAL_UNICAST = IPv6Network("2000::/3")
_NAT64 = IPv6Network("64:ff9b::/96")


@dataclass(frozen=True)
class Classification:
    """Why an address is not a public destination: its kind and, when known, the range it lies in."""

    kind: str
    network: Network | None = None
    via: str | None = None  # the IPv6 form that carried an IPv4 address, e.g. "IPv4-mapped"

    def describe(self) -> str:
        article = "an" if self.kind[0] in "aeiou" else "a"
        where = ", ".join(part for part in (str(self.network) if self.network else "", self.via or "") if part)
        return f"{article} {self.kind} address" + (f" ({where})" if where else "")


def embedded_ipv4(address: IPv6Address) -> tuple[IPv4Address, str] | None:
    """The IPv4 address an IPv6 form delivers to, if any, and the name of that form."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped, "IPv4-mapped"
    if address in _NAT64:
        # A NAT64 gateway translates these to the IPv4 address in the low 32 bits.
        return IPv4Address(int(address) & 0xFFFFFFFF), "NAT64"
    if address.sixtofour is not None:
        return address.sixtofour, "6to4"
    return None


def classify(address: Address | str) -> Classification | None:
    """Why ``address`` is refused as a destination by default, or None when it is a public address.

    The ranges are listed here rather than taken from ``ipaddress``'s ``is_global``, whose answers differ
    between Python versions and which calls multicast, NAT64 and unassigned IPv6 "global".
    """
    if isinstance(address, str):
        address = ip_address(address)
    if isinstance(address, IPv6Address):
        embedded = embedded_ipv4(address)
        if embedded is not None:
            found = classify(embedded[0])
            return replace(found, via=embedded[1]) if found is not None else None
        for network6, kind in _V6_RANGES:
            if address in network6:
                return Classification(kind, network6)
        if address not in _V6_GLOBAL_UNICAST:
            return Classification("reserved", None, "outside 2000::/3")
    else:
        for network4, kind in _V4_RANGES:
            if address in network4:
                return Classification(kind, network4)
    # A backstop for ranges a newer Python knows and the tables above do not.
    if not address.is_global:
        return Classification("non-global")
    return None


_NUMERIC_HOST = re.compile(r"[0-9][0-9a-fx.]*")


def literal_address(host: str) -> Address | None:
    """The address ``host`` spells, if it is one, in any form the system resolver reads without DNS.

    Besides dotted quads that includes ``2130706433``, ``0x7f.1`` and ``127.1`` (all 127.0.0.1), which the
    C library's resolver accepts as numbers.
    """
    host = host.strip("[]")
    try:
        return ip_address(host)
    except ValueError:
        pass
    if _NUMERIC_HOST.fullmatch(host.lower()):
        try:
            return IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


# --- the policy -----------------------------------------------------------------------------------------

_HOST_NAME = re.compile(r"(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*")


def normalize_host(host: str) -> str:
    return host.strip().lower().rstrip(".")


def parse_allow_entry(entry: str) -> str | Network:
    """One allowlist entry as a network (an address is a /32 or /128) or a normalized host name.

    A host name may start with ``*.`` to allow every name below it. Raises ``ValueError`` with the fix.
    """
    text = entry.strip()
    if not text:
        raise ValueError("an empty entry; give a host name, an address or a CIDR range")
    if "://" in text:
        raise ValueError(f"{text!r} is a URL; give only its host name, address or range")
    if "/" in text:
        try:
            return ip_network(text)
        except ValueError as exc:
            try:
                suggestion = ip_network(text, strict=False)
            except ValueError:
                raise ValueError(f"{text!r} is not a CIDR range such as '10.0.0.0/8': {exc}") from None
            raise ValueError(f"{text!r} has host bits set; did you mean {str(suggestion)!r}?") from None
    address = literal_address(text) if text[0].isdigit() or ":" in text or text.startswith("[") else None
    if address is not None:
        return ip_network(address)
    name = normalize_host(text)
    try:
        name = name.encode("idna").decode("ascii") if not name.isascii() else name
    except UnicodeError:
        raise ValueError(f"{text!r} is not a valid host name") from None
    if not _HOST_NAME.fullmatch(name):
        raise ValueError(f"{text!r} is not a host name, an address or a CIDR range")
    return name


@dataclass(frozen=True)
class EgressPolicy:
    """The non-public destinations an operator allows; public addresses are always allowed.

    ``setting`` is the name of the configuration that holds the allowlist; refusals name it as the fix.
    """

    setting: str
    hosts: frozenset[str] = frozenset()
    domains: tuple[str, ...] = ()  # from "*.example.internal": names ending in ".example.internal"
    networks: tuple[Network, ...] = ()

    @classmethod
    def from_entries(cls, entries: Iterable[str], setting: str) -> EgressPolicy:
        hosts: set[str] = set()
        domains: list[str] = []
        networks: list[Network] = []
        for entry in entries:
            parsed = parse_allow_entry(entry)
            if isinstance(parsed, str):
                if parsed.startswith("*."):
                    domains.append(parsed[1:])
                else:
                    hosts.add(parsed)
            else:
                networks.append(parsed)
        return cls(setting, frozenset(hosts), tuple(domains), tuple(networks))

    def allows_host(self, host: str) -> bool:
        """True if the operator allowed this host name, whatever addresses it resolves to."""
        name = normalize_host(host)
        return name in self.hosts or any(name.endswith(domain) for domain in self.domains)

    def refusal(self, address: Address) -> Classification | None:
        """Why ``address`` is refused, or None when it is public or allowed."""
        found = classify(address)
        if found is None:
            return None
        candidates: list[Address] = [address]
        if isinstance(address, IPv6Address) and (embedded := embedded_ipv4(address)) is not None:
            # Allowing 127.0.0.1 allows ::ffff:127.0.0.1 too: both reach the same socket.
            candidates.append(embedded[0])
        for candidate in candidates:
            # Compared per version: ipaddress does not refuse an IPv4 address tested against an IPv6 range.
            if any(candidate.version == net.version and candidate in net for net in self.networks):
                return None
        return found

    def refused(self, verb: str, address: Address, found: Classification) -> EgressRefused:
        shown = str(address)
        if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
            # Python 3.11 writes ::ffff:7f00:1; people know it as ::ffff:127.0.0.1.
            shown = f"::ffff:{address.ipv4_mapped}"
        return EgressRefused(f"{verb} {shown}, {found.describe()}: refused (allow it with {self.setting})")

    def check_url(self, url: str) -> None:
        """Refuse what can be known about ``url`` without DNS; a host name is checked at connect time."""
        try:
            parsed = httpx.URL(url)
        except httpx.InvalidURL as exc:
            raise EgressRefused(f"is not a valid URL: {exc}") from None
        if parsed.userinfo:
            # Credentials in a URL end up in logs and run records; a header keeps them out of both.
            raise EgressRefused(
                "has a user name or password in the URL (user:password@host): refused; "
                "send credentials in a header such as Authorization instead"
            )
        host = parsed.raw_host.decode("ascii")
        if self.allows_host(host):
            return
        address = literal_address(host)
        if address is not None:
            found = self.refusal(address)
            if found is not None:
                raise self.refused("targets", address, found)
            return
        name = normalize_host(host)
        if name == "localhost" or name.endswith(".localhost"):
            # Such names always resolve to loopback, so this much is known before any lookup.
            loopback: list[Address] = [IPv4Address("127.0.0.1"), IPv6Address("::1")]
            refusals = [self.refusal(a) for a in loopback]
            if all(refusals):
                raise self.refused("resolves to", loopback[0], refusals[0] or Classification("loopback"))


def redact_url(url: str) -> str:
    """``url`` fit for a message or a log: without a user name or password in it."""
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL:
        return url
    return str(parsed.copy_with(username=None, password=None)) if parsed.userinfo else url


# --- request headers ------------------------------------------------------------------------------------

# Connection-level headers: they steer this hop (framing, upgrades, proxies), not the receiver.
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
    }
)
# Headers Cairn sets itself on a request it sends: a second copy from the caller would contradict the body
# framing or the signature a receiver checks.
CAIRN_SET = frozenset(
    {
        "host",
        "content-length",
        "content-type",
        "content-encoding",
        "accept-encoding",
        "expect",
        "user-agent",
        "idempotency-key",
    }
)
CAIRN_PREFIX = "x-cairn-"
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_VALUE = re.compile(r"[\t\x20-\x7e]*")
MAX_HEADER_VALUE = 8192


def check_headers(headers: Mapping[str, str]) -> None:
    """Refuse caller-chosen headers that are malformed, hop-by-hop, or ones Cairn sets itself.

    Credentials such as ``Authorization`` are allowed: they only ever go to a destination the policy
    accepted, and redirects are not followed, so they cannot be carried somewhere else.
    """
    for name, value in headers.items():
        lowered = name.lower()
        if not _TOKEN.fullmatch(name):
            raise EgressRefused(f"header {name!r} is not a valid header name")
        if lowered in HOP_BY_HOP:
            raise EgressRefused(f"header {name!r} is hop-by-hop and cannot be set on a webhook")
        if lowered in CAIRN_SET or lowered.startswith(CAIRN_PREFIX):
            raise EgressRefused(f"header {name!r} is set by Cairn itself and cannot be chosen")
        if len(value) > MAX_HEADER_VALUE or not _VALUE.fullmatch(value):
            raise EgressRefused(
                f"header {name!r} has an invalid value: printable ASCII only, at most {MAX_HEADER_VALUE} characters"
            )


# --- connecting -----------------------------------------------------------------------------------------


async def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, by the system resolver (in a thread, off the event loop)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that connects only to addresses the policy accepts.

    ``inner`` opens the sockets (default: httpcore's anyio backend); it is only ever given a checked
    address, or a host name the operator allowed by name.
    """

    def __init__(self, policy: EgressPolicy, inner: httpcore.AsyncNetworkBackend | None = None) -> None:
        self.policy = policy
        self.inner = inner or httpcore.AnyIOBackend()

    async def destinations(self, host: str, port: int) -> list[str]:
        """What to connect to for ``host``: the checked addresses, or the name itself if it is allowed."""
        if self.policy.allows_host(host):
            return [host]
        literal = literal_address(host)
        if literal is not None:
            verb, addresses = "targets", [literal]
        else:
            try:
                resolved = await resolve(host, port)
            except OSError as exc:
                raise httpcore.ConnectError(f"cannot resolve {host}: {exc}") from None
            verb, addresses = "resolves to", list(dict.fromkeys(ip_address(a) for a in resolved))
        if not addresses:
            raise httpcore.ConnectError(f"{host} resolves to no address")
        allowed = [address for address in addresses if self.policy.refusal(address) is None]
        if not allowed:
            found = self.policy.refusal(addresses[0])
            raise self.policy.refused(verb, addresses[0], found or Classification("non-global"))
        # A name answering with both public and refused addresses is only ever connected to the public ones.
        return [str(address) for address in allowed]

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        deadline = None if timeout is None else time.monotonic() + timeout
        error: Exception | None = None
        # Tried in resolver order, like a client without happy eyeballs; the connect timeout covers all tries.
        for target in await self.destinations(host, port):
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                break
            try:
                return await self.inner.connect_tcp(
                    target, port, timeout=remaining, local_address=local_address, socket_options=socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                error = exc
        raise error or httpcore.ConnectTimeout(f"connecting to {host}:{port} timed out")

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise EgressRefused(f"is a Unix socket ({path}): refused")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's transport with ``GuardedBackend`` under its connection pool."""

    def __init__(
        self,
        policy: EgressPolicy,
        *,
        verify: ssl.SSLContext | bool = True,
        network_backend: httpcore.AsyncNetworkBackend | None = None,
    ) -> None:
        # SSL_CERT_FILE / SSL_CERT_DIR are honoured so receivers behind an internal CA keep verifying.
        ssl_context = httpx.create_ssl_context(verify=verify, trust_env=True)
        super().__init__(verify=ssl_context, trust_env=False)
        # httpx offers no parameter for a network backend, so the pool it built is replaced by one with the
        # same TLS context and ours. The egress tests fail if a newer httpx stops sending through _pool.
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context,
            max_connections=10,
            max_keepalive_connections=0,
            network_backend=GuardedBackend(policy, network_backend),
        )


def guarded_client(
    policy: EgressPolicy,
    *,
    timeout: float,
    verify: ssl.SSLContext | bool = True,
    network_backend: httpcore.AsyncNetworkBackend | None = None,
) -> httpx.AsyncClient:
    """An httpx client that refuses destinations outside ``policy`` and never follows a redirect.

    ``trust_env=False``: a proxy from the environment would resolve the host itself, past this check.
    """
    transport = GuardedTransport(policy, verify=verify, network_backend=network_backend)
    return httpx.AsyncClient(transport=transport, timeout=timeout, follow_redirects=False, trust_env=False)
