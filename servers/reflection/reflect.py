"""Rule-based reflection: the five dimensions of 002 §3.2 read off a task trace without a model.

| dimension  | read from                                                                      |
|------------|--------------------------------------------------------------------------------|
| outcome    | the outcome text and the user's reaction                                       |
| efficiency | step count, identical repeated calls, failed calls, the slowest steps          |
| errors     | each failed call's message → category A–D (002 §3.2) and a severity            |
| strategies | what the trace proves (a retry that worked, arguments fixed after an error, a  |
|            | repeated call) plus the agent's own lessons; at most three                     |
| gaps       | tools that did not exist, inputs too large for the model, failures never fixed |

A strategy is only as confident as its evidence: MEDIUM when the trace shows the fix working, LOW when
it is a guess. Only MEDIUM and HIGH ones take part in promotion (002 §3.3 rule 1).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter

from servers.reflection.feedback import parse_feedback
from servers.reflection.models import (
    CONFIDENCE_RANK,
    Diagnosis,
    Efficiency,
    ErrorCategory,
    Outcome,
    Severity,
    Strategy,
    TaskReport,
    TraceStep,
    Trigger,
)

_FAILURE = re.compile(
    r"\b(fail(ed|ure)?|error|crash(ed)?|abort(ed)?|gave up|could not|couldn'?t|unable)\b|失败|出错", re.I
)
_PARTIAL = re.compile(r"\b(partial(ly)?|incomplete|some of)\b|部分", re.I)
_TRANSIENT = re.compile(
    r"time(d)?[ -]?out|timeout|rate[- ]?limit|\b429\b|\b50[234]\b|temporar|connection (reset|refused)|unavailable|超时",
    re.I,
)
_ARGS = re.compile(
    r"invalid|bad request|\b400\b|\b422\b|validation|schema|missing (required )?(argument|parameter|field)|"
    r"type ?error|unexpected (argument|keyword)|usage:|malformed|参数",
    re.I,
)
_NOT_FOUND = re.compile(r"not found|\b404\b|no (such|results?|matches)|does not exist|empty result|找不到|不存在", re.I)
_NO_TOOL = re.compile(r"unknown tool|no such tool|tool .*not (available|found)|not (a )?registered tool", re.I)
_PERMISSION = re.compile(r"permission denied|forbidden|\b40[13]\b|unauthori[sz]ed|access denied|权限", re.I)
_MODEL = re.compile(
    r"context (length|window)|too many tokens|token limit|maximum context|output (was )?truncated|"
    r"could not parse|hallucinat|上下文",
    re.I,
)
_SECURITY = re.compile(
    r"secret|credential|password|api[_ ]?key|leak|secur|unsafe|injection|data loss|deleted (user )?data|"
    r"rm -rf|production|泄露|安全",
    re.I,
)

# The kinds of failure a lesson can be about, by the words that name them; used by promotion to tell whether a
# stated lesson and the trace's own diagnosis of a failed call are two accounts of the same failure.
_KINDS = {
    "security": _SECURITY,
    "transient": _TRANSIENT,
    "permission": _PERMISSION,
    "arguments": _ARGS,
    "not_found": _NOT_FOUND,
    "no_tool": _NO_TOOL,
    "model": _MODEL,
}


def failure_kinds(text: str) -> frozenset[str]:
    """Which kinds of failure a lesson talks about ("never paste API keys into `x`" → security)."""
    return frozenset(kind for kind, pattern in _KINDS.items() if pattern.search(text))


def task_id_for(report: TaskReport) -> str:
    """The report's own id, or a content hash: the same report sent twice is one task, not two."""
    if report.task_id:
        return report.task_id
    basis = json.dumps([report.task, report.outcome, [s.tool for s in report.trace]], ensure_ascii=False)
    return "t_" + hashlib.sha256(basis.encode()).hexdigest()[:16]


