"""Secrets: real-looking credentials are errors, documentation placeholders are not.

Token-shaped strings are assembled at run time so this file never contains one
(secret scanners on the repository would flag it otherwise).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillslint.checks import Emit
from skillslint.checks.secrets import check_secrets, looks_like_placeholder

RANDOM = "q7Xk2Lm9Pz4Rt8Vw1Ny6Bc3Hd5Jf0GsQ"  # 32 mixed characters, high entropy


def scan(text: str) -> list[str]:
    emit = Emit(Path("SKILL.md"))
    check_secrets(Path("notes.md"), text, emit)
    return [f.code for f in emit.findings]


@pytest.mark.parametrize(
    "token",
    [
        "AKIA" + "Q7XK2LM9PZ4RT8VW",
        "ghp_" + RANDOM + "a1b2",
        "sk-" + "proj-" + RANDOM + "Zz",
        "sk-" + "ant-api03-" + RANDOM + RANDOM[:10],
        "xoxb-" + "7302-9148-" + RANDOM[:20],
        "AIza" + RANDOM + "abc",
        "sk_" + "live_" + RANDOM[:24],
    ],
)
def test_known_token_formats_are_errors(token: str) -> None:
    assert scan(f"config:\n  token = {token}\n") == ["SR402"]


@pytest.mark.parametrize(
    "text",
    [
        "export OPENAI_API_KEY=sk-...",
        "api_key: <your-key>",
        "AWS_ACCESS_KEY_ID=AKIA" + "IOSFODNN7EXAMPLE",
        "token: ghp_" + "x" * 36,
        "Example: AIza" + "SyA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q",
        "key = sk-" + "proj-" + "0123456789abcdefghijklmnopqrstuvwxyz",
        "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
        'password = "hunter2"',
        'password: "securePassword123"',
        'api_key = os.environ["API_KEY"]',
        'token_url = "https://example.org/oauth/token"',
    ],
)
def test_placeholders_and_examples_pass(text: str) -> None:
    assert scan(text) == []


def test_private_key_block_with_body_is_an_error() -> None:
    pem = "-----BEGIN " + "PRIVATE KEY-----\n" + "\n".join([RANDOM * 2, RANDOM * 2, RANDOM]) + "\n-----END"
    assert scan(pem) == ["SR401"]


def test_literal_secret_assignment_is_a_warning() -> None:
    assert scan('client_secret = "' + "9fK2xQ7mL4pZ8rT1" + '"') == ["SR403"]


def test_position_points_at_the_token() -> None:
    emit = Emit(Path("SKILL.md"))
    check_secrets(Path("a.md"), "line one\n  key: " + "ghp_" + RANDOM + "a1b2\n", emit)
    (finding,) = emit.findings
    assert (finding.path, finding.line, finding.col) == (Path("a.md"), 2, 8)
    assert RANDOM not in finding.message  # the report must not leak the secret


def test_token_inside_a_longer_word_is_ignored() -> None:
    assert scan("xAKIA" + "Q7XK2LM9PZ4RT8VW") == []


@pytest.mark.parametrize("token", ["sk-...", "<your-key>", "xxxxxxxxxxxx", "AKIA" + "IOSFODNN7EXAMPLE", "aaaaaaa1"])
def test_looks_like_placeholder(token: str) -> None:
    assert looks_like_placeholder(token)
