"""The optional LLM client: litellm behind one small call, absent when no model is configured.

Callers ask :func:`create_llm` for a client and take their rule-based path when it returns None.
litellm is imported only when a model is configured: it costs seconds of start-up.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

# litellm downloads a model price list at import unless told to use its bundled copy: stay offline.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


class LLMError(RuntimeError):
    """The model could not be reached or did not answer usefully."""


@dataclass
class LLMClient:
    model: str
    timeout_s: float = 30.0
    max_tokens: int = 1024

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        try:
            import litellm
        except ImportError as exc:
            raise LLMError("CAIRN_LLM_MODEL is set but litellm is not installed: pip install 'cairn[llm]'") from exc
        messages: list[dict[str, str]] = []
        if system:
            messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": prompt})
        try:
            response = litellm.completion(
                model=self.model,
                messages=messages,
                temperature=temperature,
                max_tokens=self.max_tokens,
                timeout=self.timeout_s,
                num_retries=0,
            )
        except Exception as exc:  # litellm raises provider-specific types; all mean "no answer"
            raise LLMError(f"{self.model}: {exc}") from exc
        content = response.choices[0].message.content
        if not content:
            raise LLMError(f"{self.model} returned an empty answer")
        return str(content)

    def complete_json(self, prompt: str, *, system: str | None = None) -> Any:
        """Ask for JSON and parse it (a fenced block is accepted); LLMError when it is not JSON."""
        text = self.complete(prompt, system=system).strip()
        if text.startswith("```"):
            text = text.strip("`")
            text = text.split("\n", 1)[1] if "\n" in text else text
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise LLMError(f"{self.model} did not answer with JSON: {exc}") from exc


def create_llm(model: str | None, timeout_s: float = 30.0) -> LLMClient | None:
    return LLMClient(model=model, timeout_s=timeout_s) if model else None