def outcome_status(outcome: str) -> str:
    text = outcome.strip().lower()
    if text in ("success", "succeeded", "ok", "done", "partial", "failure", "failed"):
        return {"succeeded": "success", "ok": "success", "done": "success", "failed": "failure"}.get(text, text)
    if _PARTIAL.search(outcome):
        return "partial"
    return "failure" if _FAILURE.search(outcome) else "success"


def assess_outcome(report: TaskReport) -> Outcome:
    status = outcome_status(report.outcome)
    score = {"success": 1.0, "partial": 0.5, "failure": 0.0}[status]
    notes = [f"task ended in {status}"]
    if report.user_reaction == "modified":
        score = max(0.0, score - 0.25)
        notes.append("the user had to edit the output")
    elif report.user_reaction in ("complained", "follow_up"):
        score = max(0.0, score - (0.5 if report.user_reaction == "complained" else 0.15))
        if status == "success" and report.user_reaction == "complained":
            status = "partial"
        notes.append("the user " + ("complained" if report.user_reaction == "complained" else "had to ask again"))
    elif report.user_reaction == "satisfied":
        notes.append("the user was satisfied")
    return Outcome(status=status, score=round(score, 2), summary="; ".join(notes))


def _args_key(step: TraceStep) -> str:
    return step.tool + "|" + json.dumps(step.arguments, sort_keys=True, ensure_ascii=False, default=str)


def assess_efficiency(report: TaskReport) -> Efficiency:
    trace = report.trace
    repeats = Counter(_args_key(s) for s in trace if s.ok)
    redundant = sorted({k.split("|", 1)[0] for k, n in repeats.items() if n > 1})
    durations = [(s.tool, s.duration_ms) for s in trace if s.duration_ms is not None]
    total = sum(d for _, d in durations) if durations else None
    slowest = [t for t, d in sorted(durations, key=lambda x: -x[1])[:2] if total and d >= 0.4 * total]
    notes: list[str] = []
    if redundant:
        notes.append(f"identical calls repeated: {', '.join(redundant)}")
    failed = [s for s in trace if not s.ok]
    if failed:
        notes.append(f"{len(failed)} of {len(trace)} calls failed")
    if slowest and total:
        notes.append(f"{slowest[0]} took most of the {total} ms")
    return Efficiency(
        steps=len(trace),
        failed_steps=len(failed),
        redundant_calls=redundant,
        slowest=slowest,
        total_ms=total,
        notes=notes,
    )


def _severity(text: str, task_failed: bool) -> Severity:
    if _SECURITY.search(text):
        return "HIGH"
    return "MEDIUM" if task_failed else "LOW"


def _recovered(trace: list[TraceStep], index: int) -> bool:
    return any(s.ok and s.tool == trace[index].tool for s in trace[index + 1 :])


