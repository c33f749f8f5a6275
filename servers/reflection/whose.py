"""Whose matter a task is: a relative's or a friend's affair does not serve the user's own goals and drives.

"my cousin is applying to MBA programs, can you proofread her essay" is about an MBA, and the user's goal is an
MBA of their own; "我侄子今年高考完了，志愿选什么" is about the exams the user teaches for, but they are the
nephew's; "what does sleep hygiene mean for a toddler, asking for my sister" is the sister's. A task whose
subject or owner is another person (``my X's …``, ``my X is/has/wants …``, 我X今年…, "asking for my X", 替同学问)
serves a goal or drive only if that names the person too ("organise my sister's wedding" and "write a toast for
my sister's big day"). A person the user acts for or with ("a gift for my wife", 陪女儿, 给我女儿买) does not
make the task theirs.
"""

from __future__ import annotations

import re

from servers.core import crosslang

_EN = (
    # an in-law is one person, not the relative the word opens with ("my mother-in-law's card" is not a mother's)
    "(?:mother|father|sister|brother|son|daughter)-in-law|"
    "cousin|nephew|niece|friend|neighbou?r|coworker|co-worker|colleague|roommate|classmate|son|daughter|kid|child|"
    "brother|sister|mom|mum|mother|dad|father|aunt|uncle|grandma|grandmother|grandpa|grandfather|wife|husband|"
    "boyfriend|girlfriend|boss|student|grandson|granddaughter|grandkid|grandchild|stepson|stepdaughter|patient|"
    "toddler|baby"
)
_ZH = (
    "侄子|侄女|外甥女|外甥|表哥|表姐|表弟|表妹|堂哥|堂姐|堂弟|堂妹|朋友|同事|邻居|儿子|女儿|孩子|姐姐|妹妹|哥哥|弟弟|"
    "妈妈|爸爸|老公|老婆|舅舅|叔叔|阿姨|同学|学生|闺女|孙子|孙女|外孙女|外孙|女婿|儿媳|老妈|老爸"
)
_VERB = (
    r"is|was|has|had|wants|wanted|needs|just|got|keeps|will|did|does|can|asked|asks|applying|applied|started|"
    r"finished|plays|studies|works|lives|moved|thinks|loves|hates|"
    # whatever they did: "my cousin passed her driving exam", "my son broke his arm"
    r"[a-z]+ed|won|lost|made|took|went|came|broke|fell|left|found|bought|became|began|wrote|sent|told|"
    r"gets|goes|starts|graduates|turns"
)
# Someone's occasion, named by them ("the Hendersons' barn wedding", "Tom's birthday party"): theirs, though the
# user works on it.
_OCCASION = (
    r"wedding|birthday|party|funeral|graduation|shower|anniversary|exam|interview|recital|play|game|retirement|"
    r"engagement|christening|bar mitzvah|bat mitzvah|memorial"
)
# Words after "my grandsons" that do not make it a possessive typed without its apostrophe ("my grandsons and I").
_NOT_OWNED = r"and|or|are|were|to|for|with|at|in|on|of|from|is|was|who|that|too|both|all|love|like|want|need"
OTHERS_MATTER = re.compile(
    rf"\b(?:my|our)\s+(?:\w+\s+)?({_EN})s?(?:['’]s\b|\s+(?:{_VERB})\b)"
    # as people type it, without the apostrophe: "my grandsons christmas play", "my sisters wedding"
    rf"|\b(?:my|our)\s+(?:\w+\s+)?({_EN})s\s+(?!(?:{_NOT_OWNED})\b)(?=[a-z])"
    rf"|(?<![给帮为陪带和跟替送])我(?:的)?({_ZH})(?!们)(?=[\u4e00-\u9fff])"
    # someone's household's child, said of them without "my": 祝贺邻居家孩子考上大学, 同事家的女儿, "the neighbours'
    # kid", "a friend's daughter" (the child is theirs, whatever drive of the user's names a child)
    rf"|(?<![我咱])({_ZH})家(?:的)?(?=(?:{_ZH}|小孩|小朋友|老人))"
    rf"|\b(?:the|a)\s+({_EN})s?(?:['’]s|s['’])\s+(?:{_EN})s?\b"
    # someone's, said at the start of a clause: 同事的孩子考上大学了
    rf"|(?:^|(?<=[，,。；;\s]))({_ZH})的(?=[\u4e00-\u9fff])"
    # someone's question or errand, said first: 闺女问我草莓的籽为啥长在外面, 儿子让我帮他查
    rf"|(?:^|(?<=[，,。；;\s]))({_ZH})(?:问我|让我|叫我|想让我|要我)"
    # asked on someone's behalf: "asking for my sister", "for a friend"
    rf"|\b(?:asking|ask|asked)\s+(?:for|on behalf of)\s+(?:a|my|our)\s+(?:\w+\s+)?({_EN})\b"
    rf"|替(?:我)?({_ZH})问"
    # someone's question passed on, said of them in the task ("neighbour is renovating too, asks if a permit is
    # needed"): the English of 闺女问我
    rf"|^(?:(?:my|our|the|a)\s+)?({_EN})s?\b[^.?!]*?\basks?\s+(?:me\s+)?(?:if|whether|what|how|why|where|when|which)\b"
    # someone's institution, said first: 儿子幼儿园要办运动会, 闺女学校搞手工课 (theirs, not the user's work)
    rf"|(?:^|(?<=[，,。；;\s]))({_ZH})(?:的)?(?:学校|幼儿园|班上|班里|单位|公司)"
    rf"|\b(?-i:([A-Z][a-z]+))(?:s['’]|['’]s)\s+(?:[\w-]+\s+){{0,2}}?(?:{_OCCASION})s?\b"
    # the relative named first without "my", as chat types it: "nephew stuck in zelda", "niece is doing a read-a-thon"
    # ("boss wants me on three closings" is the user's own matter: what they are asked to do)
    rf"|^\s*({_EN})s?\s+(?:{_VERB}|stuck|[a-z]+ing)\b(?!\s+(?:me|us|my|our)\b)",
    re.IGNORECASE,
)

