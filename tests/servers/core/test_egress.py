"""Outbound destinations: the address classifier, the allowlist, URL and header checks, and the connect-time
guard under httpx — against loopback listeners only.

Every test here runs with two safety nets: a DNS lookup nobody planned fails the test, and so does any socket
httpcore would open to an address outside 127.0.0.0/8 / ::1 (before it is opened). Host names resolve through
a fake resolver; "public" answers are redirected to a loopback listener by a recording backend, so the test
sees where the guard chose to connect without any traffic leaving the machine.
"""

from __future__ import annotations

import asyncio
import datetime
import ssl
from collections.abc import AsyncIterator, Iterable
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network
from pathlib import Path

import httpcore
import httpx
import pytest

from servers.core import egress
from servers.core.egress import (
    EgressPolicy,
    EgressRefused,
    GuardedBackend,
    check_headers,
    classify,
    guarded_client,
    literal_address,
    parse_allow_entry,
)

SETTING = "CAIRN_SCHEDULER__WEBHOOK_ALLOW"
PUBLIC = "93.184.215.14"  # a global address; never connected to: RecordingBackend sends it to the listener


# --- fixtures: loopback listener, fake resolver, safety nets ------------------------------------------------


class Listener:
    """A loopback HTTP/1.1 server that counts connections and answers each request with ``status``/``body``."""

    def __init__(self) -> None:
        self.connections = 0
        self.requests: list[bytes] = []
        self.server_names: list[str | None] = []
        self.status = "200 OK"
        self.body = b"ok"
        self.extra_headers = b""
        self.port = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            self.requests.append(head + await reader.readexactly(length))
            writer.write(
                b"HTTP/1.1 "
                + self.status.encode()
                + b"\r\nContent-Length: "
                + str(len(self.body)).encode()
                + b"\r\nConnection: close\r\n"
                + self.extra_headers
                + b"\r\n"
                + self.body
            )
            await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
            pass  # a client that gave up (e.g. on a certificate it would not accept)
        finally:
            writer.close()

    def header(self, index: int, name: str) -> str | None:
        for line in self.requests[index].split(b"\r\n")[1:]:
            key, _, value = line.partition(b":")
            if key.strip().lower() == name.lower().encode():
                return value.strip().decode()
        return None


async def start_listener(ssl_context: ssl.SSLContext | None = None) -> tuple[Listener, asyncio.Server]:
    listener = Listener()
    server = await asyncio.start_server(listener.handle, "127.0.0.1", 0, ssl=ssl_context)
    listener.port = int(server.sockets[0].getsockname()[1])
    return listener, server


@pytest.fixture
async def listener() -> AsyncIterator[Listener]:
    listening, server = await start_listener()
    yield listening
    server.close()
    await server.wait_closed()


class FakeResolver:
    """Answers lookups from a script: one list of addresses per call, the last one repeated."""

    def __init__(self, *answers: list[str]) -> None:
        self.answers = list(answers)
        self.calls: list[tuple[str, int]] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append((host, port))
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


