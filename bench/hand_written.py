"""A stand-in for an LLM that answers from text written by hand, so a benchmark can measure an LLM path offline.

The benchmarks that measure what an LLM adds (a translation of a request, rewordings of a query) cannot reach a
provider here. Each keeps, per evaluation prompt, the answer a competent model would give, written by someone
who saw only the prompt; this client serves them. A prompt with no answer fails as a model error would.
"""

from __future__ import annotations

from collections.abc import Mapping

from servers.core.llm import LLMClient, LLMError


class HandWrittenLLM(LLMClient):
    """Answers each known prompt with the text written for it."""

    def __init__(self, answers: Mapping[str, str], what: str) -> None:
        super().__init__(model="hand-written")
        self.answers = dict(answers)
        self.what = what  # named in the error: "translation", "rewrite"

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        if prompt not in self.answers:
            raise LLMError(f"no hand-written {self.what} for {prompt!r}")
        return self.answers[prompt]
