"""What each host event does, given the warm domain services; returns the text to inject ("" for none).

| event              | reads                                                   | writes                          |
|--------------------|---------------------------------------------------------|---------------------------------|
| session-start      | MEMORY.md, today's summary, user model                  | —                               |
| … source=compact   | task anchor, memories for the last prompt, errors       | injected set reset              |
| user-prompt-submit | memories, skills, preferences                           | injected set (no repeats)       |
| post-tool-use      | every N-th call: memories for recent results            | injected set                    |
| pre-compact        | the transcript since the last compaction                | ≤ 5 memories                    |
| session-end        | the session trace, with the lessons stated at Stop      | a task per prompt,              |
|                    |                                                         | reflections, daily, MEMORY.md   |

The trace itself (prompts, tool calls, and the lessons the agent stated when the Stop hook asked) is
appended by the hook client before it gets here, so it is kept even when this side is down. Stop never
comes here: the client answers it from the trace alone. A task's lessons become the strategies of its
task report, and promotion treats them like any reflection's.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from servers.core.principal import acting_as
from servers.core.recovery import step_key
from servers.reflection.proactive_models import Initiative
from servers.suite.hooks import startfiles
from servers.suite.hooks.context import AssembledContext, Item, SectionName, assemble, render_section
from servers.suite.hooks.initiatives import assemble_with
from servers.suite.hooks.protocol import text_field
from servers.suite.hooks.sources import DomainSources, clip
from servers.suite.hooks.tokens import token_counter
from servers.suite.hooks.trace import SessionTrace, Task
from servers.suite.settings import CairnSettings

log = logging.getLogger(__name__)
MAX_TASKS_PER_SESSION = 20


def _initiative_ref(initiative: Initiative) -> str:
    return f"{initiative.type}:{initiative.source}"


def _tool_call(record: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": str(record.get("name") or "?")[:200],
        "arguments": record.get("input"),
        "result": record.get("result"),
        "error": record.get("error"),
    }


_STEP_RESULT_CHARS = 4000  # what a reflection's trace step keeps of a call's output (TraceStep.result)


def _clipped(text: str | None, limit: int = _STEP_RESULT_CHARS) -> str | None:
    """A call's output within what a trace step keeps: its start and its end, where tools print what matters."""
    if not text or len(text) <= limit:
        return text or None
    half = limit // 2 - 2
    return f"{text[:half]}\n…\n{text[-half:]}"


def _cwd(record: dict[str, Any]) -> str | None:
    cwd = record.get("cwd")
    return cwd if isinstance(cwd, str) and cwd else None


def _outcome(task: Task) -> str:
    """success when every failed call was made good by a later call of the same step (the failure and its
    fix are in the captured text), else what was left broken."""
    failed = [i for i, t in enumerate(task.tools) if t.get("error")]
    if not failed:
        return "success"
    if task.tools[-1].get("error"):
        return "failure: last step failed"
    keys = [step_key(str(t.get("name")), t.get("input")) for t in task.tools]
    broken = [
        i
        for i in failed
        if not any(keys[j] == keys[i] and not task.tools[j].get("error") for j in range(i + 1, len(keys)))
    ]
    return f"partial: {len(broken)} step(s) left broken" if broken else "success"