@pytest.fixture(autouse=True)
def no_dns(monkeypatch: pytest.MonkeyPatch) -> None:
    async def unexpected(host: str, port: int) -> list[str]:
        raise AssertionError(f"unexpected DNS lookup of {host!r}: install a FakeResolver")

    monkeypatch.setattr(egress, "resolve", unexpected)


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Where httpcore's real backend was asked to connect; anything but loopback fails before a socket opens."""
    opened: list[str] = []
    real = httpcore.AnyIOBackend.connect_tcp

    async def connect_tcp(
        self: httpcore.AnyIOBackend,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        opened.append(host)
        if not ip_address(host).is_loopback:
            raise AssertionError(f"a test tried to connect to {host}")
        return await real(self, host, port, timeout, local_address, socket_options)

    monkeypatch.setattr(httpcore.AnyIOBackend, "connect_tcp", connect_tcp)
    return opened


def use_resolver(monkeypatch: pytest.MonkeyPatch, *answers: list[str]) -> FakeResolver:
    resolver = FakeResolver(*answers)
    monkeypatch.setattr(egress, "resolve", resolver)
    return resolver


class RecordingBackend(httpcore.AsyncNetworkBackend):
    """Records the address the guard connects to; opens the socket to the loopback listener instead."""

    def __init__(self, listener_port: int, fail: bool = False) -> None:
        self.targets: list[tuple[str, int]] = []
        self.listener_port = listener_port
        self.fail = fail
        self.real = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        self.targets.append((host, port))
        if self.fail:
            raise httpcore.ConnectError(f"{host} is unreachable (simulated)")
        return await self.real.connect_tcp("127.0.0.1", self.listener_port, timeout=timeout)

    async def sleep(self, seconds: float) -> None:
        await self.real.sleep(seconds)


def policy(*entries: str) -> EgressPolicy:
    return EgressPolicy.from_entries(entries, SETTING)


# --- the classifier -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "kind", "network"),
    [
        ("127.0.0.1", "loopback", "127.0.0.0/8"),
        ("127.255.255.254", "loopback", "127.0.0.0/8"),
        ("::1", "loopback", "::1/128"),
        ("10.1.2.3", "private", "10.0.0.0/8"),
        ("172.16.0.1", "private", "172.16.0.0/12"),
        ("172.31.255.255", "private", "172.16.0.0/12"),
        ("192.168.1.1", "private", "192.168.0.0/16"),
        ("fd12:3456::1", "private", "fc00::/7"),
        ("fc00::1", "private", "fc00::/7"),
        ("fec0::1", "private (site-local)", "fec0::/10"),
        ("100.64.0.1", "private (carrier-grade NAT)", "100.64.0.0/10"),
        ("100.127.255.255", "private (carrier-grade NAT)", "100.64.0.0/10"),
        ("169.254.169.254", "link-local", "169.254.0.0/16"),
        ("fe80::1", "link-local", "fe80::/10"),
        ("fe80::1%eth0", "link-local", "fe80::/10"),
        ("0.0.0.0", "unspecified", "0.0.0.0/8"),
        ("0.1.2.3", "unspecified", "0.0.0.0/8"),
        ("::", "unspecified", "::/128"),
        ("224.0.0.1", "multicast", "224.0.0.0/4"),
        ("239.255.255.250", "multicast", "224.0.0.0/4"),
        ("ff02::1", "multicast", "ff00::/8"),
        ("240.0.0.1", "reserved", "240.0.0.0/4"),
        ("255.255.255.255", "broadcast", "255.255.255.255/32"),
        ("192.0.0.8", "special-purpose", "192.0.0.0/24"),
        ("192.0.2.1", "documentation", "192.0.2.0/24"),
        ("198.51.100.7", "documentation", "198.51.100.0/24"),
        ("203.0.113.9", "documentation", "203.0.113.0/24"),
        ("2001:db8::1", "documentation", "2001:db8::/32"),
        ("198.18.0.1", "benchmarking", "198.18.0.0/15"),
        ("2001::1", "special-purpose", "2001::/23"),  # Teredo
        ("100::1", "special-purpose", "100::/64"),
        ("64:ff9b:1::1", "private (local-use NAT64)", "64:ff9b:1::/48"),
        ("::7f00:1", "reserved", None),  # the deprecated IPv4-compatible ::127.0.0.1
        ("::ffff:0:7f00:1", "reserved", None),  # IPv4-translated
        ("4000::1", "reserved", None),
    ],
)
def test_refused_addresses_are_classified_with_their_range(address: str, kind: str, network: str | None) -> None:
    found = classify(address)
    assert found is not None
    assert found.kind == kind
    assert (str(found.network) if found.network else None) == network


