"""Preferences a user states in passing become beliefs of the user model, restatements included.

Hosts send prompts, not ``user_signal`` calls: "please use pytest fixtures, not setUp", a week later "don't
write unittest-style classes, fixtures please", later "again: fixtures over setUp/tearDown". Each is an
explicit statement of one preference, so:

| statement                                   | effect on the user model                                     |
|---------------------------------------------|--------------------------------------------------------------|
| names a known dimension ("keep it short")   | a signal for that dimension (verbosity, format, language, …) |
| restates a preference already held          | one more independent witness for it (confidence grows)       |
| says it changed ("actually, …", "no longer")| the new wording replaces the old, which is kept as a reversal |
| a new preference                            | a belief of its own, named after its main words (``pref:…``) |
| a constraint said in passing ("no X inside  | a tentative belief below the bar; said again in another task |
| the component", "by digest, not by tag")    | (any way), a preference seen in both                         |

"Restates" is decided by topic: the two statements share content words and mean the same by the embedder
(or, without one, share two topic words, or one that is a third of their topic words). Opposite wording
alone does not make a reversal ("fixtures, not setUp" and "fixtures over setUp" say the same thing); the
user saying that it changed does.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from servers.reflection.feedback import parse_feedback, sentences
from servers.reflection.matching import keywords
from servers.reflection.models import Belief, SignalResult
from servers.reflection.usermodel import UserModelBook

PREFIX = "pref:"
# Cosine between two statements (both embedded as passages) over which they are one preference, when they also
# share a content word; without a shared word the bar is higher. Measured with the bundled e5 model on the
# restated preferences of the bench/reflection/host_traces.py tuning streams.
SAME_TOPIC = 0.84  # sharing two topic words
SAME_TOPIC_ONE_WORD = 0.86  # one shared word
SAME_TOPIC_ALONE = 0.94  # no shared word: a restatement in other words or another language
# Without a model: two shared topic words, or one that is a third of both statements' topic words.
LEXICAL_OVERLAP = 0.34
MAX_NOTED = 5  # statements taken from one prompt
# Words too common in developers' requests to tie two statements to one topic.
_COMMON = frozenset(
    "test tests code file files new method methods function functions class classes write use using add make "
    "always never please again project repo codebase thing things way style instead over rather like want "
    "don't dont not no any more anymore prefer please keep".split()
)

# A standing preference, not an instruction for this task alone: words that generalise ("never", "always",
# "from now on", "we don't …", "like the rest of the project", "rather than"), a first-person preference, a
# reminder ("Again: …"), or a short "X please" whose X is not a task verb ("Named exports please").
_TASK_VERBS = (
    "run|add|fix|show|make|create|write|check|open|push|commit|deploy|build|update|remove|delete|rename|explain|"
    "bump|tag|merge|pull|start|stop|restart|install|test|look|find|move|convert|change|set|let|can|could|would|"
    "do|go|try|help|tell|give|send|review|ship|release|clean|refactor|implement|read|see|print|list"
)
_STATED = re.compile(
    r"\b(?:i\s+(?:really\s+)?(?:prefer|like|hate|dislike|can'?t stand)|"
    r"(?:please|pls|plz)\s+(?:always|never|use|don'?t|do not|avoid|stop|no)\b|don'?t\s+(?:use|write|add|create|do)|"
    r"do\s+not\s+(?:use|write|add|create)|from\s+now\s+on|i\s+told\s+you|going\s+forward|rather\s+than|"
    r"we\s+(?:don'?t|do not|never|always|use|prefer)\b|in\s+this\s+(?:repo|project|codebase)|"
    r"like\s+the\s+rest\s+of\s+(?:the|our)\s+(?:project|codebase|repo|code|api|app|service|module)s?|"
    r"same\s+(?:style|way|conventions?)\s+as\s+(?:the\s+rest|always|before|everywhere)|"
    r"i(?:'ve|\s+have)?\s+switched\s+to|"
    # what was just said made general: "that goes for anything new we build too"
    r"(?:that|this|same)\s+goes\s+for\s+(?:anything|everything|all|every|any)\b)\b"
    r"|\b(?:again|reminder)\s*:|(?:^|[—:;,(]\s*)(?:always|never)\b"
    # A rule said again or said to last ("again no testify", "don't bring X back in", "keep it that way",
    # "that's the rule for anything per-frame"), or prohibitions listed ("allocation-free: no LINQ, no lambdas").
    r"|\bagain\b[,:]?\s+(?:no|never|don'?t|not)\b|\bdon'?t\s+bring\b[^.;!?]{1,40}\bback\b"
    r"|(?:^|[.—:;,]\s*)no\s+[\w.`'-]+\s+again\b|\bdon'?t even think about\b"
    r"|\bkeep (?:it|them) that way\b|\bthat'?s the (?:rule|convention|standard)\b"
    r"|(?<!thanks )(?<!thank you )\b(?:as|like) always\b|\bsame rule as\b|\bno exceptions\b"
    r"|(?:^|[:—;]\s*)no\s+(?!worries|rush|problem|idea|clue)[\w.`'-]+\s*(?:,|\band\b)\s*no\s+"
    r"(?!worries|rush|problem|idea|clue)\w"
    r"|\b(?:use|prefer)\s[^.;!?]{1,40}?,\s*not\b"
    # Said to hold beyond this task: "no floats, ever", "at any point", "no f64 even for X", a convention
    # ("that's how we do it", "our convention", "the team decided", "new rule"), a scope beyond this task
    # ("in non-test code").
    r"|,\s*ever\b|\bever again\b|\bat any (?:point|stage)\b|\b(?:no|never)\b[^.;!?]{1,40}\beven (?:for|in|when)\b"
    r"|\bno matter what\b|\bunder no circumstances\b"
    r"|\bwithout exception\b|\bthat'?s (?:how|what) we (?:do|write|use|want)\b|\bhow we do (?:it|things)\b"
    r"|\bour (?:convention|rule|style|standard|house style)\b|\b(?:new|team|house) rule\b"
    r"|\b(?:the|our) team (?:decided|agreed|wants|prefers|uses)\b|\bwe(?:'ve| have)? (?:decided|agreed)\b"
    r"|\bby convention\b|\bas a rule\b|\bin (?:non-test|production|prod|library|all|any) code\b"
    # A prohibition asked for ("and no hardcoded English in views please"), a rule with its exception ("only
    # persist records when the test needs the database, build_stubbed otherwise").
    r"|(?:^|[.—:;]\s*|\band\s+)no\s(?!idea|clue|worries|problem)[^.;!?]{1,60}\b(?:please|pls)\b"
    r"|\bonly\b[^.;!?]{1,80}\bwhen\b[^.;!?]{1,80}\botherwise\b"
    # Chinese: 别 / 不要 as a command (not 别人, 特别, 区别 …), "统一走", "还是那句话" (as I said before).
    r"|(?<![特区分类级识告个差性派])别(?![人的名称处])[\u4e00-\u9fff]|不要|统一(?:走|用|使用|改用)|还是那句话"
    r"|一律|任何(?:时候|地方|情况)|无论如何|(?:我们的|团队的?)(?:规范|约定|习惯)|团队(?:决定|统一|约定)|约定好"
    r"|我(?:更)?(?:喜欢|偏好|习惯|希望)|以后(?:都|请)?|总是|永远不要|不要再|请(?:用|使用|不要)|务必|统一用"
    r"|别(?:直接|再|用|给我)|不要(?:裸|直接|再|用)|都要|再强调|用[^,，。]{1,12}就(?:行|好|可以)"
    # "As before", "the old rule", "not one may be missing".
    r"|照旧|老规矩|一个都不能少|跟以前一样"
    # The convention named by what already follows it: "like the rest", "same as every other amount", "like all
    # our templates", "static types on everything"; 还是老样子, 规矩不变, 跟现有接口保持一致, 从来不用. Not "as
    # usual" or a bare 老样子: "test + lint as usual" repeats a routine, it states no preference.
    r"|\b(?:like|same as|as with)\s+(?:the rest|everything else|all (?:our|the|the other) [\w.-]+|every other [\w.-]+"
    r"|the others|the other [\w.-]+(?: [\w.-]+)?s)\b|\bon everything\b|\beverywhere else\b"
    r"|\b(?:like|as) we (?:always )?do(?: it)? (?:everywhere|elsewhere|always)\b|\bi (?:don'?t|do not) want\b"
    # What every time or every one of a kind gets ("same as every time", "as with every DDL we ship").
    r"|\b(?:same as|like|as)\s+every\s+(?:time|single time)\b|\bas (?:with|for) (?:every|each|any)\s+\w"
    r"|还是老样子|规矩不变|保持一致|(?:跟|和|同|照着)(?:现有|之前|以前|前面|其他|别的)[^，。；]{0,10}(?:一样|一致)|从来不",
    re.I,
)
# A short "X please" whose X is not a task verb states a convention only when it also says what it rules out or
# how far it reaches ("plain IO please, no F[_]", "fully typed GDScript please, every var", "new code braceless
# please"): alone it is this task's request ("staging please", "table please", "e2e test please").
_PLEASE_SHORT = re.compile(rf"(?:^|[—:;]\s*)(?!(?:{_TASK_VERBS})\b)(?:[\w`'-]+\s+){{0,3}}[\w`'-]+\s+please\b", re.I)
_REACH = re.compile(
    r"\b(?:not|no|never|instead|only|every|all(?!\s+of\s+(?:it|them|this|that)\b)|anything|ever|again|new code)\b",
    re.I,
)
_REVERSAL = re.compile(
    # "actually" opening what it says ("Actually, setUp is fine now"), not "make sure it actually loads"
    r"(?:^|[,;:—(]\s*|\b(?:ok|okay|hmm|so|but|and|wait)\s+)actually\b|"
    # "… back to PRs and main only please", "let's go back to tabs": what was done before comes back
    # (not "get back to me", "switch back to main afterwards")
    r"(?:^|[.;:—!?)]\s*|\b(?:go|going|let'?s go|ok|okay|so)\s+)back to\b|"
    r"\bno\s+[^.;!?]{1,40}\banymore\b|"
    r"\b(?:changed my mind|change of (?:plan|heart|mind)|switched to|no longer|not anymore|any more|scratch that|"
    r"forget what i said|i'?m done (?:with|adding|using|writing)|no more|take (?:that|it) back|"
    r"ignore what i said|(?:is|are) fine now|after all|rips? out|ripped out|drop(?:ped)? (?:the|our)|"
    r"(?:i'?ve|i have|we'?ve|we have) gone off|"
    r"(?:we'?re|we are|i'?m) (?:dropping|moving (?:off|away from)|getting rid of)|"
    # "btw forget the one-file-per-plugin thing": what was said is dropped, wherever in the sentence it is said
    r"forget\s+(?:about\s+)?(?:the|that|our|my)\s+[^,.;:!?—()]{2,40}?\s+(?:thing|rule|idea|approach|convention)|"
    # "remember I said clojure.spec? switch that: use malli": what was said, then that it changes.
    r"remember (?:i|we) said|(?:switch|change|scrap) (?:that|this)(?!\s+(?:on|off)\b))\b"
    r"|(?:^|[:;—]\s*)forget\s+(?:about\s+)?(?!(?:it|that|this|them|me|everything)\b)[^\s,.;:!?—()]{2,30}"
    r"(?:\s+[^\s,.;:!?—()]{2,30})?\s*(?:[.!;]|$)"
    # "-Fc took 38 min, so switch: directory format", "let's switch over to uv": a change the user decides on
    # (not "switch to the release branch and tag it", an instruction with no "so"/"let's" before it)
    r"|(?:\bso|\blet'?s|\bwe(?:'ll)?)\s+switch(?:\s+over)?\s*(?::|\bto\b)"
    # "ok I take back the inline thing": what was said is withdrawn (not "take back the laptop to IT")
    r"|\b(?:i|we)\s+(?:'ll\s+)?take\s+back\s+(?:the|what|that|my|our)\b"
    # "quit running argocd app sync after merges", "so stop adding changelog entries": what was done stops (not
    # "the job stops running", "stop the server")
    r"|(?:^|[,;:—]\s*|\b(?:so|and|please|pls|just)\s+)(?:quit|stop)\s+(?:running|using|doing|adding|writing|calling|"
    r"putting|making|pinning|creating|sending)\b"
    r"|改主意|不再|其实|现在可以|不用再|反而|收回|作废|不算数?了|(?:现在|以后|今后)都?改(?:成|为|用)|改回|换回"
    # "以后别整理成表格了", "以后图别再用 matplotlib 了": stop doing what was done so far (别…了 says it was done
    # until now), a topic of a few characters between
    r"|(?:以后|今后|往后)[^，。；别]{0,6}?(?:就)?别(?:再)?[^，。；]{1,30}了",
    re.I,
)
# A convention that starts now ("going forward", "from now on", 以后): with what it replaces named ("valibot
# instead of zod", "no more fragments"), a change of convention even when the old one was never stated here.
_CHANGE_CUE = re.compile(
    r"\b(?:going forward|from now on|new rule|from today|starting (?:today|now)|(?:the )?team agreed)\b"
    r"|以后|从现在(?:起|开始)|今后|统一(?:换成|改用)",
    re.I,
)
# A sentence that points back at something said before ("as usual", "like last time", "you know the drill", "the
# usual rule", "signals again", 跟上次一样): a restatement when what it says is on the topic of a preference already
# held, and nothing on its own ("test + lint as usual" repeats a routine, not a preference).
_RESTATING = re.compile(
    r"\b(?:as usual|like usual|the usual|usual rule|like last time|same as last time|as last time|as before|"
    r"like before|you know the drill|same drill|like we always do|again)\b"
    r"|跟上次一样|和上次一样|像上次(?:那样|一样)|同上次|还是(?:用|按|走|照)|继续(?:用|按)|照老样子|老样子",
    re.I,
)
# A preference said to hold only for a while ("for now", 暂时, 这阵子先别…): a later "from now on" on its topic ends
# it rather than restating it.
_TEMPORARY = re.compile(
    r"\bfor now\b|\bfor the time being\b|\btemporar(?:y|ily)\b|\buntil (?:further notice|then|we|it|the)\b"
    r"|暂时|暂且|目前先|这阵子|眼下|先别|先不",
    re.I,
)
# A constraint on how the work is done, said with no word that makes it standing ("no ESP_ERROR_CHECK inside the
# component", "pin it by digest, not by tag", "kubectl --context on each call", 只用…, 都带上…): this task's
# instruction, or a preference said in passing. Said once it is held as a tentative belief, below the bar a host
# sees; said again on the same topic (in another task, as a constraint or a statement) it is a preference.
_CONSTRAINS = re.compile(
    # A prohibition on a thing ("no ESP_ERROR_CHECK", "nothing in a component aborts"), not "no need to look",
    # "no code", "with no traffic first" (a step's detail)
    r"\bnothing\s+(?:in|inside|on|that|which|goes|gets|should|may|can)\b"
    r"|(?<!\bwith )\b(?:no|never)\s+(?!need\b|rush\b|worries\b|problem\b|idea\b|clue\b|code\b|more\b|"
    r"changes?\b|questions?\b|hurry\b|longer\b|matter\b|one\b|other\b)[\w`$@#.:-]"
    r"|\b(?:don'?t|dont|do not|must not|mustn'?t|shouldn'?t)\s+(?:use|add|pull|bring|rely|let|put|write|call|"
    r"hardcode|hard-code|import|touch|mix|go\s+\w+ing)\b"
    # what is wanted instead of what ("pin it by digest, not by tag"), said in full ("explicit", "spelled out")
    r"|\w,\s*not\s+(?:by|with|via|through|in|as|a|an|the)?\s*[\w`$@#.-]+|\bexplicit(?:ly)?\b|\bspell(?:ed)? out\b"
    # how far it reaches ("on every kubectl call", "for anything that touches a cluster")
    r"|\b(?:on|in)\s+(?:every|each|any)\s+(?!(?:day|week|month|night|morning|hour|minute|time|run|push|commit)s?\b)"
    r"[a-z]|\b(?:everywhere|anywhere|for anything)\b"
    r"|不要|不允许|不能用|(?<![特区分类级识告个差性派])别(?![人的名称处])|必须|只用|只留|一律|统一|全部都|都要|都得|都带|都用|就够了"
    # a reminder of how a kind of work is done ("装包记得走清华源": whenever packages are installed)
    r"|记得(?:要|先)?(?:走|用|加|带|开|关)(?![的过了])",
    re.I,
)
# A constraint said of this task only ("no manager access this time", "for this one", 这次): no preference.
_THIS_TASK = re.compile(r"\bthis (?:time|once|one|run|release|task)\b|\bfor now\b|\btoday\b|这次|这回|本次|今天", re.I)
# Tentative beliefs kept per user: the oldest unconfirmed one goes when a new one would pass this.
MAX_TENTATIVE = 40
_REPLACED = re.compile(
    # "I've gone off the SECTION style": what the user no longer likes
    r"\b(?:i'?ve|i have|we'?ve|we have) gone off (?:the |our |using )?(?P<gone>[^,.;:!?—()]{2,40}?)"
    r"(?=\s*(?:[,.;:!?—()]|$|\bstyle\b|\bapproach\b|\bthing\b))"
    r"|\binstead of\s+(?P<en>[^,.;:!?—()]{2,60})|\bno more\s+(?P<more>[^,.;:!?—()]{2,60})"
    # "we're moving off zod — …": what the user's project leaves
    r"|\b(?:we'?re|we are|i'?m) (?:dropping|moving (?:off|away from)|getting rid of)\s+"
    r"(?P<leaving>[^,.;:!?—()]{2,40}?)(?=\s*(?:[,.;:!?—()]|$))"
    r"|\bforget\s+(?:about\s+)?(?:the|that|our|my)\s+(?P<forget_thing>[^,.;:!?—()]{2,40}?)\s+"
    r"(?:thing|rule|idea|approach|convention)\b"
    # "change of plan on hasql-th: …", "from now on no hasql-th for new statements"
    r"|\b(?:change of (?:plan|heart|mind)|changed? (?:my|our) minds?) (?:on|for|about|with)\s+"
    r"(?P<plan>(?:[^,.;:!?—()]|\.(?=\w)){2,40})"
    # "re ocr-worker: forget Y1.": a short thing forgotten, said on its own (not "forget it", "forget about it")
    r"|(?:^|[:;—]\s*)forget\s+(?:about\s+)?(?!(?:it|that|this|them|me|everything)\b)"
    r"(?P<forget>[^\s,.;:!?—()]{2,30}(?:\s+[^\s,.;:!?—()]{2,30})?)(?=\s*[.!;]|$)"
    r"|\b(?:from now on|going forward),?\s+no (?:new\s+)?(?P<now>(?:[^,.;:!?—()]|\.(?=\w)){2,60})"
    # "drop the @apply thing", "remember I said clojure.spec for validation? switch that"
    r"|\bdrop(?:ped)? (?:the|our|that)\s+(?P<drop>[^,.;:!?—()]{2,40}?)\s+(?:thing|rule|idea|approach|convention)\b"
    # "drop the Jira prefix from commit messages": what is dropped, and where it was
    # (asked for, not told: "survival dropped the `records` column from …" is news)
    r"|(?:^|[,.;:—]\s*|\band\s+|\bplease\s+|\blet'?s\s+|\bwe\s+)drop (?:the|our|that)\s+"
    r"(?P<drop_from>[^,.;:!?—()]{2,40}?)\s+(?:from|in|on)\s+"
    # "I take back the inline thing": what is taken back
    r"|\b(?:i|we)\s+(?:'ll\s+)?take\s+back\s+(?:the|my|our|that)\s+(?P<back>[^,.;:!?—()]{2,40}?)\s+"
    r"(?:thing|rule|idea|part|bit|convention|approach|style)\b"
    r"|\bremember (?:i|we) said\s+(?P<said_en>(?:[^,;:!?—()]|\.(?=\w)){2,60}?)\??\s+"
    r"(?:switch|change|scrap|drop|forget|replace) (?:that|this|it)\b"
    r"|不再(?:用|使用)?(?P<zh>[^，。；、]{1,30})"
    r"|(?:以后|今后|往后)[^，。；别]{0,6}?(?:就)?别(?:再)?(?P<zh_stop>[^，。；]{1,30})了"
    r"|(?:^|[,;:—]\s*|\b(?:so|and|please|pls|just|let'?s|we(?:'ll| will| should)?)\s+)(?:quit|stop)\s+"
    r"(?P<quit>(?:running|using|doing|adding|writing|"
    r"calling|putting|making|pinning|creating|sending)\s+[^,.;:!?—()]{2,60})"
    # "之前说 DWS 的新任务用 Hive SQL 跑，这个作废": what was said before is what is void
    r"|之前说(?:的|过)?(?P<said>[^，。；]{2,40}?)[，,]?\s*(?:这个|那个|这条|那条)?(?:作废|不算数?了|收回)"
    # "之前说时序只看摘要，现在改成…": what was said, then what it is now
    r"|之前说(?:的|过)?(?P<said_now>[^，。；]{2,40})[，,]\s*(?:现在|以后|今后)",
    re.I,
)

Similarity = Callable[[str, Sequence[str]], list[float] | None]


@dataclass(frozen=True)
class Noted:
    """One stated sentence and what it did to the user model."""

    sentence: str
    result: SignalResult
    # Held below the bar until said again: not yet a preference anywhere else (memory, MEMORY.md).
    tentative: bool = False
    # When this sighting made a tentative belief a preference: the sources of the earlier sightings, each one
    # more witness of the preference where it was said.
    earlier_sources: tuple[str, ...] = ()

    @property
    def canonical(self) -> str:
        """The wording the preference is held under: a restatement's is the first statement's, so every
        restatement stores the same text (and counts as another sighting of it)."""
        belief = self.result.belief
        if belief is not None and belief.dimension.startswith(PREFIX) and self.result.applied:
            return belief.value
        return self.sentence


def stated(text: str) -> list[str]:
    """The sentences of ``text`` that state a standing preference, or may take one back."""
    return [s for s in sentences(text) if _said(s)][:5]


def _said(sentence: str) -> bool:
    """Whether a sentence states a standing preference or may take one back."""
    return len(sentence) >= 8 and bool(_states(sentence) or _REVERSAL.search(sentence))


def _states(sentence: str) -> bool:
    """Whether a sentence states a standing preference (taking one back aside)."""
    return bool(_STATED.search(sentence) or (_PLEASE_SHORT.search(sentence) and _REACH.search(sentence)))


def _with_reversals(text: str) -> list[str]:
    """The stated sentences of ``text``, a sentence that only takes something back joined to the statement
    after it: "the FlatList-only rule is void. From now on long lists use FlashList" is one change, in the
    user's words. When the taking back names what it drops ("drop the @apply thing"), the sentence right after
    it says what comes instead, stated or not ("inline utility classes again")."""
    out: list[str] = []
    carried = ""
    every = _generalised_back(sentences(text))
    for at, sentence in enumerate(every):
        said = _said(sentence)
        if carried and not said and any(_said(later) for later in every[at + 1 : at + 2]):
            continue  # a reason given in between ("the template is already a mess"); what instead comes next
        if carried and (said or _replaced(carried)):
            # Kept two sentences: run together, "… the benchmark table" and "format the numbers …" would read as
            # "table format", a wish about the answer's form.
            out.append(f"{carried.rstrip().rstrip('.')}. {sentence}".strip())
            carried = ""
        elif (
            said
            and _REVERSAL.search(sentence)
            and not out
            and not carried
            and not (_states(sentence) and not _replaced(sentence))
        ):
            # Taking back what it names ("以后别整理成表格了"), stated or not: the next sentence says what instead.
            carried = sentence
        elif said:
            out.append(sentence)
    return (out or ([carried] if carried else []))[:5]


def _generalised_back(every: list[str]) -> list[str]:
    """A sentence that only makes the one before it general ("… put it on Flex Consumption. That goes for anything
    new we build too") is joined to it: together they are the statement."""
    out: list[str] = []
    for sentence in every:
        if out and _GOES_FOR.match(sentence):
            out[-1] = f"{out[-1].rstrip().rstrip('.')}. {sentence}"
        else:
            out.append(sentence)
    return out


_GOES_FOR = re.compile(r"\s*(?:and\s+)?(?:that|this|same)\s+goes\s+for\b", re.I)


def _replaced(sentence: str) -> str | None:
    """What the sentence says it replaces ("zod" of "valibot instead of zod", "fragments" of "no more
    fragments"), or None."""
    found = _REPLACED.search(sentence)
    if not found:
        return None
    if found.group("drop_from") and not _CHANGE_CUE.search(sentence):
        return None  # "drop the users table and recreate it from the migration": this task's step, not a convention
    words = next(v for v in found.groupdict().values() if v).strip(" `'\".")
    return words or None


def _cjk(word: str) -> bool:
    return "\u4e00" <= word[:1] <= "\u9fff"


def _stem(word: str) -> str:
    """Reads "pins", "pinning" and "pin" alike: good enough to tie restatements together, no more."""
    if _cjk(word) or len(word) <= 3:
        return word
    for suffix in ("ing", "ed", "es", "s"):
        if suffix == "s" and word.endswith(("ss", "us", "is", "as")):
            break  # `alias`, `status`, `class`: the "s" is the word's own
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


# Chinese text is read as overlapping character pairs; a pair holding one of these grammar characters (给我, 那种,
# 数的, 每次) names no topic, and two statements sharing one are not about the same thing.
_FUNCTION_CHARS = frozenset(
    "我你他她它们的了是在给把被就都也还再别不要用这那个些么吗呢吧啊一几每次只说看前后之种得地着过很"
)
_DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


def _topic_words(text: str) -> set[str]:
    """Stemmed content words; a dotted name (`fmt.Errorf`) is one word, so two statements that merely name
    the same package (`fmt.Errorf`, `fmt.Sprintf`) share nothing."""
    dotted = {d.lower() for d in _DOTTED.findall(text)}
    rest = _DOTTED.sub(" ", text)
    return dotted | {
        _stem(w)
        for w in keywords(rest, 20)
        if w not in _COMMON and (len(w) > 2 or (_cjk(w) and not _FUNCTION_CHARS.intersection(w)))
    }


def _name(statement: str) -> str:
    """A dimension of its own: the statement's main words and a short digest, so two topics never share one."""
    words = [w for w in keywords(statement, 12) if w not in _COMMON and (len(w) > 2 or _cjk(w))][:3]
    digest = hashlib.sha256(statement.lower().encode("utf-8")).hexdigest()[:6]
    return f"{PREFIX}{'-'.join(words)[:50]}-{digest}" if words else f"{PREFIX}{digest}"


def _statement(sentence: str) -> str:
    """A sentence as a preference's wording: without a leading "please" or "again:", capitalised, at most 300.
    A Chinese request runs the task and the preference together as clauses ("paddleclas 也装一下，pip 别走默认源，
    用 tuna 的镜像"): the preference starts at its first clause that states or constrains."""
    statement = _from_stating_clause(sentence.strip())
    statement = re.sub(r"^(?:please\s+|again\s*:\s*|reminder\s*:\s*|请)", "", statement, flags=re.I)
    statement = statement.rstrip(" .。!！")
    return statement[:1].upper() + statement[1:300]


def _from_stating_clause(sentence: str) -> str:
    """``sentence`` from its first clause (split at "，") that states or constrains, when the earlier ones ask for this
    task's work."""
    clauses = sentence.split("，")
    if len(clauses) < 2 or not any(map(_cjk, sentence)):
        return sentence
    first = next((i for i, clause in enumerate(clauses) if _states(clause) or _CONSTRAINS.search(clause)), 0)
    # Only after a request ("装一下", "帮我…", "麻烦…"): "时序报告只给我摘要就行，别贴路径" is one preference
    # throughout.
    asked = first and any(_REQUEST_CLAUSE.search(clause) for clause in clauses[:first])
    return "，".join(clauses[first:]).strip() if asked else sentence


_REQUEST_CLAUSE = re.compile(r"一下|帮我|帮忙|麻烦")


class StatedPreferences:
    def __init__(self, users: UserModelBook, similarity: Similarity) -> None:
        self.users = users
        self.similarity = similarity  # cosine of one statement with others (passages), or None without a model

    def note(self, user_id: str, text: str, source: str) -> list[Noted]:
        """Apply every preference stated in ``text`` (a prompt) as an explicit signal from ``source``."""
        results: list[Noted] = []
        for sentence in _with_reversals(text):
            known = [p for p in parse_feedback(sentence, "none") if p.dimension and p.value]
            for pref in known:
                assert pref.dimension is not None and pref.value is not None
                signal = self.users.signal(user_id, pref.dimension, pref.value, "explicit", source=source)
                results.append(Noted(sentence, signal))
            if known:
                continue
            results.append(self._own(user_id, sentence, source))
        for sentence in sentences(text):
            if len(results) >= MAX_NOTED:
                break
            if len(sentence) < 8 or _said(sentence):
                continue
            restated = self._restated(user_id, sentence, source) if _RESTATING.search(sentence) else None
            if restated is not None:
                results.append(restated)
            elif _CONSTRAINS.search(sentence) and not _THIS_TASK.search(sentence):
                results.append(self._constraint(user_id, sentence, source))
        return results

    def _constraint(self, user_id: str, sentence: str, source: str) -> Noted:
        """A constraint said in passing: one more sighting of a held preference (or tentative belief) on its
        topic, else a tentative belief of its own, which a later sighting makes a preference."""
        statement = _statement(sentence)
        mine = _topic_words(statement)
        # Only beliefs sharing two topic words can be the same topic: no model call for the rest.
        near = [b for b in self._held(user_id) if len(mine & _topic_words(b.value)) >= 2]
        match = self._same_topic(statement, [b.value for b in near])
        if match is not None:
            return self._sighting(user_id, sentence, near[match], source)
        self._make_room(user_id)
        result = self.users.signal(user_id, _name(statement), statement, "follow_up", source=source)
        return Noted(sentence, result, tentative=True)

    def _sighting(self, user_id: str, sentence: str, belief: Belief, source: str) -> Noted:
        """The user says a held preference (or tentative belief) again: one more explicit witness of it."""
        earlier = tuple(self.users.witnesses(user_id, belief.dimension)) if self._tentative(belief) else ()
        result = self.users.signal(user_id, belief.dimension, belief.value, "explicit", source=source)
        return Noted(sentence, result, earlier_sources=earlier)

    def _tentative(self, belief: Belief) -> bool:
        return belief.confidence <= self.users.settings.belief_threshold

    def _make_room(self, user_id: str) -> None:
        """Drops the oldest tentative beliefs past ``MAX_TENTATIVE``: a constraint never said again was this
        task's instruction, not a preference."""
        tentative = sorted(
            (b for b in self._held(user_id) if self._tentative(b) and b.evidence_count <= 1 and not b.reversals),
            key=lambda b: b.last_updated,
        )
        for belief in tentative[: max(0, len(tentative) - MAX_TENTATIVE + 1)]:
            self.users.remove(user_id, belief.dimension, reason="a constraint not said again")

    def _restated(self, user_id: str, sentence: str, source: str) -> Noted | None:
        """One more sighting of the held preference a sentence points back at ("Test2 style as usual for new
        tests"), or None when it is on no held preference's topic."""
        held = self._held(user_id)
        statement = _statement(sentence)
        mine = _topic_words(statement)
        if not any(len(mine & _topic_words(b.value)) >= 2 for b in held):
            return None  # on no held preference's topic: no model call needed to say so
        match = self._same_topic(statement, [b.value for b in held])
        if match is None:
            return None
        belief = held[match]
        if len(mine & _topic_words(belief.value)) < 2:
            # One word in common ("deploy", "check") is a routine's step near a preference, not the preference.
            return None
        return self._sighting(user_id, sentence, belief, source)

    def _own(self, user_id: str, sentence: str, source: str) -> Noted:
        statement = _statement(sentence)
        held = self._held(user_id)
        match = self._same_topic(statement, [b.value for b in held])
        reversal = bool(_REVERSAL.search(sentence))
        if match is None:
            replaced = _replaced(sentence) if (reversal or _CHANGE_CUE.search(sentence)) else None
            if reversal and not _states(sentence) and not replaced:
                # "Actually, the bug is in the parser" takes nothing back: only a preference already held, or one
                # the sentence names as dropped ("drop the @apply thing"), can be.
                return Noted(sentence, SignalResult(applied=False, reason="no preference held on this topic"))
            result = self.users.signal(
                user_id, _name(statement), statement, "explicit", source=source, replaces=replaced
            )
            return Noted(sentence, result)
        belief = held[match]
        if not reversal and _CHANGE_CUE.search(sentence) and _TEMPORARY.search(belief.value):
            # "For now don't pin SRCREV" then "from now on pin every SRCREV": a stopgap ended is a change.
            reversal = True
        if reversal:
            # The user says it changed: the new wording replaces the belief and the old value is kept as history.
            return Noted(sentence, self.users.signal(user_id, belief.dimension, statement, "explicit", source=source))
        return self._sighting(user_id, sentence, belief, source)

    def _held(self, user_id: str) -> list[Belief]:
        """The user's stated preferences, whatever their confidence."""
        return [b for b in self.users.get(user_id, include_all=True).beliefs if b.dimension.startswith(PREFIX)]

    def _same_topic(self, statement: str, values: list[str]) -> int | None:
        if not values:
            return None
        mine = _topic_words(statement)
        sims = self.similarity(statement, values)
        best: tuple[float, int] | None = None
        for i, value in enumerate(values):
            theirs = _topic_words(value)
            shared = len(mine & theirs)
            if sims is not None:
                bar = SAME_TOPIC if shared >= 2 else SAME_TOPIC_ONE_WORD if shared == 1 else SAME_TOPIC_ALONE
                same = sims[i] >= bar
                score = sims[i]
            else:
                score = shared / max(1, len(mine | theirs))
                same = shared >= 2 or (shared == 1 and score >= LEXICAL_OVERLAP)
            if same and (best is None or score > best[0]):
                best = (score, i)
        return best[1] if best else None