def diagnose(report: TaskReport, failed_task: bool) -> tuple[list[Diagnosis], list[Strategy], list[str]]:
    errors: list[Diagnosis] = []
    strategies: list[Strategy] = []
    gaps: list[str] = []
    seen_tools: set[tuple[str, str]] = set()
    for i, step in enumerate(report.trace):
        if step.ok:
            continue
        message = step.error or "failed without a message"
        severity = _severity(message, failed_task)
        recovered = _recovered(report.trace, i)
        confidence = "MEDIUM" if recovered else "LOW"
        tool = f"`{step.tool}`"
        category: ErrorCategory
        if _NO_TOOL.search(message):
            category, cause = "C", f"{step.tool} is not an available tool"
            gaps.append(f"a tool for what {step.tool} was meant to do")
            advice = f"List the available tools before planning a step around {tool}"
        elif _MODEL.search(message):
            category, cause = "D", "the input or output exceeded what the model can handle"
            gaps.append("tasks this large need splitting or a model with a larger context")
            advice = f"Split large inputs into smaller parts before passing them to {tool}"
        elif _TRANSIENT.search(message):
            category, cause = "C", "a transient failure (timeout, rate limit or unavailable service)"
            advice = (
                f"Retry {tool} once after a timeout or rate limit before changing approach"
                if recovered
                else f"When {tool} times out, switch to an alternative instead of waiting on it"
            )
        elif _PERMISSION.search(message):
            category, cause = "C", "the call was not permitted"
            advice = f"Check permissions and credentials before calling {tool}"
        elif _ARGS.search(message):
            category, cause = "C", "the tool was called with wrong arguments"
            advice = f"Check the arguments of {tool} against its input schema before calling it"
        elif _NOT_FOUND.search(message):
            category, cause = "A", "the target did not exist or returned nothing"
            advice = f"Confirm the target exists (search or list first) before calling {tool}"
        else:
            category, cause = "B", f"the approach did not work: {message[:200]}"
            advice = f"Change the approach after {tool} fails instead of repeating it"
            confidence = "LOW"
        if _SECURITY.search(message):
            # Evidence of a security problem is enough on its own: this is the emergency path's input.
            advice, confidence = f"Never pass secrets or credentials in the arguments of {tool}", "HIGH"
        errors.append(Diagnosis(step=i + 1, tool=step.tool, category=category, root_cause=cause, severity=severity))
        if (step.tool, advice) not in seen_tools:
            seen_tools.add((step.tool, advice))
            strategies.append(
                Strategy(
                    strategy=advice,
                    scenario=f"tasks that call {step.tool}",
                    expected_effect="fewer failed calls and retries",
                    confidence=confidence,
                    severity=severity,
                )
            )
        if not recovered and category != "A":
            gaps.append(f"no working alternative when {step.tool} fails")
    return errors, strategies, sorted(set(gaps))


def feedback_strategies(report: TaskReport) -> list[Strategy]:
    """One strategy per directive in the user's feedback that the user model has no dimension for.

    Preferences the user model knows (verbosity, format, language, citations) become beliefs instead
    (see ``feedback``); a strategy carries the rest ("never use emojis") in the user's own words.
    """
    if not report.user_feedback:
        return []
    out = []
    for pref in parse_feedback(report.user_feedback, report.user_reaction):
        if pref.dimension is not None:
            continue
        explicit = pref.explicit or report.user_reaction in ("modified", "complained")
        out.append(
            Strategy(
                strategy=pref.directive,
                scenario="answers for this user",
                expected_effect="fewer edits and follow-up questions",
                confidence="MEDIUM" if explicit else "LOW",
                severity=_severity(pref.clause, False),
            )
        )
    return out


def analyse(
    report: TaskReport, trigger: Trigger
) -> tuple[Outcome | None, Efficiency | None, list[Diagnosis], list[Strategy], list[str]]:
    """The five dimensions; the error trigger is the fast path (diagnosis and strategies only)."""
    outcome = assess_outcome(report)
    errors, strategies, gaps = diagnose(report, outcome.status == "failure")
    efficiency = assess_efficiency(report)
    for tool in efficiency.redundant_calls:
        strategies.append(
            Strategy(
                strategy=f"Reuse the result of `{tool}` instead of calling it again with the same arguments",
                scenario=f"tasks that call {tool} more than once",
                expected_effect="fewer calls and tokens",
                confidence="MEDIUM",
            )
        )
    if outcome.status == "failure" and not errors:
        errors.append(Diagnosis(category="B", root_cause="the task failed although every call succeeded"))
    # The agent's own lessons and the user's words come first: they outrank what the trace suggests.
    stated = [Strategy(**s.model_dump()) for s in report.strategies]
    strategies = _top([*stated, *feedback_strategies(report), *strategies], 3)
    if trigger == "error":
        return None, None, errors, strategies, gaps
    return outcome, efficiency, errors, strategies, gaps


def _top(strategies: list[Strategy], limit: int) -> list[Strategy]:
    unique: dict[str, Strategy] = {}
    for s in strategies:
        unique.setdefault(s.strategy.strip().lower(), s)
    ranked = sorted(unique.values(), key=lambda s: -CONFIDENCE_RANK[s.confidence])
    return ranked[:limit]