@pytest.mark.parametrize(
    ("address", "kind", "via"),
    [
        ("::ffff:127.0.0.1", "loopback", "IPv4-mapped"),
        ("::ffff:10.0.0.1", "private", "IPv4-mapped"),
        ("::ffff:169.254.169.254", "link-local", "IPv4-mapped"),
        ("::ffff:0.0.0.0", "unspecified", "IPv4-mapped"),
        ("64:ff9b::7f00:1", "loopback", "NAT64"),
        ("64:ff9b::a00:1", "private", "NAT64"),
        ("2002:7f00:1::1", "loopback", "6to4"),
        ("2002:a9fe:a9fe::", "link-local", "6to4"),
    ],
)
def test_ipv6_forms_of_a_refused_ipv4_address_are_refused(address: str, kind: str, via: str) -> None:
    found = classify(address)
    assert found is not None and (found.kind, found.via) == (kind, via)


@pytest.mark.parametrize(
    "address",
    [
        "8.8.8.8",
        "1.1.1.1",
        PUBLIC,
        "11.0.0.1",
        "100.63.255.255",
        "100.128.0.0",
        "172.15.255.255",
        "172.32.0.0",
        "192.169.0.1",
        "223.255.255.255",
        "2606:4700:4700::1111",
        "2a00:1450:4001:80b::200e",
        "::ffff:8.8.8.8",
        "64:ff9b::808:808",
        "2002:808:808::1",
    ],
)
def test_public_addresses_pass(address: str) -> None:
    assert classify(address) is None


def test_description_names_kind_range_and_form() -> None:
    mapped = classify("::ffff:127.0.0.1")
    private = classify("10.1.2.3")
    assert mapped is not None and mapped.describe() == "a loopback address (127.0.0.0/8, IPv4-mapped)"
    assert private is not None and private.describe() == "a private address (10.0.0.0/8)"
    unspecified = classify("::")
    assert unspecified is not None and unspecified.describe() == "an unspecified address (::/128)"


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("127.0.0.1", IPv4Address("127.0.0.1")),
        ("2130706433", IPv4Address("127.0.0.1")),
        ("0x7f000001", IPv4Address("127.0.0.1")),
        ("0x7f.1", IPv4Address("127.0.0.1")),
        ("127.1", IPv4Address("127.0.0.1")),
        ("0177.0.0.1", IPv4Address("127.0.0.1")),
        ("0", IPv4Address("0.0.0.0")),
        ("[::1]", IPv6Address("::1")),
        ("::ffff:127.0.0.1", IPv6Address("::ffff:127.0.0.1")),
        ("example.com", None),
        ("1e100.net", None),
        ("hooks.internal", None),
    ],
)
def test_literal_addresses_in_every_form_the_resolver_reads_without_dns(
    host: str, address: IPv4Address | IPv6Address | None
) -> None:
    assert literal_address(host) == address


# --- the allowlist -----------------------------------------------------------------------------------------


