"""The model paths: the prompts for reflection and mutation, and their validated answers.

A model's answer is parsed as JSON or YAML (the prompts ask for JSON; some models answer YAML), checked
against a JSON Schema in ``schemas/``, and on any problem asked once more with the error quoted. A second
bad answer returns None and the caller takes its rule-based path: a model can improve a result, never
block one. The model is litellm's (``CAIRN_LLM_MODEL``, :func:`ask_validated`) or the MCP client's, asked
through sampling by the reflect tool with the same prompt and the same checks (:func:`check_answer`,
:func:`retry_prompt`).
"""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from servers.core.llm import LLMClient, LLMError

log = logging.getLogger(__name__)

_ROOT = Path(__file__).resolve().parents[2]
_SCHEMA_DIRS = (_ROOT / "schemas", _ROOT / "servers" / "_bundled" / "schemas")

REFLECTION_PROMPT = """You analyse finished tasks so that an agent improves over time. Extract insights from the
execution below that will make future tasks go better.

## Task
- Request: {task}
- Final result: {final_output}
- Outcome reported: {outcome}
- User reaction: {user_reaction} {user_feedback}

## Execution trace (step, tool, ok, error, duration ms)
{trace}

## Rules the agent currently follows
{rules}

## Answer five questions
1. Outcome: did the task meet the user's real intent, not just its letter? How good was the result?
2. Efficiency: which steps were efficient, which wasted time or tokens, which calls were unnecessary or mergeable?
3. Errors: for each error or difficulty, the root cause, in one category - A missing information (better
   research), B unsuitable strategy (update the rules), C tool misuse (better tool choice or arguments),
   D model limitation (stronger model or split the task) - and a severity HIGH/MEDIUM/LOW.
4. Strategies: one to three concrete, actionable strategies: what to do, when it applies, the expected
   effect, and your confidence HIGH/MEDIUM/LOW. Name tools in backticks.
5. Capability gaps: what tool, knowledge or skill was missing?

Answer with one JSON object only (no prose), matching this JSON Schema:
{schema}"""

MUTATION_PROMPT = """You evolve an agent's working methods. The {kind} below already works well (success rate
{success_rate:.0%} over its last {uses} uses). Propose improvements that may make it better still.

Current {kind}:
{current}

Recent execution data:
- What successful uses had in common: {success_patterns}
- What failed uses had in common: {failure_patterns}
- User feedback trend: {feedback}

Propose one to three mutations. Types: A adjust a numeric limit or threshold the instructions use, B reorder
steps, C replace a step with another tool or method, D add a new strategy or step. Change only what the agent
follows: metadata such as YAML frontmatter (priority, triggers, token budgets) does not change behaviour.
For each give the complete changed text (`variant`), why it should be better (`rationale`), its risks, and
how to verify it.

Answer with one JSON object only (no prose), matching this JSON Schema:
{schema}"""


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    for folder in _SCHEMA_DIRS:
        path = folder / name
        if path.is_file():
            schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            return schema
    raise FileNotFoundError(f"schema {name} not found in {', '.join(str(d) for d in _SCHEMA_DIRS)}")


def parse_answer(text: str) -> Any:
    """JSON or YAML, with or without a fenced block around it."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    try:
        return json.loads(body)
    except json.JSONDecodeError:
        pass
    try:
        return yaml.safe_load(body)
    except yaml.YAMLError as exc:
        raise ValueError(f"neither JSON nor YAML: {exc}") from exc


def problem_with(answer: Any, schema_name: str) -> str | None:
    """Why ``answer`` is not valid against the schema (the first error, where it is), or None when it is."""
    validator = jsonschema.Draft202012Validator(load_schema(schema_name))
    errors = sorted(validator.iter_errors(answer), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(root)"
        return f"at {where}: {errors[0].message}"
    return None if isinstance(answer, dict) else "the answer is not a JSON object"


def check_answer(text: str, schema_name: str) -> tuple[dict[str, Any] | None, str]:
    """(the model's answer as a dict valid against the schema, "") or (None, what is wrong with it)."""
    try:
        answer = parse_answer(text)
    except ValueError as exc:
        return None, str(exc)
    problem = problem_with(answer, schema_name)
    return (answer, "") if problem is None else (None, problem)


def retry_prompt(prompt: str, problem: str) -> str:
    """The prompt asked once more, quoting why the first answer was rejected."""
    return (
        f"{prompt}\n\nYour previous answer was rejected ({problem[:500]}). "
        "Answer again with only the JSON object, valid against the schema."
    )


def ask_validated(llm: LLMClient, prompt: str, schema_name: str) -> dict[str, Any] | None:
    """The model's answer as a dict valid against the schema, or None after one retry."""
    attempt_prompt = prompt
    for attempt in (1, 2):
        try:
            answer, problem = check_answer(llm.complete(attempt_prompt), schema_name)
        except LLMError as exc:
            answer, problem = None, str(exc)
        if answer is not None:
            return answer
        log.info("model answer rejected (attempt %d): %s", attempt, problem[:300])
        attempt_prompt = retry_prompt(prompt, problem)
    return None


def reflection_prompt(report: dict[str, Any], rules: list[str]) -> str:
    trace = "\n".join(
        f"{i + 1}. {s['tool']} ok={s.get('ok', True)}"
        + (f" error={s['error']!r}" if s.get("error") else "")
        + (f" {s['duration_ms']} ms" if s.get("duration_ms") is not None else "")
        for i, s in enumerate(report.get("trace", [])[:100])
    )
    return REFLECTION_PROMPT.format(
        task=report["task"],
        final_output=(report.get("final_output") or "(not given)")[:2000],
        outcome=report.get("outcome", ""),
        user_reaction=report.get("user_reaction", "none"),
        user_feedback=f"- {report['user_feedback']}" if report.get("user_feedback") else "",
        trace=trace or "(no tool calls)",
        rules="\n".join(f"- {r}" for r in rules[:30]) or "(none yet)",
        schema=json.dumps(load_schema("reflection.schema.json")["properties"], ensure_ascii=False),
    )


def mutation_prompt(
    kind: str, current: str, success_rate: float, uses: int, successes: list[str], failures: list[str], feedback: str
) -> str:
    return MUTATION_PROMPT.format(
        kind=kind,
        current=current[:8000],
        success_rate=success_rate,
        uses=uses,
        success_patterns="; ".join(successes[:5]) or "(not recorded)",
        failure_patterns="; ".join(failures[:5]) or "(none)",
        feedback=feedback or "(none)",
        schema=json.dumps(load_schema("reflection-mutation.schema.json")["properties"], ensure_ascii=False),
    )