class Hooks:
    def __init__(self, settings: CairnSettings, sources: DomainSources | None = None) -> None:
        self.settings = settings
        self.config = settings.hooks
        self.sources = sources or DomainSources(settings)
        self.count, self.tokenizer = token_counter(self.config.tokenizer)

    def close(self) -> None:
        self.sources.close()

    def handle(self, event: str, payload: dict[str, Any]) -> str:
        session_id = text_field(payload, "session_id", 200)
        handler = {
            "session-start": self.session_start,
            "user-prompt-submit": self.user_prompt_submit,
            "post-tool-use": self.post_tool_use,
            "pre-compact": self.pre_compact,
            "session-end": self.session_end,
        }[event]
        # The host that runs the hooks is the local user, as on stdio: nobody to look up in a request token
        # (looking would import fastmcp and mcp into the daemon, a second or more of the first prompt).
        with acting_as(None):
            return handler(payload, session_id)

    def _assemble(
        self, task: str, session_id: str, budget: int, sections: tuple[SectionName, ...], **kw: Any
    ) -> AssembledContext:
        user = self.config.user_id
        gathered = self.sources.gather(task, user, session_id or None, sections, **kw)
        return assemble(gathered, budget, sections, self.count, self.tokenizer)

    def _remember_injected(self, trace: SessionTrace, result: AssembledContext) -> None:
        refs = [r for s in result.sections if s.name in ("memories", "preferences", "skills") for r in s.refs]
        if refs:
            state = trace.state()
            state["injected"] = list(dict.fromkeys([*state.get("injected", []), *refs]))[-500:]
            trace.save_state(state)

    # --- events --------------------------------------------------------------------------------------

    def session_start(self, payload: dict[str, Any], session_id: str) -> str:
        trace = self.sources.trace(session_id)
        if text_field(payload, "source") == "compact":
            # The model just lost the details: give back the task, what is known about it, and the errors.
            trace.save_state({**trace.state(), "injected": []})
            sections: tuple[SectionName, ...] = ("fixed", "task", "preferences", "memories", "errors")
            result = self._assemble(trace.last_prompt(), session_id, self.config.start_budget_tokens, sections)
            self._remember_injected(trace, result)
            return result.text
        return self.start_text(session_id)

    def start_text(self, session_id: str) -> str:
        """Preferences, long-term facts and today's summary, within the start budget (facts first)."""
        user = self.config.user_id
        files = self.sources.memory.files(user)
        prefs = self.sources.preferences(user)
        today = datetime.now(UTC).strftime("%Y-%m-%d")
        parts = [render_section("preferences", prefs)] if prefs else []
        parts += startfiles.file_sections(files.read(files.memory_md), files.read(files.daily(today)), today)
        text = startfiles.compose(parts, self.config.start_budget_tokens, self.count)
        if text and prefs and session_id:
            trace = self.sources.trace(session_id)
            trace.save_state({**trace.state(), "injected": [i.ref for i in prefs]})
        return text

    def user_prompt_submit(self, payload: dict[str, Any], session_id: str) -> str:
        prompt = text_field(payload, "prompt", 20_000).strip()
        if len(prompt) < 3:
            return ""
        trace = self.sources.trace(session_id)
        injected = set(trace.state().get("injected", []))
        sections: tuple[SectionName, ...] = ("preferences", "memories", "skills", "skill_index")
        budget = self.config.prompt_budget_tokens
        result = assemble_with(
            lambda room: self._assemble(prompt, session_id, room, sections, exclude=injected),
            self._new_initiatives(trace, prompt),
            budget,
            self.count,
        )
        self._remember_injected(trace, result)
        if result.initiatives:
            state = trace.state()
            told = [*state.get("initiatives", []), *(_initiative_ref(i) for i in result.initiatives)]
            trace.save_state({**state, "initiatives": told[-200:]})
        note = self._keyword_only_note(result)
        return f"{result.text}\n\n{note}" if result.text and note else result.text or note

    def _new_initiatives(self, trace: SessionTrace, prompt: str) -> list[Initiative]:
        """Initiatives above their bar for this prompt that this session has not been told yet: a goal or a habit
        said once is a nudge, said on every prompt it is noise."""
        if not self.config.initiatives:
            return []
        try:
            found = self.sources.reflection.proactive.evaluate(self.config.user_id, prompt).initiatives
        except Exception as exc:  # the prompt's context matters more than its initiatives
            log.warning("prompt initiatives failed: %s", exc)
            return []
        told = set(trace.state().get("initiatives", []))
        return [i for i in found if _initiative_ref(i) not in told]

    def _keyword_only_note(self, result: AssembledContext) -> str:
        """One line when hybrid recall fell back to keywords for a passing reason (the model still loading).

        The model should know recall may have missed paraphrases and other languages this time (it can
        call memory_recall later). A lasting reason — no embedder configured, or keyword recall chosen —
        would repeat on every prompt and say nothing new, so it is left out.
        """
        if self.config.recall_mode != "hybrid" or self.settings.embedder == "none" or self.sources.embedder.error:
            return ""
        reasons = [d.removeprefix("memories: ") for d in result.degraded if d.startswith("memories: ")]
        if not reasons:
            return ""
        return f"(Cairn recalled by keyword only for this prompt: {reasons[0].split(';')[0]}.)"

    def post_tool_use(self, payload: dict[str, Any], session_id: str) -> str:
        """A failed call a rule knows: that rule at once. Every N-th call: a refresh (the client decides)."""
        trace = self.sources.trace(session_id)
        recent = trace.recent_tools(self.config.refresh_every)
        if not recent:
            return ""
        parts = [self._just_in_time(trace, recent[-1])] if recent[-1].get("error") else []
        if payload.get("cairn_refresh", True):
            parts.append(self._refresh(trace, recent, session_id))
        return "\n\n".join(p for p in parts if p)

    def _just_in_time(self, trace: SessionTrace, record: dict[str, Any]) -> str:
        """The rule learned from this failure, once per rule and session: the agent needs it now, not later."""
        state = trace.state()
        told = set(state.get("told", []))
        items = [i for i in self.sources.rules_for_failure(self.config.user_id, record) if i.ref not in told]
        if not items:
            return ""
        trace.save_state({**state, "told": [*told, *(i.ref for i in items)]})
        return "Cairn has seen this failure before:\n" + "\n".join(i.text for i in items)

    def _refresh(self, trace: SessionTrace, recent: list[dict[str, Any]], session_id: str) -> str:
        query = " ".join(
            f"{r.get('name')} {clip(str(r.get('input') or ''), 200)} "
            + clip(str(r.get("error") or r.get("result") or ""), 300)
            for r in recent
        )
        injected = set(trace.state().get("injected", []))
        result = self._assemble(
            trace.last_prompt() or query,
            session_id,
            self.config.refresh_budget_tokens,
            ("memories", "skills"),
            exclude=injected,
            memory_limit=self.config.refresh_limit,
            memory_query=query,
        )
        self._remember_injected(trace, result)
        return result.text

    def pre_compact(self, payload: dict[str, Any], session_id: str) -> str:
        if not self.config.flush or not session_id:
            return ""
        from servers.memory.extract import Message, ToolCall

        messages: list[Message] = []
        path = text_field(payload, "transcript_path", 4096)
        if path and Path(path).is_file():
            from servers.suite.hooks.transcript import read_messages

            messages = read_messages(Path(path))
        trace = self.sources.trace(session_id)
        if not messages:  # no transcript: the trace still knows the prompts and the tool calls
            for task in trace.tasks():
                if task.prompt:
                    messages.append(Message(role="user", content=task.prompt))
                calls = [ToolCall.model_validate(_tool_call(t)) for t in task.tools]
                if calls:
                    messages.append(Message(role="assistant", tool_calls=calls))
                messages += [
                    Message(role="tool", content=str(t.get("result") or ""), name=str(t.get("name")))
                    for t in task.tools
                    if t.get("result")
                ]
        if messages:
            result = self.sources.memory.flush(messages, session_id, self.config.user_id)
            log.info(
                "flushed %s new, %s merged of %s candidates", len(result.written), len(result.merged), result.considered
            )
        trace.save_state({**trace.state(), "injected": []})
        return ""

    def session_end(self, payload: dict[str, Any], session_id: str) -> str:
        if not session_id:
            return ""
        trace = self.sources.trace(session_id)
        everything = trace.tasks()
        user = self.config.user_id
        if self.config.capture and everything:
            self._learn_preferences(everything, session_id)
            from servers.memory.extract import ToolCall
            from servers.reflection.models import ProposedStrategy, TaskReport, TraceStep
            from servers.suite.hooks.commands import is_correction

            opening = everything[0].prompt
            if opening and is_correction(opening):
                # The session opens with feedback on work of an earlier one: no task here to attach it to.
                self.sources.reflection.note_feedback(user, opening[:4000], f"hook:{session_id[:150]}:feedback")
            reflected = 0
            for number, task in enumerate(everything):
                # The next prompt correcting this answer ("too long", "that's wrong") is the user's feedback on it.
                following = everything[number + 1].prompt if number + 1 < len(everything) else ""
                feedback = following if following and is_correction(following) else None
                # A task without tools is still reflected on when the agent stated a lesson about it or the user
                # corrected it.
                if not (task.tools or task.lessons or feedback) or reflected >= MAX_TASKS_PER_SESSION:
                    continue
                reflected += 1
                text = task.prompt.strip() or "(tool calls without a prompt)"
                calls = [ToolCall.model_validate(_tool_call(t)) for t in task.tools]
                # Memory captures tasks with tools only; without, the session and position name the task, so the
                # same lesson from another session counts as another task when promotion counts them. A capture
                # merged into an earlier entry (a recurring task) still has a task id of its own.
                captured = (
                    self.sources.memory.capture_task(text, calls, _outcome(task), user, session_id) if calls else None
                )
                task_id = (captured.task_id or captured.id) if captured else f"hook:{session_id[:150]}:{number}"
                steps = [
                    TraceStep(
                        tool=c.name,
                        arguments=c.arguments,
                        ok=c.error is None,
                        error=c.error,
                        result=_clipped(c.result),
                        cwd=_cwd(record),
                    )
                    for c, record in zip(calls, task.tools, strict=True)
                ]
                # The lessons the agent stated at Stop are this task's own strategies: promotion counts them
                # like any reflection's (the same lesson from 3 independent tasks becomes a rule).
                lessons = [
                    ProposedStrategy(
                        strategy=str(lesson["text"]).strip()[:1000],
                        scenario=str(lesson.get("when") or "")[:1000],
                        confidence="MEDIUM",
                    )
                    for lesson in task.lessons
                    if len(str(lesson.get("text") or "").strip()) >= 3
                ][:3]
                report = TaskReport(
                    task=text[:4000],
                    outcome=_outcome(task),
                    trace=steps,
                    task_id=task_id,
                    session_id=session_id,
                    strategies=lessons,
                    user_feedback=feedback[:4000] if feedback else None,
                    user_reaction="complained" if feedback else "none",
                )
                self.sources.reflection.reflect(report, user, "post_task")
            from servers.memory.lifecycle import Lifecycle

            lifecycle = Lifecycle(self.sources.memory)
            lifecycle.build_daily(user, datetime.now(UTC).strftime("%Y-%m-%d"))
            lifecycle.sync_longterm(user)
        trace.finish()
        return ""

    def _learn_preferences(self, tasks: list[Task], session_id: str) -> None:
        """Preferences the user stated in this session's prompts reach the user model (restatements agree) and
        memory as preferences (restatements merge there, so one stated again in another session reaches MEMORY.md)."""
        user = self.config.user_id
        for number, task in enumerate(t for t in tasks if t.prompt.strip()):
            try:
                noted = self.sources.reflection.note_preferences(user, task.prompt[:4000], _source(session_id, number))
                for item in noted:
                    if not item.result.applied or item.tentative:
                        # "what does X actually do": nothing held was taken back, nothing was stated; a
                        # constraint said once is no preference until it is said again.
                        continue
                    # A restatement is stored in the words it was first stated in, so it counts as another
                    # sighting of that memory; a repeat within one session counts once (memory's rule). A
                    # constraint said earlier and now again was a sighting in its own session too.
                    earlier = [_session_of(s) for s in item.earlier_sources]
                    for seen_in in dict.fromkeys([*(e for e in earlier if e), session_id]):
                        self.sources.memory.write(
                            item.canonical,
                            user,
                            type="preference",
                            source="hooks",
                            session_id=seen_in,
                            keywords=["preference"],
                            slots={"session_id": seen_in[:200]},
                        )
            except Exception as exc:  # a preference that cannot be read must not cost the session's capture
                log.warning("stated preferences of a prompt were not kept: %s", exc)


def _source(session_id: str, number: int) -> str:
    """Where a stated preference was said: the session and the prompt's place in it."""
    return f"hook:{session_id[:150]}:{number}"


def _session_of(source: str) -> str | None:
    """The session of a source ``_source`` wrote, or None for a source of another kind."""
    if not source.startswith("hook:"):
        return None
    session, _, _number = source.removeprefix("hook:").rpartition(":")
    return session or None


__all__ = ["Hooks", "Item"]