def test_allow_entries_parse_to_hosts_domains_and_networks() -> None:
    allowed = policy("Hooks.Internal.", "*.corp.example", "10.0.0.0/8", "127.0.0.1", "[::1]")
    assert allowed.hosts == {"hooks.internal"}
    assert allowed.domains == (".corp.example",)
    assert allowed.networks == (ip_network("10.0.0.0/8"), ip_network("127.0.0.1/32"), ip_network("::1/128"))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("10.0.0.1/8", "has host bits set; did you mean '10.0.0.0/8'"),
        ("300.0.0.0/8", "is not a CIDR range"),
        ("", "an empty entry"),
        ("not a host!", "is not a host name, an address or a CIDR range"),
        ("http://hooks.internal/", "is a URL; give only its host name"),
    ],
)
def test_bad_allow_entries_say_what_to_write(entry: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_allow_entry(entry)


def test_host_names_and_wildcards_match_exactly() -> None:
    allowed = policy("hooks.internal", "*.corp.example")
    assert allowed.allows_host("hooks.internal") and allowed.allows_host("HOOKS.internal.")
    assert allowed.allows_host("a.corp.example") and allowed.allows_host("b.a.corp.example")
    assert not allowed.allows_host("corp.example")
    assert not allowed.allows_host("evilcorp.example")
    assert not allowed.allows_host("hooks.internal.evil.example")


def test_allowed_networks_cover_their_ipv4_mapped_forms_only_within_a_version() -> None:
    allowed = policy("127.0.0.1", "10.0.0.0/8")
    assert allowed.refusal(IPv4Address("127.0.0.1")) is None
    assert allowed.refusal(IPv6Address("::ffff:127.0.0.1")) is None
    assert allowed.refusal(IPv4Address("10.200.0.1")) is None
    assert allowed.refusal(IPv4Address("127.0.0.2")) is not None
    assert allowed.refusal(IPv6Address("::1")) is not None
    # An IPv6 range never matches an IPv4 address by its integer value.
    assert policy("::/96").refusal(IPv4Address("0.0.0.1")) is not None


# --- URLs at creation time (no DNS) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "http://10.1.2.3:8080/hook",
            f"targets 10.1.2.3, a private address (10.0.0.0/8): refused (allow it with {SETTING})",
        ),
        ("http://127.0.0.1/", "targets 127.0.0.1, a loopback address (127.0.0.0/8)"),
        ("http://[::ffff:127.0.0.1]:9/", "targets ::ffff:127.0.0.1, a loopback address (127.0.0.0/8, IPv4-mapped)"),
        ("http://0.0.0.0:8000/", "targets 0.0.0.0, an unspecified address (0.0.0.0/8)"),
        ("http://[::]/", "targets ::, an unspecified address"),
        ("http://169.254.169.254/latest/meta-data/", "a link-local address (169.254.0.0/16)"),
        ("http://2130706433/", "targets 127.0.0.1, a loopback address"),
        ("http://localhost:8000/token", "resolves to 127.0.0.1, a loopback address"),
        ("http://LOCALHOST./", "a loopback address"),
        ("http://api.localhost/", "a loopback address"),
        ("https://user:secret@example.com/", r"user name or password in the URL"),
        ("https://token@example.com/", r"user name or password in the URL"),
    ],
)
def test_urls_refused_without_dns(url: str, message: str) -> None:
    with pytest.raises(EgressRefused, match=message.replace("(", r"\(").replace(")", r"\)")):
        policy().check_url(url)


@pytest.mark.parametrize(
    ("url", "entries"),
    [
        ("https://hooks.example.com/x", ()),  # a host name waits for connect time; the no_dns net proves no lookup
        ("https://8.8.8.8/", ()),
        ("http://127.0.0.1:9000/", ("127.0.0.1",)),
        ("http://[::ffff:127.0.0.1]:9000/", ("127.0.0.0/8",)),
        ("http://10.9.8.7/", ("10.0.0.0/8",)),
        ("http://localhost:8000/", ("localhost",)),
        ("http://localhost:8000/", ("::1",)),
        ("http://hooks.internal/", ("hooks.internal",)),
    ],
)
def test_urls_accepted_without_dns(url: str, entries: tuple[str, ...]) -> None:
    policy(*entries).check_url(url)


# --- headers -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Host", "set by Cairn"),
        ("content-length", "set by Cairn"),
        ("Content-Type", "set by Cairn"),
        ("User-Agent", "set by Cairn"),
        ("Accept-Encoding", "set by Cairn"),
        ("Idempotency-Key", "set by Cairn"),
        ("X-Cairn-Signature", "set by Cairn"),
        ("x-cairn-anything", "set by Cairn"),
        ("Connection", "hop-by-hop"),
        ("Keep-Alive", "hop-by-hop"),
        ("Transfer-Encoding", "hop-by-hop"),
        ("TE", "hop-by-hop"),
        ("Upgrade", "hop-by-hop"),
        ("Proxy-Authorization", "hop-by-hop"),
        ("Bad Header", "not a valid header name"),
        ("X:Y", "not a valid header name"),
    ],
)
def test_refused_header_names(name: str, message: str) -> None:
    with pytest.raises(EgressRefused, match=message):
        check_headers({name: "x"})


@pytest.mark.parametrize("value", ["a\r\nInjected: 1", "a\nb", "caf\u00e9", "\x00", "x" * 8193])
def test_refused_header_values(value: str) -> None:
    with pytest.raises(EgressRefused, match="invalid value"):
        check_headers({"X-Custom": value})


