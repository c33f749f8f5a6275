from __future__ import annotations

import json
from pathlib import Path

import pytest

from servers.memory.models import MemoryInputError
from servers.memory.portability import export_entries, import_entries
from servers.memory.service import MemoryService


@pytest.fixture
def source(memory: MemoryService) -> MemoryService:
    memory.write("I prefer green tea", type="preference", keywords=["tea"], user_id="ann")
    memory.write("服务器在上海机房", user_id="ann")
    gone = memory.write("obsolete note", user_id="ann").id
    memory.archive(gone, user_id="ann", reason="old")
    memory.write("Bob uses vim", user_id="bob")
    return memory


@pytest.mark.parametrize("fmt", ["jsonl", "markdown"])
def test_round_trip_into_a_fresh_home(source: MemoryService, fmt: str, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    from servers.suite.settings import CairnSettings

    out = tmp_path / ("dump.jsonl" if fmt == "jsonl" else "dump")
    assert export_entries(source, out, fmt=fmt, user_id="ann") == 3  # type: ignore[arg-type]
    if fmt == "jsonl":
        lines = [json.loads(line) for line in out.read_text().splitlines()]
        assert {line["user_id"] for line in lines} == {"ann"}
    else:
        assert len(list((out / "ann").glob("*.md"))) == 3

    target = MemoryService(CairnSettings(home=tmp_path / "other"), embedder=embedder)
    counts = import_entries(target, out, show_progress=False)
    assert counts["imported"] == 3 and counts["embedded"] == 2  # the archived one needs no vector
    again = import_entries(target, out, show_progress=False)  # re-running is safe
    assert again["imported"] == 0 and again["unchanged"] == 3
    hit = target.recall("上海", user_id="ann").results[0]
    assert "上海" in hit.content
    assert target.recall("what tea", user_id="ann").results[0].type == "preference"
    archived = [e for _, e in target.store.iter_all("ann") if e.archived_at]
    assert len(archived) == 1 and archived[0].archive_reason == "old"
    target.close()


def test_import_reports_the_bad_line(memory: MemoryService, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    with pytest.raises(MemoryInputError, match=r"bad\.jsonl:1"):
        import_entries(memory, bad, show_progress=False)
    assert memory.store.db.scalar("SELECT COUNT(*) FROM entries") == 0
