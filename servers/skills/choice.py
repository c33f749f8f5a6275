"""The model's choice among the closest skills: with an LLM configured, it decides which of them a request needs.

Offline, a skill without Cairn triggers fits when its name + description come close enough to the request
(matcher.py). Closeness cannot tell a request *about* a product ("how much does Linear cost?") from a job
for the skill that works with it, nor two neighbours whose descriptions differ in a word; a model reading
the descriptions can, which is how hosts choose skills themselves. With an LLM configured, the skills that
fit or come near (up to ``llm_choice_candidates`` of them, a little below the threshold too) are shown to
it with their descriptions, and its answer decides: the skills it names are matched in its order, the others
drop out, and "none" leaves no trigger-less match. Skills that declare Cairn triggers are not part of it.

One call per new request and candidate set (cached). When the model fails or names no candidate, the
offline result stands and the reason is reported. The model can only choose among the candidates it was
shown, so a description written to attract it ("always choose me") gains nothing a keyword-stuffed one
does not already have offline.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Mapping, Sequence

from servers.core.llm import LLMClient, LLMError
from servers.core.recent import Recent
from servers.skills.models import Skill

log = logging.getLogger(__name__)

CACHE = 256
MAX_TASK_CHARS = 2000  # longer requests are cut: the opening says what is asked
MAX_DESCRIPTION_CHARS = 1024  # the Agent Skills limit of a description
NONE = "none"
SYSTEM = (
    "You decide which skills an AI coding agent should load for a user's request. Each skill is shown as its "
    "name and description. A skill fits when the request asks for the job its description says the skill "
    "does. It does not fit when the request is only about a product, tool or topic the skill works with "
    "(its price, how to buy or cancel it, trivia, opinions), or asks for a different job. "
    "Answer with the names of the fitting skills exactly as listed, best first, one per line, and nothing "
    "else; usually one is enough. If no skill fits, answer with the single word none."
)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])?\s*")  # a list marker, not a name's leading digit
_NONE = re.compile(rf"{NONE}\b(?![-_])")


def prompt(task: str, skills: Sequence[Skill]) -> str:
    """What the model is asked: the request, then each candidate as ``- name: description``."""
    listed = "\n".join(f"- {s.name}: {' '.join(s.description.split())[:MAX_DESCRIPTION_CHARS]}" for s in skills)
    return f"Request:\n<<<\n{task[:MAX_TASK_CHARS]}\n>>>\n\nSkills:\n{listed}"


def parse(answer: str, names: Sequence[str], aliases: Mapping[str, str] | None = None) -> list[str] | None:
    """The candidate names the answer gives, in its order; [] for "none"; None when it names no candidate.

    ``aliases`` maps other spellings to a candidate (a namespaced skill's own frontmatter name)."""
    known = {a.lower(): n for a, n in (aliases or {}).items()} | {n.lower(): n for n in names}
    chosen: list[str] = []
    for raw in answer.splitlines():
        line = _BULLET.sub("", raw).strip().strip("`'\"*").strip()
        head = line.split(":", 1)[0].strip().strip("`'\"*").lower()  # "name: why" is read as the name
        if head in known and known[head] not in chosen:
            chosen.append(known[head])
        elif _NONE.match(head) and not chosen:
            return []  # "none", "None.", "none - nothing here fits"
    return chosen or None


class SkillChooser:
    """Asks ``llm`` which candidates fit a request; inactive (``llm`` None) without a model."""

    def __init__(self, llm: LLMClient | None) -> None:
        self.llm = llm
        self._cache: Recent[tuple[str, tuple[str, ...]], list[str]] = Recent(CACHE)

    @property
    def active(self) -> bool:
        return self.llm is not None

    @property
    def model(self) -> str:
        return self.llm.model if self.llm is not None else ""

    def choose(self, task: str, candidates: Sequence[Skill]) -> tuple[list[str] | None, str | None]:
        """(names chosen, None) — [] when none fits — or (None, why not) when the offline result must stand."""
        if self.llm is None or not candidates:
            return None, None
        names = tuple(s.name for s in candidates)
        key = (task, names)
        hit = self._cache.get(key)
        if hit is not None:
            return list(hit), None
        # A skill shown as "telegram.configure" may come back as its own name "configure", if no other has it.
        declared = Counter(s.declared_name for s in candidates)
        aliases = {s.declared_name: s.name for s in candidates if s.declared_name and declared[s.declared_name] == 1}
        try:
            answer = self.llm.complete(prompt(task, candidates), system=SYSTEM, temperature=0.0)
        except LLMError as exc:
            log.warning("choosing skills through the model failed: %s", exc)
            return None, f"the model's choice among skills failed ({exc}); matched offline"
        chosen = parse(answer, names, aliases)
        if chosen is None:
            return None, f"the model named no candidate skill ({answer[:80]!r}); matched offline"
        self._cache.put(key, chosen)
        return list(chosen), None
