"""Gap detection before and after a task, and the questions it leads to.

Before: what the task needs (:mod:`servers.reflection.needs`), which of it the task's own words, memory and the
user model already hold, what the agent can look up itself, and what only the user can say. After a draft:
hedging ("probably", "not sure", 可能, 不确定), indecision between options, and conflict with a preference the
user model holds (the preference may have changed, so it is asked, not assumed).

| path      | when                        | what runs                                                      |
|-----------|-----------------------------|----------------------------------------------------------------|
| ``llm``   | ``CAIRN_LLM_MODEL`` is set  | the model lists needs and holders; its JSON is checked, a bad  |
|           |                             | or failed answer falls back to the rules                       |
| ``sampling`` | no model of Cairn's; the | the same prompt and check, asked of the client's model by the  |
|           | client offers sampling      | ``gaps_detect`` tool (one retry; then the rules)               |
| ``rules`` | otherwise, or as fallback   | the rules below, offline and deterministic                     |

A question is quick to answer or to skip: one need per question, choices where the answer is one of a few,
why it is asked, what happens without an answer, and an urgency (``now``: the agent cannot go on;
``before_answer``: needed for a good answer; ``later``: a default is fine). The host asks the first and waits;
it never gets five at once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from servers.core.llm import LLMClient, LLMError
from servers.reflection.limits import beyond, said_absent
from servers.reflection.llm_paths import parse_answer
from servers.reflection.meaning import terms
from servers.reflection.models import Belief
from servers.reflection.needs import (
    DAY,
    LOOKUP,
    POINTED_PEOPLE,
    REMINDER,
    RULES,
    TIME_OFF,
    TOPICS,
    Rule,
    holds_reference,
    is_person,
    references,
    request_part,
)
from servers.reflection.proactive_models import DraftSignal, GapReport, Need, Question, Urgency

log = logging.getLogger(__name__)

URGENCY: dict[str, Urgency] = {"action": "now", "audience": "later", "length": "later", "budget": "before_answer"}
_ORDER = {"now": 0, "before_answer": 1, "later": 2}
HEDGES = re.compile(
    r"\b(?:probably|perhaps|maybe|might|possibly|presumably|likely|not sure|not certain|uncertain|unsure|unclear|"
    r"I think|I believe|I guess|I suspect|I assume|it seems|seems to|appears to|may (?:have|be|not)|could be|"
    # ("hard to say which" weighs options: indecision, not doubt of a fact)
    r"if I remember|if I recall|not entirely|hard to (?:say|tell)(?! which)|I'?m not positive|"
    # doubt said as confidence short of sure, or a check handed back: "fairly confident", "if I'm not mistaken"
    r"(?:fairly|pretty|reasonably|quite) (?:confident|sure)|if I'?m not mistaken|unless I'?m wrong|"
    r"(?:please |you may want to |you might want to )?double[- ]check|not (?:100|a hundred) ?% sure|to my knowledge|"
    # a guess owned as one: "I reckon", "as far as I know", "hard to tell", "give or take"
    r"I reckon|as far as I know|AFAIK|I'?d (?:guess|imagine|assume)|my guess is|"
    r"can'?t be (?:sure|certain)|give or take|not (?:completely|totally|fully|entirely) (?:sure|certain))\b"
    # (大概三个小时, 估计两百块: a figure rounded, not a fact doubted)
    r"|可能|大概(?![一二两三四五六七八九十百千万半几\d])|也许|或许|不确定|不太确定|似乎|好像|估计|说不定|应该是.{0,20}吧|记不清|不太清楚|没记错|看起来像|"
    r"不敢保证|不敢肯定|印象中|印象里|我记得好像|八成|没准",
    re.IGNORECASE,
)
# Options weighed and none chosen: "either … or", "A or B would both do", "you could go with A or B", 要么…要么,
# 都不错, 看你. A plain "or" inside an explanation (改写成循环或者使用尾递归) is no hesitation.
INDECISION = re.compile(
    r"\b(?:either\b.{1,80}\bor|or alternatively|alternatively|can'?t (?:really )?decide|cannot decide|both options|"
    r"either (?:option|one|choice) (?:works|would work|is fine)|whichever you (?:like|prefer|want|choose)|"
    r"both have (?:their )?(?:merits|strengths|advantages)|"
    # ("it depends on a lot of things" names no options: a fact in doubt, hedging, not a choice handed back)
    r"it depends(?!\s+on\s+(?:a lot of|lots of|many|several|various|so many|a few)\s+(?:things|factors))|"
    r"depends on your|on the other hand|torn between|between (?!(?:each|every)\b).{1,40} and|would both|"
    r"both (?:would|could|"
    r"are good|work)|"
    # "both might work", "both may do": each option handed back as fit
    r"both (?:might|may|can|should) (?:also |well )?(?:work|do|suit|be (?:fine|good|ok|okay|right))|"
    r"(?:might|could|would) also (?:work|do)|could go (?:with|for) .{1,60}\bor|each has its|"
    r"need to know more|hard to choose|up to (?:you|u)\b|(?:could|can) go either way|hard to say which|"
    r"(?:all|both) (?:are |r )?(?:good|great|solid|fine|valid) (?:options|choices)|"
    r"(?:it )?really depends(?!\s+on\s+(?:a lot of|lots of|many|several|various|so many|a few)\s+(?:things|factors))|"
    # not sure which one, back and forth, the other one "to be safe": a choice handed back undecided
    r"(?:not|wasn'?t|weren'?t|am not|I'?m not)\s+sure which|back and forth|\bor\b[^.?!]{0,40}\bto be safe|"
    # the choice handed back outright: "your call", "either way works", "one over the other" ("hard to say for
    # certain either way" doubts one answer, yes or no: hedging, with no options weighed)
    r"your call|(?<!say )(?<!tell )(?<!certain )(?<!sure )either way|one over the other|"
    r"pros and cons (?:to|of|on) both|toss-up|lean toward neither|"
    # the case for each side put and none chosen: "good arguments both ways", "can't really say which is better"
    r"(?:arguments?|points?|reasons?|a case) (?:both ways|on both sides|for both|(?:for|on) each side)|"
    r"can'?t (?:really )?(?:say|tell) which|"
    # "Either would be lovely", "either works", "one or the other"
    r"either (?:would|works|is fine|could)|(?:pick |choose )?one or the other|"
    # "either might suit you", "either one may work": each handed back as fit
    r"either (?:one |option )?(?:might|may) (?:well )?(?:suit|work|do|be (?:fine|good|right|the))|"
    # "either option seems fine", "either choice looks reasonable": no option preferred
    r"either (?:option|one|choice|way|of them)\s+(?:seems|looks|sounds|would be|is|are)\s+(?:\w+\s+)?"
    r"(?:fine|good|ok|okay|reasonable|sensible|acceptable|valid))\b|"
    r"要么.{1,30}要么|各有优劣|各有千秋|两种方案|取决于|拿不定|拿不准|都不错|都可以|都行|也行|看你|难以选择|难说哪个|"
    r"(?:用|选)哪个(?:好|比较好)|哪个更好|各有利弊|(?:你|您)(?:自己)?(?:决定|定夺|来定|拿主意)|看你喜欢|"
    # options listed and handed back: "都挺好的", "您看哪个合适"
    r"都(?:挺|很|蛮|还)(?:好|不错|合适)|(?:你|您)看(?:哪个|哪种|哪一个|选哪个)(?:合适|好|行|更好)|"
    # each side's strength put and the call handed back: 各有长处, 各有所长, 您看着安排就行
    r"各有(?:长处|所长|好处|特点|优势|优点)|(?:你|您)(?:自己)?看着(?:安排|办|定|选)",
    re.IGNORECASE,
)
# Register: a user who asked for formal writing, and a draft that chats ("Hey", "gonna", emoji), or the reverse.
_FORMAL = re.compile(r"\bformal|professional|正式|书面", re.IGNORECASE)
_CASUAL = re.compile(
    r"\bcasual|informal|friendly|relaxed|\bwarm|lively|playful|\bfun\b|口语|随意|轻松|活泼|亲切|热情|温暖|俏皮",
    re.IGNORECASE,
)
_CHATTY = re.compile(
    r"\b(?:hey|hiya|gonna|wanna|gotta|tho|lol|btw|yeah|yep|nope|cheers|awesome|super excited)\b|!{2,}|"
    r"[\U0001F300-\U0001FAFF\u2600-\u27BF]|哈哈|嘿|哈喽|啦~|呀~|"
    # a Chinese greeting or particle of chat: 嗨, a tilde after a word, 哈 closing a clause (用用哈, 来哦~)
    r"嗨|(?<=[\u4e00-\u9fff])[~～]|(?<=[\u4e00-\u9fff])哈(?=[,，!！。~～\s]|$)",
    re.IGNORECASE,
)
# Officialese: what a warm, lively or casual user would not send ("We acknowledge your loss", 特此通知，望周知).
_STIFF = re.compile(
    r"\bDear Sir|\bYours (?:faithfully|sincerely)|\bto whom it may concern|\bplease be advised|\bkindly be advised|"
    r"\bwe acknowledge\b|\bplease accept our\b|\bpursuant to\b|\bherewith\b|\bhereby\b|"
    r"\bI am writing to (?:formally |kindly )?\w+|\bformally request\b|"
    # bad news in a form letter's words ("we regret to inform you", "I regret to advise")
    r"\b(?:I|we) regret to (?:inform|advise|notify|announce)\b|"
    # an announcement in a firm's voice: "we are pleased to present", "available upon request"
    r"\bwe are (?:pleased|delighted|honou?red|proud) to (?:present|announce|inform|introduce|share|offer)\b|"
    r"\bupon request\b|"
    # a notice in an office's voice: "we would like to formally remind you", "your attendance would be greatly
    # appreciated", signed by "the management"
    r"\b(?:we|I) would like to (?:formally |kindly )?(?:remind|inform|notify|advise|invite|request)\b|"
    r"\byour (?:attendance|presence|cooperation|co-operation|participation|understanding|compliance) "
    r"(?:would be|is|will be) (?:greatly |much |highly |most )?appreciated\b|\bthe management\b|"
    # a brochure's voice: "delivering high-quality services", "for corporate and private clients"
    r"\b(?:high[- ]quality|premium|bespoke|professional) (?:\w+ )?(?:services|solutions)\b|"
    r"\bdeliver(?:s|ing)? (?:\w+ ){0,2}(?:services|solutions)\b|\bcorporate (?:and|&) private (?:clients|events)\b|"
    r"尊敬的|此致|敬礼|兹定于|兹有|特此|望周知|敬请知悉",
    re.IGNORECASE,
)
# Units: a metric user given miles and pounds, an imperial one given kilometres and kilos.
_METRIC = re.compile(r"\bmetric\b|公制", re.IGNORECASE)
_IMPERIAL = re.compile(r"\bimperial\b|\bUS (?:customary|units)\b|英制", re.IGNORECASE)
# A system said by its units alone ("units=grams", "kg and ml", 克): the value is nothing but units of it.
_METRIC_NAMES = (
    r"grams?|g|kilo(?:gram)?s?|kg|millilit(?:er|re)s?|ml|lit(?:er|re)s?|celsius|°C|centimet(?:er|re)s?|cm|"
    r"met(?:er|re)s?|kilomet(?:er|re)s?|km|克|千克|公斤|毫升|升|摄氏度?|公里|米"
)
_IMPERIAL_NAMES = r"ounces?|oz|pounds?|lbs?|cups?|fahrenheit|°F|miles?|inch(?:es)?|feet|foot|yards?|gallons?|磅|英里"
_IMPERIAL_UNITS = re.compile(
    r"\d+\s*(?:miles?|mi|feet|foot|ft|inch(?:es)?|pounds?|lbs?|ounces?|oz|gallons?|yards?|°F|fahrenheit)\b|英里|英尺|磅",
    re.IGNORECASE,
)
_METRIC_UNITS = re.compile(
    r"\d+\s*(?:km|kilomet(?:er|re)s?|met(?:er|re)s?|cm|kg|kilos?|grams?|litres?|liters?|°C|celsius)\b|公里|千克|公斤",
    re.IGNORECASE,
)
# Spelling: American and British forms of the same common words (colour/color, organise/organize, centre/center).
_AMERICAN = re.compile(r"\bAmerican\b|\bUS English\b|美式", re.IGNORECASE)
_BRITISH = re.compile(r"\bBritish\b|\bUK English\b|英式", re.IGNORECASE)
_BRITISH_SPELLING = re.compile(
    r"\b\w*(?:colour|favour|behaviour|honour|labour|neighbour|flavour|humour|harbour|rumour)\w*\b|"
    r"\b\w+(?:isation|ised|ising)\b|\b(?:organise|realise|recognise|analyse|centre|metre|theatre|travelled)s?\b",
    re.IGNORECASE,
)
_AMERICAN_SPELLING = re.compile(
    r"\b\w*(?:color|favor|behavior|honor|labor|neighbor|flavor|humor|harbor|rumor)\w*\b|"
    r"\b\w+(?:ization|ized|izing)\b|\b(?:organize|realize|recognize|analyze|center|theater|traveled)s?\b",
    re.IGNORECASE,
)
# Layout: a user who reads in points, given paragraphs (or the reverse).
_WANTS_POINTS = re.compile(r"\bbullet|\blists?\b|\bpoints\b|要点|分点|列表|条目", re.IGNORECASE)
_WANTS_PROSE = re.compile(r"\bprose\b|\bparagraphs?\b|no bullet|不要列表|段落", re.IGNORECASE)
_POINT_LINE = re.compile(r"^\s*(?:[-*•·]|\d+[.)、]|[一二三四五六七八九十]+、)", re.MULTILINE)
_SENTENCE = re.compile(r"[.!?。！？](?:\s|$)")
# A sentence ends at Chinese punctuation with no space after it, at Western punctuation before a space.
_ANY_SENTENCE = re.compile(r"[.!?](?:\s|$)|[。！？]+")
# A size said in sentences: "two or three sentences", "3 sentences max", 两三句, 三句话以内. The largest count it names
# is the most the user will read.
_SENTENCE_LIMIT = re.compile(
    r"((?:\d+|one|two|three|four|five|six)(?:\s*(?:-|to|or)\s*(?:\d+|two|three|four|five|six))?)\s+sentences?\b"
    r"|([一二两三四五六\d]{1,2}(?:[到至或]?[一二两三四五六\d])?)\s*句",
    re.IGNORECASE,
)
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTS |= {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}
# Prose long enough to have been a list: one run-on sentence of this many words is no bullet point.
LIST_WORTHY_WORDS = 40
# Stock phrases: a user who wants no clichés or boilerplate, given a greeting card's worth of them.
_NO_CLICHES = re.compile(r"套话|官话|客套|陈词滥调|cliché|cliche|boilerplate|fluff|no filler", re.IGNORECASE)
_CLICHES = re.compile(
    r"金秋送爽|丹桂飘香|春暖花开|春风送暖|硕果累累|值此.{1,12}之际|怀着.{0,8}(?:激动|喜悦)|在这个.{0,8}的季节|"
    r"光阴似箭|日月如梭|百尺竿头|再创辉煌|\bhope this (?:email|message|note) finds you well\b|"
    r"\bin today'?s fast-paced world\b|\bwithout further ado\b|\bat the end of the day\b|\bneedless to say\b|"
    r"\bfirst and foremost\b|\bit goes without saying\b",
    re.IGNORECASE,
)
_SHORT = re.compile(r"concise|short|brief|terse|简洁|简短|简明", re.IGNORECASE)
_LONG = re.compile(r"detailed|thorough|in depth|详细|深入", re.IGNORECASE)
_EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF]")
# A preference that says "none" of what its dimension names (emoji=none, 表情=不要).
_NONE = re.compile(r"^\s*(?:none|no|never|off|nil|zero|0|false|avoid|无|不要|不用|没有|禁止)\s*$", re.IGNORECASE)
# "none" said with whom or when it holds for ("none for under-18s", "never at work events"): still none of it.
_NONE_FOR = re.compile(r"^\s*(?:none|never|no)\s+(?:for|at|in|on|during|when|while|under|before)\b", re.IGNORECASE)
_AVOID = re.compile(
    # (a verb of using is not the thing: 不要用表情符号 leaves out 表情符号)
    # (不走对公, 不走高速: a way a payment or a trip does not go)
    r"^(?:no|avoid|never|without|don'?t use|not)\s+(.+)$"
    # (不打电话: what is not made or dialled, 电话; 不打车 is a way not taken, below)
    r"|^(?:不要|别|不用|不住|不吃|不坐|不喝|不去|不选|不买|不走|不收|不打(?!车))"
    r"(?:用|使用|带|加|出现|放)?(.+)$"
    # a way of going left out (不开车, 不自驾): the way itself
    r"|^不(开车|自驾|驾车|打车)",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# The dimension a language preference is stated under, in the user's own words (语言=中文 as language=Chinese).
_LANGUAGE = re.compile(r"language|lang|语言|语种", re.IGNORECASE)
# A language a draft is written in, told by its commonest small words: a user who wants French and a draft in
# English (or the reverse) is a conflict however the language is named (français, 法语, Spanish, español).
_TONGUES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "english": (
        re.compile(r"english|anglais|inglés|ingles|英文|英语|^en$", re.IGNORECASE),
        re.compile(r"\b(?:the|and|is|are|you|your|for|with|of|at|has|have|just|see|will|this|that)\b", re.I),
    ),
    "french": (
        re.compile(r"french|fran[cç]ais|francés|frances|法语|法文|^fr$", re.IGNORECASE),
        re.compile(
            r"\b(?:le|la|les|des|et|est|vous|votre|vos|pour|avec|une|du|au|aux|nous|demain|merci|bonjour)\b", re.I
        ),
    ),
    "spanish": (
        re.compile(r"spanish|espa[nñ]ol|espagnol|西班牙语|西语|^es$", re.IGNORECASE),
        re.compile(r"\b(?:el|los|las|y|es|usted|su|para|con|una|del|por|mañana|gracias|hola|está)\b", re.I),
    ),
    "portuguese": (
        re.compile(r"portuguese|portugu[eê]s|portugais|葡萄牙语|葡语|^pt$", re.IGNORECASE),
        re.compile(
            r"\b(?:o|os|e|é|você|voce|vc|pra|com|uma|um|do|da|dos|das|não|nao|obrigad[oa]|olá|oi|amanhã|estou|tô|"
            r"chego|beijos?|que|muito|saudade)\b",
            re.I,
        ),
    ),
    "german": (
        re.compile(r"german|deutsch|allemand|alem[aá]n|德语|德文|^de$", re.IGNORECASE),
        re.compile(
            r"\b(?:der|das|und|ist|sie|ihr|ich|nicht|mit|für|ein|eine|zu|auf|wir|danke|hallo|bis|morgen|bitte)\b",
            re.I,
        ),
    ),
    "italian": (
        re.compile(r"italian|italiano|italien|意大利语|^it$", re.IGNORECASE),
        re.compile(r"\b(?:il|lo|gli|è|sono|per|con|una|del|della|che|non|grazie|ciao|domani|siamo)\b", re.I),
    ),
}


def _other_tongue(value: str, draft: str) -> str | None:
    """The language the draft is in, when it is plainly not the one the user wants."""
    wanted = next((name for name, (named, _) in _TONGUES.items() if named.search(value.strip())), None)
    if wanted is None:
        return None
    counts = {name: len(words.findall(draft)) for name, (_, words) in _TONGUES.items()}
    top = max(counts, key=lambda name: counts[name])
    if top != wanted and counts[top] >= 3 and counts[top] >= 2 * counts[wanted]:
        return top
    return None


@dataclass(frozen=True)
class _Kind:
    """Something users leave out, said by its kind and found by what it looks like in a draft."""

    name: re.Pattern[str]
    looks: re.Pattern[str]


_KINDS = (
    _Kind(  # "no religious language" in a condolence: God, prayers, heaven
        re.compile(
            r"(?:religious|religion|faith|god)\s*(?:language|references?|words?|stuff|talk)?|宗教(?:用语|词汇)?", re.I
        ),
        re.compile(
            r"\b(?:god|lord|jesus|christ|pray(?:er|ers|ing)?|angels?|heaven|blessed|blessings?|amen|psalm)\b"
            r"|上帝|天堂|主啊|祷告|祈祷|阿门|天使",
            re.I,
        ),
    ),
    _Kind(  # shouting: 喊麦, all caps, a row of exclamation marks
        re.compile(r"喊麦|大喊大叫|吼|shouting|yelling|all caps|caps lock", re.I),
        re.compile(r"[!！]{2,}|\b[A-Z]{4,}(?:\s+[A-Z]{2,})+\b"),
    ),
    _Kind(re.compile(r"exclamation (?:marks?|points?)|感叹号", re.I), re.compile(r"[!！]")),
    _Kind(  # no hashtags: a word tagged with #, however the tags are named
        re.compile(r"hash ?tags?|tags|话题标签|#", re.I),
        re.compile(r"(?<![\w&#/])#[^\W\d_][\w-]*"),
    ),
    _Kind(  # no hype: an advert's superlatives and urgency ("best ever", "don't miss out", 史上最, 手慢无)
        re.compile(
            r"(?:(?:夸张|浮夸|吹嘘)的?)?(?:广告|营销|推销|宣传)(?:腔|味|话术|语气)|(?:夸张|浮夸|吹嘘)(?:的?(?:语气|说法|词))?|"
            r"(?:hype|hyperbole|salesy|sales|marketing|clickbait|exaggerat\w*|superlatives?)"
            r"(?:\s+(?:language|talk|tone|copy|speak|pitch|words|adjectives|phrases|buzzwords|fluff))?",
            re.I,
        ),
        re.compile(
            r"史上最|全网最|最[\u4e00-\u9fff]最|震撼|手慢无|错过再等|绝无仅有|惊爆|限时抢购|秒杀|"
            r"\b(?:best|greatest|finest|purest|tastiest)\s+(?:\w+\s+)?ever\b|\bonce[- ]in[- ]a[- ]lifetime\b|"
            r"\bdon'?t miss (?:out|this)\b|\bmind-?blowing\b|\bunbelievable\b|\bgame[- ]chang(?:er|ing)\b|"
            # an advert's adjectives: "world-class", "unparalleled", "breathtaking", "second to none"
            r"\bworld[- ]class\b|\bunparall?ell?ed\b|\bunrivall?ed\b|\bbreathtaking\b|\bunforgettable\b|"
            r"\bunmissable\b|\bsecond to none\b|\blike no other\b|\bsensational\b",
            re.I,
        ),
    ),
    _Kind(  # no tables: a grid of cells drawn with bars (Markdown), however it is labelled
        re.compile(r"(?:markdown )?tables?|表格|表", re.I),
        re.compile(r"^[ \t]*\|.*\|[ \t]*\n[ \t]*\|.*\|", re.M),
    ),
    _Kind(  # no supplements: the products by their names (creatine, protein powder, a fat burner, 蛋白粉)
        re.compile(r"(?:dietary |sports? )?supplements?|补剂|保健品|营养补充剂", re.I),
        re.compile(
            r"\b(?:creatine|protein (?:powder|shakes?)|whey|fat[- ]?burners?|pre-?workout|bcaas?|multivitamins?|"
            r"diet pills?|mass gainers?)\b|蛋白粉|肌酸|燃脂|左旋肉碱",
            re.I,
        ),
    ),
    _Kind(  # no web links: an address to type or click, however it is written (https://…, www.…, site.org/rsvp)
        re.compile(r"(?:web\s*|website\s*|internet\s*)?(?:links?|urls?)|web\s*addresses|websites?|网址|链接", re.I),
        re.compile(
            r"https?://\S+|\bwww\.\S+|\b[\w-]+\.(?:com|org|net|example|co\.uk|org\.uk|io|info|cn)(?:/\S*)?\b", re.I
        ),
    ),
    _Kind(  # not driving: a self-drive trip, hours at the wheel
        re.compile(r"开车|自驾|驾车|driving|(?:a )?car", re.I),
        re.compile(r"开车|自驾|驾车|\bdrive\b|\bdriving\b|road ?trip|\bby car\b", re.I),
    ),
)
LONG_DRAFT_WORDS = 80  # a "concise" user would cut a draft past this
SHORT_DRAFT_WORDS = 25


def _size(text: str) -> int:
    """Words, counting two CJK characters as one word."""
    return len(re.findall(r"[A-Za-z0-9']+", text)) + len(_CJK.findall(text)) // 2


def _singular(stem: str) -> str:
    """A plural's stem as its singular's ("posts" and "post", "notes" and "note"), so either answers the other."""
    return stem[:-1] if len(stem) >= 4 and stem.endswith("s") and not stem.endswith(("ss", "us", "is")) else stem


_WORD = re.compile(r"[a-z]{4,}")


def _lemmas(text: str) -> set[str]:
    """Words without their inflection: "opening", "opens" and "opened" are one word."""
    return {re.sub(r"(?:ing|ed|es|s)$", "", w) for w in _WORD.findall(text.lower())} - {""}


def _related(task: str, fact: str) -> bool:
    if {_singular(t) for t in terms(task)} & {_singular(t) for t in terms(fact)}:
        return True
    if {w for w in _lemmas(task) if len(w) >= 4} & _lemmas(fact):
        return True  # the same word inflected otherwise ("for the opening", "the hut opens on 18 June")
    if any(ref.person and holds_reference(ref, fact) for ref in references(task)):
        return True  # about the person the task names, in other words ("my mom" and "Sam's mother lives in …")
    return any(topic.search(task) and topic.search(fact) for topic in TOPICS)


# A fact written as a label and its value, the label naming the need ("Budget: 2000 USD", "Audience: indie devs",
# 预算：…): it is about the task's need though it shares no word with the task.
_LABELS = {
    "date_time": r"dates?|when|time|day|日期|时间",
    "destination": r"destination|place|city|location|venue|where|地点|目的地",
    "budget": r"budget|price range|spend|预算",
    "recipient": r"recipient|send to|收件人",
    "deadline": r"deadline|due(?: date)?|截止(?:日期|时间)?",
    "audience": r"audience|readers?|受众|读者",
    "length": r"length|size|word count|word limit|篇幅|字数|长度",
}


def _labelled(need: str, fact: str) -> bool:
    label = _LABELS.get(need)
    return bool(label and re.search(rf"(?:^|[;；]\s*)(?:{label})\s*[:：]", fact.strip(), re.IGNORECASE))


# A date of something that has happened ("the quote was received 20 Nov", 上周收到): it says when that was, not when
# the thing the task arranges will be.
_PAST_EVENT = re.compile(
    r"\b(?:received|sent|emailed|wrote|arrived|signed|paid|bought|ordered|delivered|submitted|returned|happened|"
    r"was|were|ago)\b|收到|已经|上周|上个?月|去年|"
    # the last one, whose date is not the next one's ("Last time: 3 June, the 08:12", 上次：6月3日)
    r"\blast time\b|上次|上回",
    re.IGNORECASE,
)


# A date that comes round again ("due on the 5th of every month, paid by transfer", 每月15号交): its next time is
# still to come, whatever past tense says how it is settled.
_RECURRING = re.compile(
    r"\b(?:every|each)\s+(?:\w+\s+)?(?:day|week|month|year|morning|evening|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)s?\b|\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annually)\b|每(?:个)?[天日周月年季]",
    re.IGNORECASE,
)


def _past_date(fact: str) -> bool:
    """The fact dates something that has happened (not a date that recurs): no answer to when a thing will be."""
    return bool(_PAST_EVENT.search(fact)) and not _RECURRING.search(fact)


# A date a thing must come before ("needs the licence before the new job starts on 3 May", "by Friday"): a limit
# on when, the deadline, not the day the thing itself is booked for.
_LIMIT_BEFORE = re.compile(r"\b(?:before|by|until|till|no later than)\b[^.;]{0,60}$", re.IGNORECASE)
_LIMIT_AFTER = re.compile(r"^\s*(?:之前|以前|前)")


def _only_limits(fact: str) -> bool:
    """Every day the fact names is a limit something must come before."""
    days = list(DAY.finditer(fact))
    return bool(days) and all(
        _LIMIT_BEFORE.search(fact[: m.start()]) or _LIMIT_AFTER.match(fact[m.end() :]) for m in days
    )


# Who the user answers to at work, named in memory ("Line manager: Ruth Okafor", 直属领导：药剂科王主任): the one a
# leave note of theirs goes to, though the fact says nothing of leave.
_BOSS = re.compile(
    r"\b(?:line manager|manager|boss|supervisor|team lead|head of department)\s*(?:is\b|[:：])|"
    r"\bI (?:report|answer) to\b|直属领导|直接领导|上级[：:是]|主管[：:是]|领导[：:是]|部门经理[：:是]",
    re.IGNORECASE,
)
# A child's leave note goes to their teacher, not the user's boss.
_CHILD = re.compile(r"\b(?:son|daughter|kids?|child|children|boy|girl)\b|女儿|儿子|孩子|小孩|闺女", re.IGNORECASE)
# A child the user takes somewhere (带女儿去医院, "take my son to the dentist"): the leave is the user's own.
_WITH_CHILD = re.compile(
    r"(?:带|陪|送|接)(?:我)?(?:的|家)?(?:女儿|儿子|孩子|小孩|闺女)|\b(?:take|taking|bring|bringing|drive|driving|"
    r"accompany|accompanying|with)\s+(?:my\s+|our\s+)?(?:son|daughter|kids?|child|children|boy|girl)\b",
    re.IGNORECASE,
)


# The weekend a task names and the Saturday or Sunday a fact names ("promote this weekend's gig", "Sat 8pm at the
# Crown"): the same occasion, though the fact shares no word with the task.
_WEEKEND = re.compile(r"\bweekend\b|周末", re.IGNORECASE)
_WEEKEND_DAY = re.compile(r"\b(?i:saturday|sunday)s?\b|\b(?:Sat|Sun)\b|(?:周|星期|礼拜)[六日天]")


def _weekend(task: str, fact: str) -> bool:
    return bool(_WEEKEND.search(task) and _WEEKEND_DAY.search(fact))


def _holder(rule: Rule, task: str, facts: Sequence[str]) -> tuple[str, str | None]:
    if rule.given is not None and rule.given.search(task):
        return "task", None
    childs = _CHILD.search(task) and not _WITH_CHILD.search(task)
    leave_note = rule.need == "recipient" and TIME_OFF.search(task) and not childs
    if leave_note and (boss := next((f for f in facts if _BOSS.search(f)), None)):
        return "memory", boss
    if rule.answer is not None:
        for fact in facts:
            if rule.need == "date_time" and _past_date(fact) and not _labelled(rule.need, fact):
                continue
            if (
                rule.need == "date_time"
                and rule.answer is DAY
                and _only_limits(fact)
                and not _labelled(rule.need, fact)
            ):
                continue
            if rule.answer.search(fact) and (
                _related(task, fact)
                or _labelled(rule.need, fact)
                or (rule.need == "date_time" and _weekend(task, fact))
            ):
                return "memory", fact
    return "user", None


# A reminder set relative to a date ("a week before", "b4 it is due", 到期前): that date is what to ask.
_BEFORE = re.compile(r"\b(?:before|b4|ahead of|prior to)\b|之前|前", re.IGNORECASE)


def needs_by_rules(task: str, facts: Sequence[str]) -> list[Need]:
    task = request_part(task)
    found: list[Need] = []
    refs = references(task)
    for ref in refs:
        held = next((f for f in facts if holds_reference(ref, f)), None)
        found.append(Need(name=f"reference:{ref.noun}", holder="memory" if held else "user", evidence=held))
    people = [ref for ref in refs if ref.person]
    for rule in RULES:
        if any(n.name == rule.need for n in found) or not rule.when.search(task):
            continue
        if rule.unless is not None and rule.unless.search(task):
            continue
        if rule.need == "action" and REMINDER.search(task):
            continue  # "remind me to call the dentist": the call is the user's to make, the reminder the agent's
        if rule.need == "recipient" and people:
            continue  # "email my manager": the recipient is the person, asked about once
        holder, evidence = _holder(rule, task, facts)
        if rule.need == "destination" and holder == "user" and people:
            # "ship it to my mom": where to is her address, asked once as the destination, not who she is.
            gone = {f"reference:{ref.noun}" for ref in people}
            found = [n for n in found if n.name not in gone]
        found.append(Need(name=rule.need, holder=holder, evidence=evidence))
    if REMINDER.search(task) and _BEFORE.search(task) and any(n.name == "deadline" for n in found):
        # "remind me a week before my visa expires": the reminder's day follows from the deadline, asked once
        found = [n for n in found if n.name != "date_time"]
    if not found and LOOKUP.search(task):
        found.append(Need(name="lookup", holder="agent"))
    return found


def draft_signals(draft: str, beliefs: Sequence[Belief]) -> list[DraftSignal]:
    out: list[DraftSignal] = []
    if hedge := next((m for m in HEDGES.finditer(draft) if not _offers_option(draft, m)), None):
        out.append(DraftSignal(kind="hedging", evidence=hedge.group(0)))
    if doubt := INDECISION.search(draft):
        out.append(DraftSignal(kind="indecision", evidence=doubt.group(0)))
    for belief in beliefs:
        if belief.kind != "preference":
            continue
        why = _conflict(belief, draft)
        if why:
            out.append(DraftSignal(kind="preference_conflict", evidence=why, belief=belief.dimension))
    return out


def _offers_option(draft: str, hedge: re.Match[str]) -> bool:
    """ "or maybe B", "or possibly 26", "could be either": the doubt is about which option (indecision), not a fact."""
    after = draft[hedge.end() : hedge.end() + 10].lower()
    before = draft[max(0, hedge.start() - 12) : hedge.start()].lower()
    # ("either could be the right call", "both might suit you": which option, not whether a fact holds)
    return bool(
        re.search(r"\bor\s+$|或者$|还是$|\b(?:either|both|each)(?:\s+(?:one|option|choice|of them))?\s+$", before)
        or re.match(r"\s+(?:either|go with|fine|option)\b", after)
    )


def _conflict(belief: Belief, draft: str) -> str | None:
    value, size = belief.value, _size(draft)
    if _SHORT.search(value) and size > LONG_DRAFT_WORDS:
        return f"{size} words where the user prefers {value}"
    if _LONG.search(value) and size < SHORT_DRAFT_WORDS:
        return f"{size} words where the user prefers {value}"
    if _LANGUAGE.fullmatch(belief.dimension):
        cjk = len(_CJK.findall(draft)) / max(1, len(draft.replace(" ", "")))
        wants_zh = bool(re.search(r"chinese|中文|汉语|zh", value, re.IGNORECASE))
        wants_en = bool(re.search(r"english|英文|英语|\ben\b", value, re.IGNORECASE))
        if (wants_zh and cjk < 0.2) or (wants_en and cjk > 0.5):
            return f"the draft is not in {value}"
        if not (wants_zh or cjk > 0.5) and _other_tongue(value, draft):
            return f"the draft is not in {value}"
    if _NONE.match(value):  # emoji=none: the dimension is what to leave out
        return _avoided(f"no {belief.dimension}", draft)
    if _NONE_FOR.match(value):  # supplements=none for under-18s: none of it, said with whom or when
        return _avoided(f"no {belief.dimension}", draft) or _avoided(value, draft)
    return (
        _channel(belief.dimension, value, draft)
        or _currency(belief.dimension, value, draft)
        or _register(value, draft)
        or _form(value, draft)
        or _avoided(value, draft)
        or beyond(belief.dimension, value, draft, _size(draft))
    )


# The way a message reaches someone: a user who wants WeChat and a draft written as an email (or the reverse).
_CHANNEL_DIMENSION = re.compile(r"channel|medium|contact|messag|渠道|联系方式|沟通方式", re.IGNORECASE)
_CHANNELS = {
    "email": re.compile(r"\be-?mails?\b|电子邮件|邮件", re.IGNORECASE),
    "wechat": re.compile(r"\bwechat\b|微信", re.IGNORECASE),
    "whatsapp": re.compile(r"\bwhats ?app\b", re.IGNORECASE),
    "text": re.compile(r"\bsms\b|\btext messages?\b|短信", re.IGNORECASE),
    "call": re.compile(r"\bphone calls?\b|打电话|电话", re.IGNORECASE),
    "letter": re.compile(r"\b(?:a|the) letter\b|\bby post\b|信函|书信", re.IGNORECASE),
}


def _channel(dimension: str, value: str, draft: str) -> str | None:
    """The draft says it is sent another way than the one the user prefers."""
    if not _CHANNEL_DIMENSION.search(dimension):
        return None
    wanted = [name for name, said in _CHANNELS.items() if said.search(value)]
    if not wanted or any(_CHANNELS[name].search(draft) for name in wanted):
        return None
    other = next((name for name, said in _CHANNELS.items() if said.search(draft)), None)
    return f"the draft is a {other} where the user prefers {value}" if other else None


# Money in the currency the user works in: a price list in reais for a user who quotes in euros.
_CURRENCY_DIMENSION = re.compile(r"curr|货币|币种|币", re.IGNORECASE)
_CURRENCIES = {
    "EUR": (r"\beur\b|\beuros?\b|€|欧元", r"€\s?\d|\d\s?€|\b\d[\d.,]*\s*(?:EUR|euros?)\b|欧元"),
    "USD": (r"\busd\b|\bus ?dollars?\b|^\s*dollars?\s*$|^\s*\$\s*$|美元", r"(?<![A-Za-z])\$\s?\d|\bUSD\b|美元"),
    "GBP": (r"\bgbp\b|\bpounds? sterling\b|^\s*pounds?\s*$|£|英镑", r"£\s?\d|\bGBP\b|英镑"),
    "BRL": (r"\bbrl\b|\breais\b|\breal\b|R\$|雷亚尔", r"R\$\s?\d|\bBRL\b|\breais\b"),
    "CNY": (r"\bcny\b|\brmb\b|\byuan\b|人民币", r"[¥￥]\s?\d|\bRMB\b|\bCNY\b|\d\s*(?:元|块钱)|\byuan\b"),
    "JPY": (r"\bjpy\b|\byen\b|日元", r"[¥￥]\s?\d|\bJPY\b|\d\s*yen\b|日元|円"),
}


def _currency(dimension: str, value: str, draft: str) -> str | None:
    """The draft prices things in another currency than the one the user works in, and never in theirs."""
    if not _CURRENCY_DIMENSION.search(dimension):
        return None
    wanted = next((code for code, (named, _) in _CURRENCIES.items() if re.search(named, value, re.IGNORECASE)), None)
    if wanted is None or re.search(_CURRENCIES[wanted][1], draft, re.IGNORECASE):
        return None
    other = next((code for code, (_, said) in _CURRENCIES.items() if re.search(said, draft, re.IGNORECASE)), None)
    return f"prices in {other} where the user works in {value}" if other else None


def _register(value: str, draft: str) -> str | None:
    """Tone and units: what the user asked for against what the draft does."""
    if _FORMAL.search(value) and (chat := _CHATTY.search(draft)):
        return f"'{chat.group(0)}' in a draft for a user who prefers {value}"
    if _CASUAL.search(value) and (stiff := _STIFF.search(draft)):
        return f"'{stiff.group(0)}' in a draft for a user who prefers {value}"
    if _in_system(_METRIC, _METRIC_NAMES, value) and (unit := _IMPERIAL_UNITS.search(draft)):
        return f"'{unit.group(0)}' for a user who uses {value} units"
    if _in_system(_IMPERIAL, _IMPERIAL_NAMES, value) and (unit := _METRIC_UNITS.search(draft)):
        return f"'{unit.group(0)}' for a user who uses {value} units"
    if _AMERICAN.search(value) and (word := _BRITISH_SPELLING.search(draft)):
        return f"'{word.group(0)}' is not {value} spelling"
    if _BRITISH.search(value) and (word := _AMERICAN_SPELLING.search(draft)):
        return f"'{word.group(0)}' is not {value} spelling"
    return None


def _in_system(system: re.Pattern[str], units: str, value: str) -> bool:
    """The preference names a system of measures, by its name ("metric") or as a list of its units ("grams, ml")."""
    listed = rf"\s*(?:(?:{units})\s*(?:,|/|&|\+|and|or|和|、)?\s*)+"
    return bool(system.search(value) or re.fullmatch(listed, value, re.IGNORECASE))


def _form(value: str, draft: str) -> str | None:
    """Layout and stock phrases."""
    points = len(_POINT_LINE.findall(draft))
    if _WANTS_POINTS.search(value) and not _WANTS_PROSE.search(value):
        if points == 0 and (len(_SENTENCE.findall(draft + " ")) >= 2 or _size(draft) >= LIST_WORTHY_WORDS):
            return f"paragraphs where the user prefers {value}"
    elif _WANTS_PROSE.search(value) and points >= 2:
        return f"a list where the user prefers {value}"
    if _NO_CLICHES.search(value) and (stock := _CLICHES.search(draft)):
        return f"'{stock.group(0)}' where the user wants {value}"
    return _more_sentences(value, draft)


def _sentence_limit(value: str) -> int | None:
    """The most sentences a preference allows ("two or three sentences" 3, 两三句 3), or None if it names none."""
    said = _SENTENCE_LIMIT.search(value)
    if said is None:
        return None
    counts = re.findall(r"\d+|[a-z]+|[\u4e00-\u9fff]", (said.group(1) or said.group(2)).lower())
    numbers = [int(c) if c.isdigit() else _COUNTS.get(c, 0) for c in counts]
    return max(numbers, default=0) or None


def _more_sentences(value: str, draft: str) -> str | None:
    limit = _sentence_limit(value)
    count = len(_ANY_SENTENCE.findall(draft + " "))
    if limit is not None and count > limit:
        return f"{count} sentences where the user prefers {value}"
    return None


def _named(thing: str, draft: str) -> bool:
    """The draft names ``thing`` other than as absent ("non-alcoholic" is no alcohol)."""
    return any(not said_absent(draft, m.start(), m.end()) for m in re.finditer(re.escape(thing), draft.lower()))


def _short_form_in(thing: str, draft: str) -> bool:
    """A Chinese short form and the full name it stands for: 青旅 in 青年旅舍, 北大 in 北京大学 (its characters in
    order within a few more)."""
    if not 2 <= len(thing) <= 4 or not all(_CJK.match(c) for c in thing):
        return False
    gaps = "".join(f"{re.escape(c)}[\u4e00-\u9fff]{{0,2}}" for c in thing[:-1])
    return bool(re.search(gaps + re.escape(thing[-1]), draft))


def _avoided(value: str, draft: str) -> str | None:
    """Something the user said to leave out ("no emoji", 不要英文) that the draft has."""
    for clause in re.split(r"[,;，；、]", value):
        avoid = _AVOID.match(clause.strip())
        if not avoid:
            continue
        for thing in _things(next(g for g in avoid.groups() if g)):
            if re.fullmatch(r"emojis?|emoticons?|表情(?:符号|包)?", thing):
                if emoji := _EMOJI.search(draft):  # said by name, found by what it looks like
                    return f"the draft uses emoji ({emoji.group(0)})"
            elif kind := next((k for k in _KINDS if k.name.fullmatch(thing)), None):
                if found := kind.looks.search(draft):
                    return f"the draft has {thing} ('{found.group(0)}')"
            elif thing and (_named(thing, draft) or _short_form_in(thing, draft)):
                return f"the draft uses {thing}"
            elif (one := _singular_thing(thing)) != thing and _named(one, draft):
                return f"the draft uses {one}"
    return None


# Words that name what sort of thing is left out, not the thing: "no tram 28 clichés" leaves out tram 28.
_SORT_WORDS = re.compile(r"\s+clich[eé]s?$", re.IGNORECASE)


def _things(said: str) -> list[str]:
    """The things one "no" leaves out, each alone: "no QR codes or web links", "no A / B" (either is left out), "no
    emoji and exclamation marks", 不用表情和感叹号 (each is left out)."""
    parts = re.split(
        r"\s*/\s*|\s+(?:or|nor|and)\s+|或者|(?<=[\u4e00-\u9fff]{2})(?:以及|和|与|及)(?=[\u4e00-\u9fff]{2})",
        said.strip().lower(),
    )
    return [t for p in parts if (t := _SORT_WORDS.sub("", p.strip()) or p.strip())]


