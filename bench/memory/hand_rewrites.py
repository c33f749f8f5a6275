"""A stand-in for the LLM that rewrites recall queries, answering from hand-written rewrites.

``bench/memory/dataset/rewrites.json`` holds, for every evaluation query, the answer the rewrite prompt
asks of a model (``servers/memory/rewrite.py``): its translation into the other language and a paraphrase.
They were written from each query alone, by a writer who saw neither the notes nor any result, the way a
model sees only the query. Served through this client they show what recall gains with a good rewrite, not
what a particular model gives. No network: the stand-in answers from the file.
"""

from __future__ import annotations

import json
from pathlib import Path

from servers.core.llm import LLMClient, LLMError

REWRITES = Path(__file__).resolve().parent / "dataset" / "rewrites.json"


class HandRewrites(LLMClient):
    """Answers the rewrite prompt for a known query with its hand-written JSON; other prompts fail."""

    def __init__(self, path: Path = REWRITES) -> None:
        super().__init__(model="hand-written")
        self.table: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        if prompt not in self.table:
            raise LLMError(f"no hand-written rewrite for {prompt!r}")
        return json.dumps(self.table[prompt], ensure_ascii=False)