def test_credentials_and_custom_headers_are_allowed() -> None:
    check_headers({"Authorization": "Bearer abc.def", "X-Custom": "1", "Cookie": "a=b", "X-Empty": ""})


# --- the connect-time guard --------------------------------------------------------------------------------


async def test_loopback_listener_receives_nothing_without_allowlist(
    listener: Listener, loopback_only: list[str]
) -> None:
    async with guarded_client(policy(), timeout=5) as http:
        with pytest.raises(EgressRefused, match=r"targets 127\.0\.0\.1, a loopback address"):
            await http.post(f"http://127.0.0.1:{listener.port}/hook", content=b"{}")
    assert listener.connections == 0 and loopback_only == []


async def test_loopback_listener_is_reached_when_allowed(listener: Listener, loopback_only: list[str]) -> None:
    async with guarded_client(policy("127.0.0.1"), timeout=5) as http:
        response = await http.post(f"http://127.0.0.1:{listener.port}/hook", content=b"{}")
    assert response.status_code == 200 and response.text == "ok"
    assert listener.connections == 1 and loopback_only == ["127.0.0.1"]


@pytest.mark.parametrize("host", ["0.0.0.0", "[::ffff:127.0.0.1]", "[::]", "2130706433", "127.1"])
async def test_literal_forms_of_this_host_are_refused_before_connecting(
    listener: Listener, loopback_only: list[str], host: str
) -> None:
    async with guarded_client(policy(), timeout=5) as http:
        with pytest.raises(EgressRefused, match="refused"):
            await http.post(f"http://{host}:{listener.port}/hook", content=b"{}")
    assert listener.connections == 0 and loopback_only == []


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("169.254.169.254", "resolves to 169.254.169.254, a link-local address (169.254.0.0/16)"),
        ("10.0.0.1", "resolves to 10.0.0.1, a private address (10.0.0.0/8)"),
        ("::ffff:127.0.0.1", "resolves to ::ffff:127.0.0.1, a loopback address (127.0.0.0/8, IPv4-mapped)"),
        ("0.0.0.0", "resolves to 0.0.0.0, an unspecified address (0.0.0.0/8)"),
    ],
)
async def test_a_name_resolving_to_a_refused_address_is_refused_without_connecting(
    monkeypatch: pytest.MonkeyPatch, listener: Listener, answer: str, message: str
) -> None:
    resolver = use_resolver(monkeypatch, [answer])
    inner = RecordingBackend(listener.port)
    async with guarded_client(policy(), timeout=5, network_backend=inner) as http:
        with pytest.raises(EgressRefused) as refused:
            await http.post("http://metadata.test/latest", content=b"{}")
    assert str(refused.value) == f"{message}: refused (allow it with {SETTING})"
    assert resolver.calls == [("metadata.test", 80)]
    assert inner.targets == [] and listener.connections == 0


async def test_dns_rebinding_connects_only_to_the_address_it_checked(
    monkeypatch: pytest.MonkeyPatch, listener: Listener
) -> None:
    """The first answer is public, the next loopback: each connection looks up once and uses that answer."""
    resolver = use_resolver(monkeypatch, [PUBLIC], ["127.0.0.1"])
    inner = RecordingBackend(listener.port)
    async with guarded_client(policy(), timeout=5, network_backend=inner) as http:
        first = await http.post("http://rebind.test:8080/hook", content=b"{}")
        with pytest.raises(EgressRefused, match=r"resolves to 127\.0\.0\.1, a loopback address"):
            await http.post("http://rebind.test:8080/hook", content=b"{}")
    assert first.status_code == 200
    assert resolver.calls == [("rebind.test", 8080), ("rebind.test", 8080)]  # one lookup per connection
    assert inner.targets == [(PUBLIC, 8080)]  # the checked address, never the rebound one
    assert listener.connections == 1
    assert listener.header(0, "Host") == "rebind.test:8080"  # the name still goes in the Host header