def _singular_thing(thing: str) -> str:
    """A plural thing as a draft names one of it: "QR codes" as "qr code"."""
    return re.sub(r"(?<=[a-z]{3})s$", "", thing) if not thing.endswith(("ss", "us", "is")) else thing


def _question(need: Need) -> Question:
    if need.name.startswith("reference:") and POINTED_PEOPLE.fullmatch(f"these two {need.name.split(':', 1)[1]}"):
        group = need.name.split(":", 1)[1]  # people pointed at and never named ("those three applicants")
        return Question(
            need=need.name,
            question=f"Which {group} do you mean (their names)?",
            why=f"The task points at {group} that nothing I hold names.",
            default=f"I will write it so the {group} can be filled in.",
            urgency="before_answer",
        )
    if need.name.startswith("reference:") and not is_person(need.name.split(":", 1)[1]):
        thing = need.name.split(":", 1)[1]
        return Question(
            need=need.name,
            question=f"Which {thing} do you mean, and where can I find it?",
            why=f"The task speaks of a {thing} of yours that nothing I hold identifies.",
            default=f"I will prepare the rest and leave the {thing} for you to attach or paste.",
            urgency="before_answer",
        )
    if need.name.startswith("reference:"):
        noun = need.name.split(":", 1)[1]
        return Question(
            need=need.name,
            question=f"Who is your {noun}, and how do I reach them?",
            why=f"The task names your {noun}, and nothing I hold says who that is.",
            default="I will prepare it and leave their name and address for you to fill in.",
            urgency="before_answer",
        )
    rule = next(r for r in RULES if r.need == need.name)
    return Question(
        need=need.name,
        question=rule.question,
        options=list(rule.options),
        why=rule.why,
        default=rule.default,
        urgency=URGENCY.get(need.name, "before_answer"),
    )


