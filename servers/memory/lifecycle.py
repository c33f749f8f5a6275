"""Memory upkeep: expire, merge, backfill, summarise, promote.

``maintain`` is safe to run at any time and from several processes: each step is idempotent and the
file steps run under the user's file lock.
"""

from __future__ import annotations

import hashlib
import json
import logging
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

from servers.core import crosslang
from servers.core.progress import Report, Steps
from servers.memory.dedupe import PREFERENCE_NEIGHBOURS, preference_threshold, same_preference, same_statement
from servers.memory.files import (
    LONGTERM_SECTIONS,
    SECTION_FOR_TYPE,
    bullet_text,
    parse_memory_file,
    render_daily,
    render_memory_file,
    sha256,
)
from servers.memory.models import Entry, MaintenanceReport, MemoryInputError, check_user_id
from servers.memory.service import MemoryService
from servers.memory.storage.rows import now_iso

log = logging.getLogger(__name__)

BACKFILL_BATCH = 64
MAINTAIN_WAIT_S = 30.0
MAX_MEMORY_MD_BYTES = 50_000  # about 12k tokens: MEMORY.md is read into the context at every session start
# Kept by machine from a transcript (tool output a flush saved), not stated by anyone: however often the
# same output comes back, it is not a long-term fact. A repeat that says what it is (a preference, a
# decision) upgrades such an entry's type, and then it may be promoted.
NEVER_PROMOTED = frozenset({"auto_flush", "auto_capture"})


# What maintain is doing, step by step, as a client's progress bar says it.
MAINTAIN_STEPS = (
    "waiting for recent writes to be embedded",
    "archiving entries past their retention",
    "merging near-duplicates",
    "embedding entries without a vector",
    "rebuilding daily summaries",
    "updating MEMORY.md",
)


def _day(entry: Entry) -> str:
    return entry.created_at[:10]


