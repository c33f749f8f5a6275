"""Skill chains: a skill whose ``chain`` lists other skills expands into ordered steps.

Each step carries the body of the skill it names, what it reads (``input_from``) and what it produces
(``output_as``). A step naming a skill that is not loaded is an error that says which step and which
name, never a silently shorter workflow. Steps that are chains themselves are not expanded again: their
own body says what to do, and this keeps a cycle from expanding forever.
"""

from __future__ import annotations

from collections.abc import Mapping

from servers.skills.models import ChainError, ChainStepOut, Skill


def expand(skill: Skill, skills: Mapping[str, Skill]) -> list[ChainStepOut]:
    steps: list[ChainStepOut] = []
    for i, step in enumerate(skill.chain, start=1):
        target = skills.get(step.skill)
        if target is None:
            raise ChainError(
                f"chain step {i} of '{skill.name}' names unknown skill '{step.skill}'; "
                "install it, enable it, or fix the chain in its SKILL.md"
            )
        steps.append(
            ChainStepOut(
                step=i,
                skill=target.name,
                input_from=step.input_from,
                output_as=step.output_as,
                params=dict(step.params),
                body=target.body,
            )
        )
    return steps


def render(skill: Skill, steps: list[ChainStepOut]) -> str:
    """The skill's own body followed by the multi-step workflow, as one Markdown text."""
    parts = [skill.body, "", "## Multi-Step Workflow", "", "Run these steps in order; each feeds the next.", ""]
    for step in steps:
        parts.append(f"### Step {step.step}: {step.skill}")
        parts.append("")
        if step.input_from:
            parts += [f"**Input:** the output saved as `{step.input_from}`", ""]
        if step.output_as:
            parts += [f"**Output:** save the result as `{step.output_as}` for later steps", ""]
        if step.params:
            shown = ", ".join(f"{k}={v}" for k, v in step.params.items())
            parts += [f"**Parameters:** {shown}", ""]
        parts += [step.body, "", "---", ""]
    return "\n".join(parts).rstrip() + "\n"
