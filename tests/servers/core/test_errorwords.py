"""Error messages compared as bags of rare words: one failure whose key lines differ is still one failure."""

from __future__ import annotations

from servers.core.errorwords import ALIKE, error_words, frequencies, likeness, shared_words

CREATING = (
    'Error from server (BadRequest): error when creating "config/samples/tenant_isolated.yaml": Tenant in version '
    '"v1alpha1" cannot be handled as a Tenant: strict decoding error: unknown field "spec.networkIsolation"'
)
PATCHING = (
    'Error from server (BadRequest): error when applying patch:\n{"metadata":{"annotations":{}}}\nto:\n'
    'Resource: "platform.lumen.dev/v1alpha1, Resource=tenants"\nfor: "hack/dev/tenant-billing.yaml": error when '
    'patching "hack/dev/tenant-billing.yaml": Tenant in version "v1alpha1" cannot be handled as a Tenant: strict '
    'decoding error: unknown field "spec.limits"'
)
PUSH = (
    "To github.com:acme/shop.git\n ! [rejected]        main -> main (non-fast-forward)\n"
    "error: failed to push some refs to 'github.com:acme/shop.git'"
)
MODULE = "ModuleNotFoundError: No module named 'fastapi'\nerror: tests failed to import"


def _likeness(a: str, b: str, *others: str) -> float:
    words = [error_words(t) for t in (a, b, *others)]
    counts, total = frequencies(words)
    return likeness(words[0], words[1], counts, total)


def test_what_differs_between_occurrences_is_left_out() -> None:
    words = error_words(CREATING + " at 0x7f3a2b1c in /home/ines/src/x.go, commit 4ca6dd6e")
    assert {"strict", "decoding", "unknown", "field", "badrequest"} <= set(words)
    assert not {w for w in words if "networkisolation" in w or "ines" in w or "4ca6dd6e" in w or "7f3a" in w}
    assert "the" not in words and words.index("badrequest") < words.index("decoding")  # in order, no filler


def test_an_apostrophe_is_not_a_quote() -> None:
    words = error_words("info • Don't use 'BuildContext's across async gaps • lib/a.dart:27:34 • use_build_context")
    assert {"buildcontext", "across", "async", "gaps"} <= set(words)


def test_one_failure_with_other_key_lines_is_alike_and_other_failures_are_not() -> None:
    assert _likeness(CREATING, PATCHING, PUSH, MODULE) >= ALIKE
    assert _likeness(CREATING, PUSH, PATCHING, MODULE) < ALIKE
    assert _likeness(PUSH, MODULE, CREATING, PATCHING) < ALIKE


def test_a_word_or_two_in_common_is_not_enough() -> None:
    assert _likeness("kind cluster", "kind cluster nodes missing", PUSH) == 0.0


def test_the_shared_rare_words_name_the_failure() -> None:
    words = [error_words(t) for t in (CREATING, PATCHING, PUSH, MODULE)]
    counts, total = frequencies(words)
    named = shared_words(words[:2], counts, total, limit=4)
    assert len(named) == 4 and set(named) <= set(words[0]) & set(words[1])
    assert "error" not in named  # every message has it: it names nothing


def test_a_quoted_message_is_kept_and_a_quoted_value_is_not() -> None:
    words = error_words('{"statusCode":400,"message":["property channel should not exist"],"error":"Bad Request"}')
    assert {"property", "channel", "exist"} <= set(words)
    assert "networkisolation" not in error_words('unknown field "spec.networkIsolation"')


def test_a_uuid_leaves_no_fragments_behind() -> None:
    """A request id printed as a UUID differs every time; its short groups (`3b2d`) are no words of the failure."""
    words = error_words("upstream timed out (request 9c1f3e27-3b2d-4f86-9a1e-c47d2b8f6e03 after 30000 ms)")
    assert words == ["upstream", "timed", "request", "after"]