class Lifecycle:
    def __init__(self, service: MemoryService) -> None:
        self.service = service
        self.store = service.store
        self.config = service.config

    def maintain(self, user_id: str = "default", progress: Report | None = None) -> MaintenanceReport:
        """Every upkeep step in order; ``progress`` hears of each step as it starts, then of the end."""
        user_id = check_user_id(user_id)
        steps = Steps(progress, MAINTAIN_STEPS)
        # Merging compares vectors: let this process's recent writes get theirs first (bounded).
        steps.next()
        self.service.wait_for_vectors(MAINTAIN_WAIT_S)
        steps.next()
        expired = self.expire(user_id)
        steps.next()
        merged = self.merge_duplicates(user_id)
        steps.next()
        backfilled = self.backfill_vectors(user_id)
        steps.next()
        days = self.rebuild_daily(user_id)
        steps.next()
        imported, facts = self.sync_longterm(user_id)
        self.store.set_meta(f"maintained_at:{user_id}", now_iso())
        steps.finish(
            f"done: {expired} expired, {merged} merged, {backfilled} embedded, {len(days)} daily summaries, "
            f"{facts} facts in MEMORY.md"
        )
        report = MaintenanceReport(
            user_id=user_id,
            archived_expired=expired,
            merged=merged,
            vectors_backfilled=backfilled,
            daily_summaries=days,
            longterm_facts=facts,
            human_edits_imported=imported,
            memory_md=str(self.service.files(user_id).memory_md),
        )
        self.service.bus.publish_nowait("memory.maintained", report.model_dump())
        return report

    # --- retention -----------------------------------------------------------------------------

    def expire(self, user_id: str) -> int:
        now = datetime.now(UTC)
        count = 0
        for rowid, entry in self.store.live_entries(user_id):
            if entry.longterm:
                continue  # a long-term fact stays until a person removes it from MEMORY.md
            reason = None
            if entry.expires_at and entry.expires_at <= now_iso():
                reason = "expired (ttl)"
            else:
                days = self.config.retention_days.get(entry.type)
                if days is not None:
                    created = datetime.fromisoformat(entry.created_at.replace("Z", "+00:00"))
                    if now - created > timedelta(days=days):
                        reason = f"expired (retention {days} days for type {entry.type})"
            if reason:
                self.store.archive(rowid, reason)
                count += 1
        return count

    # --- merging ----------------------------------------------------------------------------------

    def merge_duplicates(self, user_id: str) -> int:
        """Fold near-duplicates (≥ merge threshold and the same words) into the oldest entry; preferences
        also when they state the same wish (≥ the preference bar, :func:`same_preference`)."""
        embedder, _ = self.service.vectors()
        if embedder is None or not self.store.has_vector_table():
            return 0
        _, _, threshold = self.service.thresholds()
        wish_threshold = preference_threshold(embedder.name, threshold)

        def same(entry: Entry, other: Entry, similarity: float) -> bool:
            if similarity >= threshold and same_statement(entry.content, other.content):
                return True
            wishes = entry.type == other.type == "preference" and similarity >= wish_threshold
            return wishes and same_preference(entry.content, other.content)

        since = self.store.get_meta(f"maintained_at:{user_id}")
        merged = 0
        gone: set[int] = set()
        for rowid, entry in self.store.live_entries_updated_since(user_id, since):
            if rowid in gone or entry.embedding_model is None:
                continue
            vector = self.store.get_vector(rowid)
            if vector is None:
                continue
            preference = entry.type == "preference"
            neighbours = dict(self.store.vector_search(user_id, vector, PREFERENCE_NEIGHBOURS if preference else 6))
            floor = wish_threshold if preference else threshold
            others = self.store.get_many(
                r for r, sim in neighbours.items() if sim >= floor and r != rowid and r not in gone
            )
            for other_rowid, other in sorted(others.items(), key=lambda kv: kv[1].created_at):
                if (
                    other.archived_at
                    or other.type == "daily_summary"
                    or not same(entry, other, neighbours[other_rowid])
                ):
                    continue
                keep_rowid, keep, drop_rowid, drop = (
                    (other_rowid, other, rowid, entry)
                    if other.created_at <= entry.created_at
                    else (rowid, entry, other_rowid, other)
                )
                self.store.update(
                    keep_rowid,
                    seen_count=keep.seen_count + drop.seen_count,
                    keywords=list(dict.fromkeys([*keep.keywords, *drop.keywords])),
                    slots={**drop.slots, **keep.slots},
                    longterm=keep.longterm or drop.longterm or None,
                )
                self.store.archive(drop_rowid, f"merged into {keep.id}")
                gone.add(drop_rowid)
                merged += 1
                if drop_rowid == rowid:
                    break
        return merged

    def backfill_vectors(self, user_id: str | None = None) -> int:
        """Embed live entries that have no vector from the current model (e.g. written while offline)."""
        embedder, _ = self.service.vectors()
        if embedder is None:
            return 0
        done = 0
        while True:
            batch = self.store.missing_vectors(embedder.name, BACKFILL_BATCH)
            if user_id is not None:
                batch = [b for b in batch if b[1] == user_id]
            if not batch:
                return done
            vectors = embedder.embed_passages([crosslang.passage(content) for _, _, content in batch])
            for (rowid, owner, _), vector in zip(batch, vectors, strict=True):
                self.store.set_vector(rowid, owner, vector, embedder.name)
            done += len(batch)
            if user_id is not None and len(batch) < BACKFILL_BATCH:
                return done

    # --- daily summaries --------------------------------------------------------------------------

    def build_daily(self, user_id: str, date: str) -> str | None:
        """Write ``daily/<date>.md`` from that day's entries and index it for recall; None if empty."""
        entries = [e for _, e in self.store.live_entries_of_day(user_id, date)]
        files = self.service.files(user_id)
        if not entries:
            return None
        text = render_daily(date, entries)
        with files.locked():
            files.write_atomic(files.daily(date), text)
        # The date is matched here rather than in SQL: JSON functions differ between SQLite and PostgreSQL.
        summaries = self.store.live_entries_of_type(user_id, "daily_summary")
        existing = [(rowid, e) for rowid, e in summaries if e.slots.get("date") == date]
        body = text.split("---", 2)[-1].strip()
        if existing:
            rowid, entry = existing[0]
            if entry.content != body:
                self.store.update(rowid, content=body, clear_vector=True)
        else:
            self.service.write(
                body[: self.config.max_content_chars],
                user_id,
                type="daily_summary",
                slots={"date": date},
                keywords=["daily"],
                source="daily",
                dedupe=False,
            )
        return text

    def rebuild_daily(self, user_id: str) -> list[str]:
        since = self.store.get_meta(f"maintained_at:{user_id}") or None
        days = sorted({_day(e) for _, e in self.store.live_entries_updated_since(user_id, since)})
        written = [d for d in days if self.build_daily(user_id, d) is not None]
        self.backfill_vectors(user_id)
        return written

    # --- long-term facts (MEMORY.md) ----------------------------------------------------------------

    def sync_longterm(self, user_id: str, edited: str | None = None) -> tuple[int, int]:
        """Import a person's edits to MEMORY.md, promote facts seen often enough, rewrite the file.

        ``edited`` is the whole file as a person saved it somewhere else (the dashboard's editor): it is
        written first, under the same lock, so it is read exactly as an edit made in a text editor.
        Returns (human edits imported, facts in the file).
        """
        files = self.service.files(user_id)
        meta_key = self._file_state_key(user_id, files.memory_md)
        if edited is not None and len(edited.encode("utf-8")) > 2 * MAX_MEMORY_MD_BYTES:
            raise MemoryInputError(f"MEMORY.md may hold at most {2 * MAX_MEMORY_MD_BYTES} bytes")
        with files.locked():
            if edited is not None:
                files.write_atomic(files.memory_md, edited)
            state = json.loads(self.store.get_meta(meta_key) or "{}")
            written_bullets: dict[str, str] = state.get("bullets", {})
            notes: dict[str, list[str]] = state.get("notes", {})
            order: list[str] = state.get("order", [])
            imported = 0
            current = files.read(files.memory_md)
            if current is not None and sha256(current) != state.get("sha256"):
                parsed = parse_memory_file(current)
                notes, order = parsed.notes, parsed.order
                present = {b: s for s, bullets in parsed.bullets.items() for b in bullets}
                for bullet, entry_id in written_bullets.items():
                    if bullet not in present:
                        self._suppress(user_id, entry_id)
                        imported += 1
                for bullet, section in present.items():
                    if bullet not in written_bullets:
                        self._add_human_fact(user_id, bullet, section)
                        imported += 1
            self._promote(user_id)
            facts = self.store.longterm_entries(user_id)
            sections: dict[str, list[str]] = {}
            bullets: dict[str, str] = {}
            size = 0
            for _, entry in sorted(facts, key=lambda pair: (-pair[1].seen_count, pair[1].created_at)):
                text = bullet_text(entry.content)
                if text in bullets or size + len(text) > MAX_MEMORY_MD_BYTES:
                    continue
                section = entry.slots.get("section") or SECTION_FOR_TYPE.get(entry.type, "Facts")
                sections.setdefault(section, []).append(text)
                bullets[text] = entry.id
                size += len(text.encode("utf-8")) + 3
            rendered = render_memory_file(sections, notes, order, datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))
            files.write_atomic(files.memory_md, rendered)
            self.store.set_meta(
                meta_key, json.dumps({"sha256": sha256(rendered), "bullets": bullets, "notes": notes, "order": order})
            )
        return imported, len(bullets)

    def _file_state_key(self, user_id: str, path: Path) -> str:
        """Where the state of the MEMORY.md last written *to this file* is kept.

        The file lives on this machine's disk, but on PostgreSQL the database is shared by every instance.
        One shared state would make another instance's older copy of the file look like a person's edit that
        deleted every bullet written since; so with a shared database each file (host + path) has its own.
        """
        if not self.service.settings.database_url:
            return f"longterm_file:{user_id}"
        node = hashlib.sha256(f"{socket.gethostname()}:{path.resolve()}".encode()).hexdigest()[:16]
        return f"longterm_file:{user_id}@{node}"

    def _promote(self, user_id: str) -> None:
        facts, preferences = self.config.longterm_min_seen, self.config.longterm_min_seen_preference
        for rowid, entry in self.store.promotion_candidates(user_id, min(facts, preferences)):
            needed = preferences if entry.type == "preference" else facts
            if entry.type not in NEVER_PROMOTED and entry.seen_count >= needed:
                self.store.update(rowid, longterm=True)

    def _suppress(self, user_id: str, entry_id: str) -> None:
        rowid = self.store.rowid_of(entry_id, user_id)
        if rowid is not None:
            self.store.update(rowid, longterm=False, longterm_suppressed=True)

    def _add_human_fact(self, user_id: str, bullet: str, section: str) -> None:
        type_ = LONGTERM_SECTIONS.get(section, "fact")
        slots = {} if section in LONGTERM_SECTIONS else {"section": section}
        result = self.service.write(bullet, user_id, type=type_, slots=slots, source="human", dedupe=False)
        rowid = self.store.rowid_of(result.id, user_id)
        if rowid is not None:
            self.store.update(rowid, longterm=True, longterm_suppressed=False)