async def test_a_mixed_answer_connects_only_to_its_public_addresses(
    monkeypatch: pytest.MonkeyPatch, listener: Listener
) -> None:
    use_resolver(monkeypatch, ["127.0.0.1", PUBLIC, "10.0.0.1"])
    inner = RecordingBackend(listener.port, fail=True)
    async with guarded_client(policy(), timeout=5, network_backend=inner) as http:
        with pytest.raises(httpx.ConnectError, match="unreachable"):
            await http.post("http://mixed.test/hook", content=b"{}")
    assert inner.targets == [(PUBLIC, 80)]  # the public one failed; loopback and private were never tried
    assert listener.connections == 0


async def test_an_allowed_name_is_connected_to_by_name(monkeypatch: pytest.MonkeyPatch, listener: Listener) -> None:
    """A name the operator allowed needs no lookup of ours: whatever it resolves to is theirs."""
    inner = RecordingBackend(listener.port)
    async with guarded_client(policy("hooks.internal"), timeout=5, network_backend=inner) as http:
        response = await http.post("http://hooks.internal:8443/hook", content=b"{}")
    assert response.status_code == 200 and inner.targets == [("hooks.internal", 8443)]


async def test_a_name_that_does_not_resolve_is_a_connect_error(monkeypatch: pytest.MonkeyPatch) -> None:
    async def fails(host: str, port: int) -> list[str]:
        raise OSError(-2, "Name or service not known")

    monkeypatch.setattr(egress, "resolve", fails)
    async with guarded_client(policy(), timeout=5) as http:
        with pytest.raises(httpx.ConnectError, match=r"cannot resolve nowhere\.test"):
            await http.get("http://nowhere.test/")


async def test_unix_sockets_are_refused() -> None:
    with pytest.raises(EgressRefused, match="Unix socket"):
        await GuardedBackend(policy()).connect_unix_socket("/run/cairn.sock")


async def test_redirects_are_not_followed(listener: Listener, loopback_only: list[str]) -> None:
    listener.status = "302 Found"
    listener.extra_headers = b"Location: http://169.254.169.254/latest/meta-data/\r\n"
    async with guarded_client(policy("127.0.0.1"), timeout=5) as http:
        response = await http.post(f"http://127.0.0.1:{listener.port}/hook", content=b"{}")
    assert response.status_code == 302 and loopback_only == ["127.0.0.1"]


# --- TLS: connected by address, verified by name -----------------------------------------------------------


def _certificates(tmp_path: Path, name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server context with a certificate for ``name`` from a throwaway CA, and a client trusting that CA."""
    pytest.importorskip("cryptography")
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "egress test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "leaf.pem", tmp_path / "leaf.key"
    cert_file.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server.load_cert_chain(cert_file, key_file)
    client = ssl.create_default_context(cadata=ca.public_bytes(serialization.Encoding.PEM).decode())
    return server, client


async def test_https_connects_by_address_and_verifies_the_certificate_against_the_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, loopback_only: list[str]
) -> None:
    server_context, client_context = _certificates(tmp_path, "hooks.test")
    sni: list[str | None] = []
    server_context.sni_callback = lambda sock, name, ctx: sni.append(name)  # type: ignore[assignment,misc,return-value]
    listening, server = await start_listener(server_context)
    use_resolver(monkeypatch, ["127.0.0.1"])
    try:
        async with guarded_client(policy("127.0.0.1"), timeout=5, verify=client_context) as http:
            response = await http.post(f"https://hooks.test:{listening.port}/hook", content=b"{}")
            assert response.status_code == 200
            # The same socket address under another name: the certificate does not match it, so TLS fails.
            with pytest.raises(httpx.ConnectError, match=r"CERTIFICATE_VERIFY_FAILED|certificate verify failed"):
                await http.post(f"https://other.test:{listening.port}/hook", content=b"{}")
    finally:
        server.close()
        await server.wait_closed()
    assert loopback_only == ["127.0.0.1", "127.0.0.1"]  # connected by the checked address both times
    assert sni == ["hooks.test", "other.test"]  # the name, not the address, went out as SNI
    assert listening.header(0, "Host") == f"hooks.test:{listening.port}"
    assert len(listening.requests) == 1
