"""A stream of 31 task reports with known ground truth, and a deterministic stand-in for a model.

The planted items and what each should produce are listed in RESULTS.md; ``EXPECTED`` below is the same
list in code. Everything not planted is noise that must produce nothing.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

R1 = [
    "Ask the user for the date range before searching news",
    "Before searching the news, ask the user which date range they mean",
    "Ask which date range the user wants before running a news search",
]
R1_OPPOSITE = "Never ask the user for the date range before searching news; assume the last week"
SECURITY = "Never paste API keys or passwords into `http_post` request bodies"
LOW_REPEAT = "Prefer shorter file names for exported notes"
NOISE = [
    "Sort spreadsheet columns by date before plotting",
    "Use the metric system when converting recipe units",
    "Quote the exact error line when reporting a failed build",
    "Translate product names only when the user asks",
    "Open the calendar in week view before proposing meeting slots",
    "Round currency amounts to two decimals in invoices",
    "Check the repository's contribution guide before opening a pull request",
    "Compress images larger than 5 MB before uploading them",
    "Put the conclusion first in executive summaries",
    "Pin dependency versions in generated requirements files",
    "Use the user's timezone when stating deadlines",
    "Name charts after the question they answer",
]

NOISE_TASKS = [
    "Plot last month's sales from the spreadsheet",
    "Convert this lasagne recipe to grams",
    "Why did the nightly build break on the linker step",
    "Translate the landing page tagline into German",
    "Propose three slots for a one-to-one next Tuesday",
    "Draft an invoice for the March consulting hours",
    "Open a pull request that fixes the typo in the docs",
    "Shrink the team photos so the upload stops failing",
    "Write the executive summary of the audit",
    "Freeze the Python requirements of the data pipeline",
    "When is the Tokyo launch call in my time",
    "Chart churn by signup cohort",
]

# Ground truth by planted group: a detection is right when most of its evidence is one planted group.
EXPECTED = {
    "rules": {"r1", "weather_retry", "security"},
    "contradictions": 1,
    "repeated_question": {"weather", "vendor", "reminder", "news", "export"},
    "workflow_sequence": {"web_search→web_fetch→file_write", "news_search→summarise", "job_create→memory_recall"},
    "tool_failure": {"weather_api"},
    "suggestions": {"web_search→web_fetch→file_write", "news_search→summarise"},
}


def classify_rule(text: str) -> str:
    """Which planted item a promoted rule is, or 'false'."""
    lowered = text.lower()
    if "date range" in lowered and not lowered.startswith("never"):
        return "r1"
    if "weather_api" in lowered and ("retry" in lowered or "again" in lowered):
        return "weather_retry"
    if "http_post" in lowered and ("key" in lowered or "credential" in lowered or "secret" in lowered):
        return "security"
    return "false"


def stream(seed: int = 7) -> list[dict[str, Any]]:
    """31 task reports (dicts for TaskReport): 30 in a fixed shuffled order, then R1's contradiction."""
    rng = random.Random(seed)
    reports: list[dict[str, Any]] = []

    def add(
        group: str,
        task: str,
        trace: list[dict[str, Any]],
        outcome: str = "success",
        lessons: list[dict[str, Any]] | None = None,
    ) -> None:
        reports.append(
            {
                "task": task,
                "outcome": outcome,
                "trace": trace,
                "strategies": lessons or [],
                "task_id": f"bench-{len(reports) + 1:02d}",
                "group": group,
            }
        )

    for i, text in enumerate(R1):
        add(
            "news",
            f"Find news about topic {['solar', 'rail', 'chip'][i]} subsidies",
            [{"tool": "news_search", "arguments": {"q": "x"}}, {"tool": "summarise"}],
            lessons=[{"strategy": text, "confidence": "MEDIUM"}],
        )
    for city in ("Berlin", "Paris", "Oslo", "Rome"):
        add(
            "weather",
            f"What is the weather forecast in {city} this weekend",
            [{"tool": "weather_api", "ok": False, "error": "Timeout after 10s"}, {"tool": "weather_api"}],
        )
    add(
        "security",
        "Send the quarterly numbers to the finance webhook",
        [{"tool": "http_post", "ok": False, "error": "refused: body contains an API key"}],
        outcome="failed",
        lessons=[{"strategy": SECURITY, "confidence": "HIGH", "severity": "HIGH"}],
    )
    for vendor in ("Acme", "Globex", "Initech", "Umbrella"):
        add(
            "vendor",
            f"Research vendor {vendor} and save a notes file",
            [
                {"tool": "web_search", "arguments": {"query": vendor}},
                {"tool": "web_fetch", "arguments": {"url": "u"}},
                {"tool": "file_write", "arguments": {"path": "notes.md"}},
            ],
        )
    for n in range(3):
        add(
            "reminder",
            f"Set up reminder number {n} for the team sync",
            [{"tool": "job_create", "arguments": {"cron": "0 9 * * 1"}}, {"tool": "memory_recall"}],
        )
    tools = [
        "csv_read",
        "image_resize",
        "git_clone",
        "calendar_list",
        "translate",
        "pdf_read",
        "build_run",
        "invoice_make",
        "chart_plot",
        "pip_compile",
        "tz_convert",
        "unit_convert",
    ]
    for text, tool, task in zip(NOISE, tools, NOISE_TASKS, strict=True):
        add(f"noise-{tool}", task, [{"tool": tool}], lessons=[{"strategy": text, "confidence": "MEDIUM"}])
    for n in range(3):
        add(
            "export",
            f"Export meeting notes batch {n}",
            [{"tool": "notes_export"}],
            lessons=[{"strategy": LOW_REPEAT, "confidence": "LOW"}],
        )
    rng.shuffle(reports)
    # The contradiction has to arrive after R1 became a rule to be a contradiction at all.
    add(
        "news",
        "Find news about wind subsidies",
        [{"tool": "news_search"}, {"tool": "summarise"}],
        lessons=[{"strategy": R1_OPPOSITE, "confidence": "MEDIUM"}],
    )
    return reports


