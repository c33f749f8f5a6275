"""PostgreSQL full-text search with the same tokens as the SQLite index.

PostgreSQL's own parser keeps ``ERR_CONN_RESET`` apart but ``/usr/bin`` or ``1.2.3`` whole, and its
behaviour with CJK depends on the database locale. To find what FTS5 finds, the application makes the
tokens itself — FTS5 ``unicode61 remove_diacritics 2`` rules applied to :func:`index_text` — and hands
PostgreSQL a ready ``tsvector`` literal and a ready ``tsquery`` literal. Casting a literal skips the
parser, and every lexeme is quoted, so nothing in user text is ever read as query syntax.

Body tokens carry weight D and keyword tokens weight B, and :data:`RANK_WEIGHTS` gives them 1:2, the
ratio of the FTS5 ``bm25`` column weights.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from servers.core.text import index_text, query_terms, terms

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# tsvector positions stop at 16383; later tokens still match, at the last position.
_MAX_POSITION = 16_383
# ts_rank's weight array is ordered {D, C, B, A}.
RANK_WEIGHTS = "{0.5, 0.5, 1.0, 1.0}"


def tokens(text: str) -> list[str]:
    """Lower-cased letter/digit runs without diacritics, as FTS5 unicode61 cuts them."""
    # NFD then NFC drops combining marks but recomposes Hangul syllables, which NFD splits into jamo.
    stripped = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    return [t.lower() for t in _TOKEN.findall(unicodedata.normalize("NFC", stripped))]


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def tsvector_literal(body: str, keywords: str) -> str:
    """A ``tsvector`` literal: body tokens at weight D, keyword tokens at weight B, with positions."""
    positions: dict[str, list[str]] = {}
    pos = 0
    for text, weight in ((body, "D"), (keywords, "B")):
        for token in tokens(index_text(text)):
            pos = min(pos + 1, _MAX_POSITION)
            positions.setdefault(token, []).append(f"{pos}{weight}")
    return " ".join(f"{_quote(tok)}:{','.join(places[:256])}" for tok, places in positions.items())


def query_lexemes(query: str, *, max_terms: int = 32) -> list[tuple[str, ...]]:
    """The query's terms as the tokens each is indexed under (a term of several tokens is a phrase)."""
    chosen: dict[str, None] = {}
    for term in query_terms(query) or terms(query):
        chosen.setdefault(term, None)
    found: dict[tuple[str, ...], None] = {}
    for term in list(chosen)[:max_terms]:
        lexemes = tuple(tokens(index_text(term)))
        if lexemes:
            found.setdefault(lexemes, None)
    return list(found)


def tsquery_of(lexeme_terms: Sequence[tuple[str, ...]]) -> str | None:
    """A ``tsquery`` that finds any of ``lexeme_terms`` (each a single lexeme or a phrase of several)."""
    parts = [
        f"({' <-> '.join(_quote(t) for t in lexemes)})" if len(lexemes) > 1 else _quote(lexemes[0])
        for lexemes in lexeme_terms
    ]
    return " | ".join(parts) or None


def tsquery_literal(query: str, *, max_terms: int = 32) -> str | None:
    """A ``tsquery`` that finds any of the query's terms (a term of several tokens as a phrase).

    The terms are those :func:`servers.core.text.fts_match_expression` searches for SQLite.
    """
    return tsquery_of(query_lexemes(query, max_terms=max_terms))
