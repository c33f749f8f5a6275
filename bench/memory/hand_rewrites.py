"""Hand-written rewrites of the evaluation queries, served in place of the LLM that rewrites recall queries.

``bench/memory/dataset/rewrites.json`` holds, for every evaluation query, the answer the rewrite prompt
asks of a model (``servers/memory/rewrite.py``): its translation into the other language and a paraphrase.
They were written from each query alone, by a writer who saw neither the notes nor any result, the way a
model sees only the query. Served through this client they show what recall gains with a good rewrite, not
what a particular model gives. No network: the stand-in answers from the file.
"""

from __future__ import annotations

import json
from pathlib import Path

from bench.hand_written import HandWrittenLLM

REWRITES = Path(__file__).resolve().parent / "dataset" / "rewrites.json"


def hand_rewrites(path: Path = REWRITES) -> HandWrittenLLM:
    """The rewrite prompt's JSON answer for each evaluation query."""
    table: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return HandWrittenLLM({query: json.dumps(answer, ensure_ascii=False) for query, answer in table.items()}, "rewrite")
