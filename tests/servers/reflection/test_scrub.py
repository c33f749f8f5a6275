"""PII and secrets are removed before storage."""

from __future__ import annotations

import pytest

from servers.reflection.scrub import scrub, scrub_text


@pytest.mark.parametrize(
    ("text", "leak"),
    [
        ("write to bob.smith@example.org", "bob.smith"),
        ("key sk-proj-abcdefghijklmnop123456", "abcdefghij"),
        ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abc"),
        ("AKIAABCDEFGHIJKLMNOP", "AKIAABCD"),
        ("Authorization: Bearer abcdef1234567890abcdef", "abcdef1234"),
        ("password=hunter2hunter", "hunter2"),
        ("card 4111 1111 1111 1111", "4111 1111"),
        ("call +1 415-555-0132", "555-0132"),
        ("手机 13812345678", "13812345678"),
        ("id 11010519491231002X", "11010519491231002X"),
        ("https://user:pa55word@example.com/x", "pa55word"),
    ],
)
def test_secrets_and_pii_are_removed(text: str, leak: str) -> None:
    assert leak not in scrub_text(text)


def test_ordinary_text_is_kept() -> None:
    text = "fetch https://example.com/page 3 times, then write report_2024.md (1500 words)"
    assert scrub_text(text) == text


def test_nested_values_and_secret_keys() -> None:
    out = scrub({"api_key": "abc", "args": [{"to": "a@b.io"}], "n": 3})
    assert out == {"api_key": "[SECRET]", "args": [{"to": "[EMAIL]"}], "n": 3}


def test_a_decorator_after_an_escaped_line_break_is_not_an_address() -> None:
    # Hook traces keep an edit's JSON text: `\n@pytest.mark.django_db` is code, `bob@example.com` an address.
    assert scrub_text(r'"new_string": "x\n@pytest.mark.django_db\ndef test_a():"') == (
        r'"new_string": "x\n@pytest.mark.django_db\ndef test_a():"'
    )
    assert scrub_text("write to bob@example.com") == "write to [EMAIL]"


def test_a_mobile_number_is_scrubbed_but_not_the_digits_inside_an_id() -> None:
    assert scrub_text("call 13812345678 or 电话13912345678") == "call [PHONE] or 电话[PHONE]"
    assert scrub_text("task m01a21f13912345678c1d36") == "task m01a21f13912345678c1d36"