def _draft_question(signal: DraftSignal, beliefs: Sequence[Belief]) -> Question:
    if signal.kind == "preference_conflict":
        belief = next(b for b in beliefs if b.dimension == signal.belief)
        return Question(
            need=f"draft:{signal.kind}",
            question=f"You told me you prefer {belief.value} ({belief.dimension}). Does that still hold here?",
            options=[f"yes, keep it {belief.value}", "no, this time is different"],
            why=f"The draft goes against it: {signal.evidence}.",
            default=f"I will revise the draft to follow {belief.value}.",
            urgency="before_answer",
        )
    if signal.kind == "indecision":
        return Question(
            need="draft:indecision",
            question="The draft weighs options without choosing. Which way do you lean?",
            why=f"The draft hesitates ('{signal.evidence}'); your choice settles it.",
            default="I will pick the option with the fewest drawbacks and say why.",
            urgency="later",
        )
    return Question(
        need="draft:hedging",
        question=f"The draft is unsure ('{signal.evidence}'). Can you confirm or give me what would settle it?",
        why="An unsure answer stated as fact would mislead you.",
        default="I will state the uncertainty plainly in the answer.",
        urgency="later",
    )


class _LLMNeeds(BaseModel):
    needs: list[Need]


_PROMPT = """A user asked an assistant: {task}

What the assistant already knows (memory, user model):
{facts}

List what the task needs to be done well. For each need give a short name (use these where they fit: deadline,
date_time, recipient, destination, budget, audience, length, reference:<noun>, judgement, action, lookup) and who
holds it: "task" (the request says it), "memory" (a known fact above says it), "agent" (the assistant can look it
up itself), or "user" (only the user can say). Put the fact in "evidence" when memory holds it. Leave out needs
that have an obvious default. Answer with JSON only: {{"needs": [{{"name": ..., "holder": ..., "evidence": ...}}]}}"""


