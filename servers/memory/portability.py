"""Back up, inspect and move memory: JSONL or Markdown export/import, and re-embedding.

Each operation is safe to interrupt and run again: exports are written to a temporary path and
renamed at the end; imports skip entries already present (by id) and only refresh ones that are
older; re-embedding resumes with the entries that still lack a vector from the current model.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import frontmatter

from servers.core import crosslang
from servers.core.progress import Progress
from servers.memory.files import entry_markdown
from servers.memory.lifecycle import BACKFILL_BATCH
from servers.memory.models import Entry, MemoryInputError, check_user_id
from servers.memory.service import MemoryService

Format = Literal["jsonl", "markdown"]


def jsonl_line(entry: Entry) -> str:
    """One entry as a line of the JSONL export (what ``import_entries`` reads back)."""
    return entry.model_dump_json(exclude={"embedding_model"}) + "\n"


def markdown_zip(service: MemoryService, user_id: str) -> bytes:
    """One user's entries as the Markdown export's folder (``<user>/<id>.md``) in a zip, for a download."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for _, entry in service.store.iter_all(check_user_id(user_id)):
            archive.writestr(f"{entry.user_id}/{entry.id}.md", entry_markdown(entry))
    return buffer.getvalue()


def export_entries(
    service: MemoryService, destination: Path, *, fmt: Format, user_id: str | None, include_archived: bool = True
) -> int:
    entries = [e for _, e in service.store.iter_all(user_id) if include_archived or e.archived_at is None]
    destination = destination.expanduser()
    destination.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "jsonl":
        fd, tmp = tempfile.mkstemp(dir=destination.parent, prefix=f".{destination.name}.", suffix=".tmp")
        with open(fd, "w", encoding="utf-8") as handle:
            for entry in entries:
                handle.write(jsonl_line(entry))
        Path(tmp).replace(destination)
    else:
        staging = Path(tempfile.mkdtemp(dir=destination.parent, prefix=f".{destination.name}."))
        for entry in entries:
            folder = staging / entry.user_id
            folder.mkdir(exist_ok=True)
            (folder / f"{entry.id}.md").write_text(entry_markdown(entry), encoding="utf-8")
        if destination.exists():
            shutil.rmtree(destination)
        staging.replace(destination)
    return len(entries)


def _read_jsonl(source: Path) -> Iterator[Entry]:
    with source.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield Entry.model_validate_json(line)
            except ValueError as exc:
                raise MemoryInputError(f"{source}:{number}: not a memory entry: {exc}") from exc


def _read_markdown(source: Path) -> Iterator[Entry]:
    for path in sorted(source.rglob("*.md")):
        try:
            post = frontmatter.load(str(path))
            data = dict(post.metadata)
            data["content"] = post.content.strip()
            data.setdefault("id", path.stem)
            data.setdefault("user_id", path.parent.name if path.parent != source else "default")
            for key in ("created_at", "updated_at", "expires_at", "archived_at"):
                if key in data and data[key] is not None and not isinstance(data[key], str):
                    data[key] = str(data[key])
            yield Entry.model_validate(data)
        except ValueError as exc:
            raise MemoryInputError(f"{path}: not a memory entry: {exc}") from exc


def import_entries(service: MemoryService, source: Path, *, show_progress: bool = True) -> dict[str, int]:
    source = source.expanduser()
    if not source.exists():
        raise MemoryInputError(f"{source} does not exist")
    entries = list(_read_markdown(source) if source.is_dir() else _read_jsonl(source))
    counts = {"imported": 0, "updated": 0, "unchanged": 0}
    progress = Progress(len(entries), "import") if show_progress else None
    store = service.store
    for entry in entries:
        existing = store.get(entry.id, entry.user_id)
        if existing is None:
            entry = entry.model_copy(update={"embedding_model": None})
            rowid = store.insert(entry)
            if entry.archived_at:
                store.archive(rowid, entry.archive_reason or "archived before export", at=entry.archived_at)
            elif entry.longterm:
                store.update(rowid, longterm=True)
            counts["imported"] += 1
        elif entry.updated_at > existing.updated_at:
            existing_rowid = store.rowid_of(entry.id, entry.user_id)
            assert existing_rowid is not None  # get() just found it
            store.update(
                existing_rowid,
                content=entry.content,
                keywords=entry.keywords,
                slots=entry.slots,
                type=entry.type,
                seen_count=entry.seen_count,
                clear_vector=entry.content != existing.content,
            )
            counts["updated"] += 1
        else:
            counts["unchanged"] += 1
        if progress:
            progress.advance()
    if progress:
        progress.close()
    counts["embedded"] = reembed(service, show_progress=show_progress)
    return counts


def reembed(service: MemoryService, *, show_progress: bool = True, everything: bool = False) -> int:
    """Give every live entry a vector from the configured embedder; returns how many were embedded.

    By default only entries without a vector of this model are embedded (after a model change). With
    ``everything``, every live entry is, which also brings entries stored before a change to what is
    embedded with the text (the other-language rendering) to the current form."""
    embedder = service.embedder.get()
    service.store.ensure_vector_table(embedder.name, embedder.dim)
    total = service.store.count_live() if everything else service.store.count_missing_vectors(embedder.name)
    progress = Progress(total, f"embedding with {embedder.name}") if show_progress and total else None
    done, after = 0, 0
    while True:
        if everything:
            batch = service.store.live_contents(after, BACKFILL_BATCH)
            after = batch[-1][0] if batch else after
        else:
            batch = service.store.missing_vectors(embedder.name, BACKFILL_BATCH)
        if not batch:
            break
        vectors = embedder.embed_passages([crosslang.passage(content) for _, _, content in batch])
        for (rowid, owner, _), vector in zip(batch, vectors, strict=True):
            service.store.set_vector(rowid, owner, vector, embedder.name)
        done += len(batch)
        if progress:
            progress.advance(len(batch))
    if progress:
        progress.close()
    return done
