"""`cairn skills search` pages through many results and says where it is; an empty answer says so and
names what most people install. Against a real registry app in process (SQLite), through Starlette's
synchronous test client (the httpx.Client the command is given)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from registry.app import create_app
from servers.suite.cli.skills import _search
from tests.registry.conftest import BASE, REPO, registry_settings
from tests.registry.kit import skill_archive

MANY = 25


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(registry_settings(tmp_path), base_url=BASE, builtin_skills=REPO / "skills")
    reg = app.state.registry
    for n in range(MANY):
        archive = skill_archive(f"pager-{n:02d}", description=f"Pages through ledger number {n}. Use for ledgers.")
        reg.commit_publish(reg.prepare_publish(archive, publisher="ada", org=None, version=None))
    with TestClient(app, base_url=BASE) as client:
        yield client
    reg.store.close()


def search(
    http: TestClient, capsys: pytest.CaptureFixture[str], query: str, **options: object
) -> tuple[list[str], str]:
    args = argparse.Namespace(query=query, category=None, tag=None, limit=20, page=1, json=False)
    for key, value in options.items():
        setattr(args, key, value)
    assert _search(http, BASE, args) == 0
    out, err = capsys.readouterr()
    return out.splitlines(), err.strip()


def test_search_says_which_results_these_are_and_how_to_get_the_next_page(
    http: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    first, note = search(http, capsys, "ledgers")
    assert len(first) == 20 and note == "1-20 of 25 found; next page: cairn skills search ledgers --page 2"
    rest, note = search(http, capsys, "ledgers", page=2)
    assert len(rest) == 5 and note == "21-25 of 25 found"
    assert {line.split("@")[0] for line in first + rest} == {f"pager-{n:02d}" for n in range(MANY)}
    small, note = search(http, capsys, "ledgers", limit=10, page=2)
    assert len(small) == 10 and note.endswith("next page: cairn skills search ledgers --limit 10 --page 3")
    past, note = search(http, capsys, "ledgers", page=9)
    assert past == [] and note == "page 9 is past the last result (25 found): cairn skills search ledgers --page 1"


def test_an_empty_search_says_nothing_was_found_and_what_is_popular(
    http: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, note = search(http, capsys, "zzqxv wvqq")
    assert lines == [] and note.startswith("nothing found; most downloaded: ")
    assert len(note.split(": ", 1)[1].split(", ")) == 5
