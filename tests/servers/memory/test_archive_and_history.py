"""What the dashboard reads and changes beyond single entries, on both engines: restoring an archived entry
(recalled again, with its vector back), the archive newest first, memory written per day, and recalls per
day with how many found something."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from servers.memory.models import EntryNotFound, MemoryInputError
from servers.memory.service import MemoryService


def test_a_restored_entry_is_recalled_again_by_both_sides(memory: MemoryService) -> None:
    kept = memory.write("The build server lives in rack 7", "ada", type="fact").id
    memory.archive(kept, "ada", "no longer true")
    assert kept not in [h.id for h in memory.recall("build server rack", "ada").results]
    restored = memory.restore(kept, "ada")
    assert restored.archived_at is None and restored.archive_reason is None
    assert memory.wait_for_vectors(60)
    for mode in ("keyword", "semantic"):
        found = memory.recall("which rack is the build server in", "ada", mode=mode)  # type: ignore[arg-type]
        assert kept in [h.id for h in found.results], mode
    # Restoring a live entry changes nothing; another user's id does not exist for them.
    assert memory.restore(kept, "ada").archived_at is None
    with pytest.raises(EntryNotFound):
        memory.restore(kept, "bob")


def test_the_archive_lists_the_newest_first_and_only_the_users_own(memory: MemoryService) -> None:
    first = memory.write("First archived note", "ada").id
    second = memory.write("Second archived note", "ada").id
    memory.write("Still live", "ada")
    theirs = memory.write("Bob's archived note", "bob").id
    for entry_id, user in ((first, "ada"), (theirs, "bob"), (second, "ada")):
        memory.archive(entry_id, user)
    assert [e.id for e in memory.archived("ada")] == [second, first]
    assert [e.id for e in memory.archived("ada", limit=1)] == [second]
    with pytest.raises(MemoryInputError):
        memory.archived("ada", limit=0)


def test_growth_and_recalls_are_counted_per_day(memory: MemoryService) -> None:
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    for text in ("Ada likes green tea", "Ada's laptop is a ThinkPad", "Ada flies to Lisbon in May"):
        memory.write(text, "ada", type="fact")
    memory.write("Bob's only memory", "bob")
    gone = memory.write("Soon archived", "ada").id
    memory.archive(gone, "ada")
    assert memory.written_per_day("ada") == [(today, 3)]
    assert memory.recalls_per_day("ada") == []
    memory.recall("green tea", "ada", mode="keyword")
    memory.recall("zebra crossing quantum", "ada", mode="keyword")
    memory.recall("green tea", "bob", mode="keyword")
    assert memory.recalls_per_day("ada") == [(today, 2, 1)]
    assert memory.recalls_per_day("bob") == [(today, 1, 0)]