# Someone else's occasion said as what they do ("徒弟小陈下个月结婚", "Tom is getting married", "dad turns 70"):
# the matter is the occasion, and a goal or drive that only names the person (an apprentice's exam) is not served
# by a toast for their wedding. Each occasion with the words a source names it by. The user's own ("我下个月结婚",
# "I turn 40") is theirs.
_OCCASIONS_ZH = {
    "结婚": ("婚",),
    "婚礼": ("婚",),
    "过生日": ("生日", "寿"),
    "过寿": ("寿", "生日"),
    "办寿": ("寿", "生日"),
    "满月": ("满月",),
    "退休": ("退休",),
}
_WHEN_ZH = "下个月|下月|下周|下星期|下礼拜|明天|后天|今年|明年|这周|周末|月底|年底|马上"
OCCASION_ZH = re.compile(
    rf"(?:^|(?<=[，,。；;\s]))(?![我咱])[\u4e00-\u9fff]{{1,5}}?(?:{_WHEN_ZH})?(?:就要|要|快)?"
    rf"(?:办)?({'|'.join(_OCCASIONS_ZH)})"
)
_OCCASIONS_EN = {"married": ("wedding", "marri", "marry"), "turn": ("birthday", "turn"), "retir": ("retire",)}
OCCASION_EN = re.compile(
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi'm\s)(?<!\bwe're\s)\b(?:(?:is|are)\s+getting\s+(married)|(turn)(?:s|ing)?\s+\d{1,3}\b(?!\s*(?:degrees|deg|°|%))"
    r"|(?:is|are)\s+(retir)ing\b)",
    re.IGNORECASE,
)


def occasion(task: str) -> tuple[str, ...]:
    """The words that name another person's occasion the task is about (any of them in a source names it), or ()."""
    found = OCCASION_ZH.search(task)
    if found:
        return _OCCASIONS_ZH[found.group(1)]
    found = OCCASION_EN.search(task)
    if found:
        return _OCCASIONS_EN[next(g for g in found.groups() if g).lower()]
    return ()


def others(task: str) -> set[str]:
    """The people whose matter the task is (lower-cased), empty when it is the user's own."""
    return {next(g for g in m.groups() if g).lower() for m in OTHERS_MATTER.finditer(task)}


# Someone pointed at, not one of the user's own: "this kid", 这个孩子, 这位同学 (a teacher's pupil, a nurse's
# patient). A drive about the user's own child is not served by a report on "this child".
POINTED_AT = re.compile(
    r"\b(?:this|that)\s+(?:kid|child|student|pupil|patient|client|customer)\b"
    r"|(?:这个|那个|这位|那位|这名|那名)(?:孩子|学生|同学|小朋友|病人|患者|病人家属|客户)",
    re.IGNORECASE,
)


def someone_elses(task: str, source: str) -> bool:
    """True when the task is another person's matter and ``source`` (a goal or drive) does not name them, or is
    about someone the task points at ("this child"), whom no goal or drive of the user's names."""
    if POINTED_AT.search(task):
        return True
    people = others(task)
    named = occasion(task)
    if not people and not named:
        return False
    text = source.lower()
    rendered = (crosslang.render(source) or "").lower() if crosslang.loaded() else ""
    if named and not any(w in text or w in rendered for w in named):
        return True  # their occasion, which the source does not name, whoever it names
    return bool(people) and not any(p in text or p in rendered for p in people)