class FakeModel:
    """A deterministic 'model' behind the mocked endpoint: it reads the prompt and answers in the schema.

    It paraphrases what the trace shows (so promotion must match by meaning, not by text) and every
    ``bad_every``-th answer is malformed, so the retry path runs during the benchmark.
    """

    def __init__(self, bad_every: int = 4) -> None:
        self.calls = 0
        self.bad = 0
        self.bad_every = bad_every

    def answer(self, prompt: str) -> str:
        self.calls += 1
        if self.bad_every and self.calls % self.bad_every == 0:
            self.bad += 1
            return "strategies:\n  - this is: [not valid"
        request = re.search(r"- Request: (.*)", prompt)
        task = request.group(1) if request else ""
        strategies: list[dict[str, str]] = []
        if "weather_api ok=False" in prompt:
            strategies.append(
                {
                    "strategy": "When `weather_api` times out, call it again once before giving up",
                    "confidence": "MEDIUM",
                }
            )
        if "http_post ok=False" in prompt:
            strategies.append(
                {
                    "strategy": "Never include secrets such as API keys in `http_post` bodies",
                    "confidence": "HIGH",
                    "severity": "HIGH",
                }
            )
        if "subsidies" in task:
            strategies.append(
                {"strategy": "Confirm the date range with the user before a news search", "confidence": "MEDIUM"}
                if "wind" not in task
                else {"strategy": "Never ask the user for the date range before searching news", "confidence": "MEDIUM"}
            )
        if not strategies:
            strategies.append({"strategy": f"Keep notes on how '{task[:40]}' was done", "confidence": "LOW"})
        body = {
            "outcome": {"status": "success", "score": 1.0, "summary": "done"},
            "efficiency": {"notes": []},
            "errors": [],
            "strategies": strategies,
            "gaps": [],
        }
        return json.dumps(body)
