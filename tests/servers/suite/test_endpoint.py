"""What a start of a protected endpoint tells the operator (servers/suite/endpoint.py): the first start shows the
password of `admin` it created; a later start, while `admin` is the only user, says how to set a new one (a
first start stopped before its password reached the screen leaves no other way in)."""

from __future__ import annotations

from pathlib import Path

from servers.auth.passwords import hash_password
from servers.suite.endpoint import build_endpoint
from servers.suite.settings import CairnSettings
from tests.support import free_port


def start_notices(settings: CairnSettings) -> list[str]:
    endpoint = build_endpoint("context", settings, transport="http", host="127.0.0.1", port=free_port(), auth="cairn")
    assert endpoint.authorization_server is not None
    try:
        return list(endpoint.notices)
    finally:
        endpoint.authorization_server.provider.store.close()


def test_the_first_start_shows_the_password_and_later_starts_say_how_to_set_one(tmp_path: Path) -> None:
    settings = CairnSettings(home=tmp_path / "home", embedder="none")
    first = start_notices(settings)
    assert first[0].startswith("First start: created user 'admin' with password ")
    assert not any("Lost its first-start password" in line for line in first)

    again = start_notices(settings)  # as after a Ctrl-C that came before the password was read
    hint = "Sign in as 'admin'. Lost its first-start password? `cairn auth reset-password admin` sets a new one."
    assert again == [hint]

    endpoint = build_endpoint("context", settings, transport="http", host="127.0.0.1", port=free_port(), auth="cairn")
    assert endpoint.authorization_server is not None
    store = endpoint.authorization_server.provider.store
    try:
        store.add_user("eve", hash_password("eve's long password"))
    finally:
        store.close()
    assert start_notices(settings) == []
