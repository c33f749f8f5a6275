"""What the user said about a result, read clause by clause (English and Chinese) into preferences.

"Too long. I prefer bullet points, and never use emojis." holds three preferences. The text is cut into
sentences (``.!?。！？;；`` and line breaks) and each sentence into clauses (commas, "and", "but", 而且,
但是 …). A clause that names a known preference dimension becomes a belief signal (verbosity, format,
language, citations); any other clause phrased as a directive ("never …", "always …", "please …",
不要…, 请…) becomes a strategy of its own, worded as the user worded it. A negated known preference
("don't use a table") is also kept as a strategy: the user model holds what a user wants, not what they do
not, and "not a table" says nothing about which format they do want.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from servers.core.text import sentences as split_sentences
from servers.reflection.models import Reaction, SignalKind

# "and" only separates clauses when a new directive follows ("search and summarise" is one instruction).
_CLAUSES = re.compile(
    r"\s*[,，、]\s*(?:and|but|also)?\s*|\s+(?:and|but)\s+(?=(?:please\s+)?(?:always|never|don'?t|do not|i)\b)"
    r"|而且|并且|但是|还有|另外",
    re.I,
)
# Markers of a statement about how the user wants things in general, not only about this answer.
_EXPLICIT = re.compile(
    r"\b(i (?:prefer|want|like|need|would like)|please|always|never|don'?t|do not|stop|avoid)\b|"
    r"我(?:更)?(?:喜欢|希望|想要|需要)|请|不要|别|总是|永远|避免",
    re.I,
)
_DIRECTIVE = re.compile(
    r"^(?:please\s+)?(?:always|never|don'?t|do not|stop|avoid|use|keep|include|add|write|start|end|put|make|"
    r"i (?:prefer|want|like|need|would like))\b"
    r"|^(?:请|不要|别|总是|永远|避免|记得|务必|我(?:更)?(?:喜欢|希望|想要|需要))",
    re.I,
)
_NEGATION = re.compile(r"\b(?:never|don'?t|do not|no|not|without|stop|avoid)\b|不要|别|不用|避免", re.I)


@dataclass(frozen=True)
class _Dimension:
    pattern: re.Pattern[str]
    dimension: str
    value: str
    negatable: bool  # "don't … <this>" means the opposite; complaints such as "too long" stay what they are


# A small lexicon beats guessing with no model; the clause is kept for everything it does not know.
_LEXICON: tuple[_Dimension, ...] = (
    _Dimension(
        re.compile(
            r"too (?:long|verbose|wordy)|shorter|more concise|briefer|keep it short"
            r"|\b(?:cut|trim)\s+(?:half|(?:it|that|this|them)\s+(?:in|by)\s+half)\b|太长|简洁|简短|精简",
            re.I,
        ),
        "verbosity",
        "concise",
        False,
    ),
    _Dimension(
        # 详细 as a wish about the answer (详细解释, 写详细一点), not a field or a page (详细地址, 详细信息页).
        re.compile(
            r"too (?:short|brief)|more detail|more depth|elaborate|太短|展开"
            r"|(?:更|再|写|说|讲|答|得)详细|详细(?:一点|一些|些|地(?![址区图点方])|点|说|讲|解释|介绍|展开|回答|说明|分析)",
            re.I,
        ),
        "verbosity",
        "detailed",
        False,
    ),
    _Dimension(
        # 列表 alone is a list page or a list view in a developer's prompt (订单列表): only a list as the answer's
        # form is a format.
        re.compile(r"bullet(?:ed)? ?(?:points?|list)?|as a list|(?:用|以|列成|写成)列表|列表形式|分点|要点", re.I),
        "format",
        "bullet points",
        True,
    ),
    # A database table ("a new trip_waitlist table") is no answer format: a table as the answer's form is.
    _Dimension(re.compile(r"\bas a table\b|in a table\b|table format|tabular|表格", re.I), "format", "table", True),
    # The language of the answers, not of something else written in a language ("commit messages in English").
    _Dimension(
        re.compile(
            r"(?:answer|reply|respond|talk|speak|explain|write to me|answers|replies)\w*\s+(?:\w+\s+){0,2}in chinese"
            r"|^\s*(?:please\s+)?in chinese\b"
            r"|用中文(?:回答|回复|交流|说|解释)|中文回答|说中文|(?:回答|回复)(?:都)?用中文",
            re.I,
        ),
        "language",
        "Chinese",
        True,
    ),
    _Dimension(
        re.compile(
            r"(?:answer|reply|respond|talk|speak|explain|write to me|answers|replies)\w*\s+(?:\w+\s+){0,2}in english"
            r"|^\s*(?:please\s+)?in english\b"
            r"|用英文(?:回答|回复|交流|说|解释)|英文回答|说英文|(?:回答|回复)(?:都)?用英文",
            re.I,
        ),
        "language",
        "English",
        True,
    ),
    _Dimension(
        # Sources asked of the answer ("include sources", "sources please"), not a folder or a tree ("sources/
        # holds the upstream layers").
        re.compile(
            r"\bcite[sd]?\b|\bcitations?\b|\b(?:with|include|add|give|list|show|name)\s+(?:the\s+|your\s+|its\s+)?"
            r"(?:sources|links)\b|\bsources,?\s+please\b|引用来源|注明来源|出处",
            re.I,
        ),
        "citations",
        "include sources",
        True,
    ),
)


# "Files are getting too long", "the build takes too long": a length, but not of an answer.
_CODE_LENGTH = re.compile(
    r"\b(?:files?|functions?|methods?|lines?|classes?|modules?|names?|builds?|tests?|quer(?:y|ies)|jobs?|"
    r"takes?|took|taking|waits?|timeouts?|startup)\b[^.;,!?]{0,25}\btoo (?:long|short)\b"
    r"|(?:文件|函数|方法|类|构建|测试|启动|编译)[^，。；]{0,8}太(?:长|短)",
    re.I,
)


# "The comments you wrote on the quotes module were too long": what the agent wrote is the subject, whatever
# code it was written on.
_AGENT_WROTE = re.compile(
    r"\byou(?:'ve| have)? (?:wrote|written|drafted|generated|produced|gave|added|made)\b"
    r"|你(?:给[^，。；]{0,8})?(?:写|生成|起草|加)的",
    re.I,
)


def _about_code(dimension: _Dimension, clause: str) -> bool:
    return dimension.dimension == "verbosity" and bool(_CODE_LENGTH.search(clause)) and not _AGENT_WROTE.search(clause)


@dataclass(frozen=True)
class Preference:
    """One clause of feedback: a belief signal (dimension and value) or a directive kept as written."""

    clause: str
    kind: SignalKind
    explicit: bool
    dimension: str | None = None
    value: str | None = None

    @property
    def directive(self) -> str:
        """The clause as an instruction to the agent: capitalised, without a leading "please"."""
        text = re.sub(r"^(?:please\s+|请)", "", self.clause.strip(), flags=re.I).rstrip(" .。")
        return text[:1].upper() + text[1:]


def sentences(text: str) -> list[str]:
    """Sentences, cut where they end (not at "e.g." or "v1.2"), and again at ``;`` and ``；``, which end
    a preference in feedback ("too long; use bullet points")."""
    parts = (part.strip().rstrip(".。!！?？").strip() for s in split_sentences(text) for part in _SEMICOLON.split(s))
    return [part for part in parts if part]


# A ``;`` or ``；`` outside inline code: `mod tests;` in backticks is code, not the end of a clause.
_SEMICOLON = re.compile(r"[;；]+(?=(?:[^`]*`[^`]*`)*[^`]*$)")


def clauses(sentence: str) -> list[str]:
    return [c.strip(" .") for c in _CLAUSES.split(sentence) if c and c.strip(" .")]


def parse_feedback(feedback: str, reaction: Reaction) -> list[Preference]:
    """Every preference in ``feedback``, in the order the user stated them, at most one per dimension.

    A clause is an explicit signal when it, or the sentence it belongs to, states a general wish ("I prefer",
    "never", 请, 不要); otherwise it weighs as an edit when the user changed or complained about the result
    and as a follow-up else.
    """
    implicit: SignalKind = "edit" if reaction in ("modified", "complained") else "follow_up"
    found: list[Preference] = []
    seen: set[str] = set()
    for sentence in sentences(feedback):
        sentence_explicit = bool(_EXPLICIT.search(sentence))
        for clause in clauses(sentence):
            explicit = sentence_explicit or bool(_EXPLICIT.search(clause))
            kind: SignalKind = "explicit" if explicit else implicit
            known = next((d for d in _LEXICON if d.pattern.search(clause) and not _about_code(d, clause)), None)
            if known is not None and not (known.negatable and _NEGATION.search(clause)):
                if known.dimension not in seen:
                    seen.add(known.dimension)
                    found.append(Preference(clause, kind, explicit, known.dimension, known.value))
            elif (_DIRECTIVE.search(clause) and len(clause) >= 4) or known is not None:
                # A directive the lexicon does not know, or a negated known one, is kept in the user's words.
                found.append(Preference(clause, kind, explicit))
    return found
