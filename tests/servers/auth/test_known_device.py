"""The "known device" cookie of the consent page (servers/auth/pages.py): it names one account, expires, and
never passes for a sign-in session."""

from __future__ import annotations

from servers.auth.pages import SessionSigner


def test_a_device_cookie_is_no_session_and_a_session_is_no_device_cookie() -> None:
    sessions = SessionSigner(b"k" * 32)
    devices = sessions.derived("known-device")
    device, session = devices.sign("bob", 3600), sessions.sign("bob")
    assert devices.verify(device) == "bob" and sessions.verify(session) == "bob"
    assert sessions.verify(device) is None and devices.verify(session) is None
    assert devices.verify(devices.sign("bob", -1)) is None  # expired
    assert SessionSigner(b"x" * 32).derived("known-device").verify(device) is None  # another server's key