def gap_facts(known: Sequence[str], beliefs: Sequence[Belief]) -> list[str]:
    """What the assistant already holds: the facts passed in, then the user model's beliefs."""
    return [*known, *(f"{b.dimension}: {b.value}" for b in beliefs)]


def needs_prompt(task: str, facts: Sequence[str]) -> str:
    listed = "\n".join(f"- {f}" for f in facts[:30]) or "(nothing)"
    return _PROMPT.format(task=task, facts=listed)


def check_needs(text: str) -> tuple[dict[str, Any] | None, str]:
    """A sampled answer's text → ({"needs": [...]}, "") or (None, what is wrong with it)."""
    try:
        answer = _LLMNeeds.model_validate(parse_answer(text))
    except (ValueError, ValidationError) as exc:
        return None, f'expected JSON {{"needs": [{{"name", "holder", "evidence"}}]}}: {str(exc)[:300]}'
    return answer.model_dump(), ""


def sampled_needs(answer: dict[str, Any]) -> list[Need]:
    """The needs of an answer :func:`check_needs` accepted."""
    return _LLMNeeds.model_validate(answer).needs


def needs_by_llm(llm: LLMClient, task: str, facts: Sequence[str]) -> list[Need] | None:
    """The model's needs, or None (a failed or malformed answer): the rules are the fallback."""
    try:
        answer = llm.complete_json(needs_prompt(task, facts))
        return _LLMNeeds.model_validate(answer).needs
    except (LLMError, ValidationError) as exc:
        log.info("gap detection falls back to rules: %s", exc)
        return None


def detect_gaps(
    task: str,
    known: Sequence[str],
    beliefs: Sequence[Belief],
    draft: str | None,
    llm: LLMClient | None = None,
    sampled: list[Need] | None = None,
) -> GapReport:
    """``sampled``: the needs the MCP client's model listed (asked by the tool through sampling)."""
    facts = gap_facts(known, beliefs)
    needs: list[Need] | None = None
    method: Literal["rules", "llm", "sampling"] = "rules"
    if sampled is not None:
        needs, method = sampled, "sampling"
    elif llm is not None:
        needs, method = needs_by_llm(llm, task, facts), "llm"
    if needs is None:
        needs, method = needs_by_rules(task, facts), "rules"
    questions = [_question(n) for n in needs if n.holder == "user" and _askable(n)]
    signals = draft_signals(draft, beliefs) if draft else []
    questions += [_draft_question(s, beliefs) for s in signals]
    questions.sort(key=lambda q: _ORDER[q.urgency])  # stable: the rules' order within an urgency
    return GapReport(task=task, needs=needs, questions=questions, draft_signals=signals, method=method)


def _askable(need: Need) -> bool:
    return need.name.startswith("reference:") or any(r.need == need.name for r in RULES)
