"""The registry's keyword index on PostgreSQL: one weighted ``tsvector`` per skill, made by the application.

SQLite indexes four FTS5 columns and ranks with ``bm25(skills_fts, 8, 3, 2, 1)``. Here the same four
texts become one ``tsvector`` whose weights stand for the columns (A name, B description, C tags and
trigger words, D body), cut into tokens as FTS5 ``unicode61 remove_diacritics 2`` would
(:func:`servers.core.tsearch.tokens`, Chinese as two-character pairs), and :data:`RANK_WEIGHTS` keeps the
8:3:2:1 ratio. Queries are :func:`servers.core.tsearch.tsquery_literal`, the terms SQLite searches for.
"""

from __future__ import annotations

from servers.core.text import index_text
from servers.core.tsearch import tokens

# ts_rank's weight array is ordered {D, C, B, A}: body 1, tags 2, description 3, name 8 (scaled into 0..1).
RANK_WEIGHTS = "{0.125, 0.25, 0.375, 1.0}"
_MAX_POSITION = 16_383  # tsvector positions stop here; later tokens still match, at the last position
_MAX_PLACES = 256  # positions kept per lexeme


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def skill_document(name: str, description: str, tags: str, body: str) -> str:
    """A ``tsvector`` literal of a skill's four searchable texts, as written (CJK pairing is done here)."""
    places: dict[str, list[str]] = {}
    pos = 0
    for text, weight in ((name, "A"), (description, "B"), (tags, "C"), (body, "D")):
        pos = min(pos + 1, _MAX_POSITION)  # a gap between fields: no phrase matches across two of them
        for token in tokens(index_text(text)):
            pos = min(pos + 1, _MAX_POSITION)
            places.setdefault(token, []).append(f"{pos}{weight}")
    return " ".join(f"{_quote(tok)}:{','.join(at[:_MAX_PLACES])}" for tok, at in places.items())
