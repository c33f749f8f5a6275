"""What a task needs that only its words can tell, without a model.

Each rule names a need, when a task has it (``when``), when the task already answers it (``given``), and what
a fact that answers it looks like (``answer``); :mod:`servers.reflection.curiosity` then looks for such a
fact in memory and the user model before asking the user.

| need                 | a task has it when it …                                  | answered by a fact with …       |
|----------------------|----------------------------------------------------------|---------------------------------|
| ``reference:<noun>`` | names a person of the user's ("my manager", 我的导师)    | that noun                       |
| ``date_time``        | books, schedules or organises something, with no date    | a date or weekday               |
| ``destination``      | is travel with no place                                  | a place ("in Lisbon", 去北京)   |
| ``budget``           | buys something, a flight, a hotel or a trip, no amount   | an amount or "budget"/预算      |
| ``recipient``        | sends something to nobody named                          | an address or a name after "to" |
| ``deadline``         | speaks of "the deadline" without its date                | a date                          |
| ``audience``         | writes a public piece for no one named                   | "for <people>", readers         |
| ``length``           | writes a public piece of no stated size                  | a number of words/pages/minutes |
| ``judgement``        | asks for a taste or personal call ("does it look good")  | (only the user)                 |
| ``action``           | needs the physical world or a closed system (sign, call) | (only the user)                 |
| ``lookup``           | asks a plain question of fact: the agent can look it up  | (the agent)                     |

A fact answers a need only if it is also about the task: it shares a content word with it, or both are about
travel (flight, hotel, trip, 酒店 …): "Travel budget is 800 euros" answers the budget of a flight.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

IC = re.IGNORECASE
_PEOPLE = (
    "manager|boss|lawyer|dentist|doctor|landlord|landlady|wife|husband|partner|sister|brother|mother|father|mom|"
    "dad|advisor|adviser|supervisor|accountant|assistant|teacher|professor|coach|therapist|agent|editor|client"
)
_ZH_PEOPLE = "导师|老板|经理|律师|医生|牙医|房东|老师|妻子|丈夫|老公|老婆|客户|同事|上司|领导|教授|妈妈|爸爸|会计"
REFERENCE = re.compile(rf"\b(?:my|our)\s+({_PEOPLE})\b|我的({_ZH_PEOPLE})", IC)
_MONTH = r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
DATE = re.compile(
    rf"\b\d{{1,2}}(?:\s*[-–]\s*\d{{1,2}})?\s+(?:{_MONTH})[a-z]*\b|\b(?:{_MONTH})[a-z]*\s+\d{{1,2}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:today|tonight|tomorrow|next week|this week|"
    r"next month|this weekend|at \d{1,2}(?::\d{2})?\s*(?:am|pm)?)\b|\d+月\d*[日号]?|[明后今]天|下周|本周|这周|周末|"
    r"星期[一二三四五六日天]|周[一二三四五六日]",
    IC,
)
MONEY = re.compile(
    r"[$€£¥]\s?\d|\b\d[\d,.]*\s*(?:dollars?|euros?|pounds?|usd|eur|rmb|yuan|k)\b|\d+\s*(?:元|块|万)|\bbudget\b|预算", IC
)
PLACE = re.compile(
    r"\b(?:to|in|at)\s+(?!the\b)[A-Z][a-z]+|去[\u4e00-\u9fff]{2,}|到[\u4e00-\u9fff]{2,}|在[\u4e00-\u9fff]{2,}"
)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
SIZE = re.compile(
    r"\b\d+\s*(?:words?|pages?|minutes?|mins?|paragraphs?|characters?)\b|\d+\s*[字页分钟]"
    r"|\b(?:under|about|at most)\s+\d+",
    IC,
)
AUDIENCE = re.compile(
    r"\bfor\s+(?:our\s+|the\s+|new\s+|non-technical\s+)?(?:users|developers|engineers|customers|clients|beginners|"
    r"students|kids|children|managers|executives|readers|investors|everyone|experts|newcomers|developer)\b|"
    r"\baudience\b|\breaders?\b|给(?:读者|用户|学生|客户)|读者|受众",
    IC,
)
# Writing a public piece, not reading one: "summarise this article" needs no audience of its own.
WRITE_PIECE = re.compile(
    r"\b(?:write|draft|prepare|compose)\b.*\b(?:blog post|article|newsletter|talk|abstract|speech|presentation|essay|"
    r"tutorial)\b|[写撰].*(?:文章|演讲稿|博客)",
    IC,
)
TRAVEL = re.compile(r"\b(?:flights?|fly|trip|travel|hotels?|trains?|conference)\b|机票|火车|酒店|旅行|出差|航班", IC)


@dataclass(frozen=True)
class Rule:
    need: str
    when: re.Pattern[str]
    given: re.Pattern[str] | None
    answer: re.Pattern[str] | None  # None: no fact can answer it, only the user
    question: str
    why: str
    default: str
    options: tuple[str, ...] = ()


RULES: tuple[Rule, ...] = (
    Rule(
        "date_time",
        re.compile(
            r"\b(?:book|schedule|reschedule|arrange|organi[sz]e|plan)\b.*\b(?:flight|train|meeting|call|dinner|lunch|"
            r"appointment|table|trip|party|event|hotel|room|ticket)s?\b|\b(?:meeting|appointment)\s+with\b|"
            r"订.*(?:票|酒店|餐|会议室)|预订|安排.*(?:会议|时间)",
            IC,
        ),
        DATE,
        DATE,
        "When should it be (date and time)?",
        "It has to happen at a time only you know.",
        "I will prepare everything and leave the date for you to fill in.",
    ),
    Rule(
        "destination",
        re.compile(r"\b(?:book|plan)\b.*\b(?:flight|trip|train|hotel)\b|机票|火车票|出差", IC),
        PLACE,
        PLACE,
        "Where to?",
        "Travel needs a place and the task does not name one.",
        "I will not book anything until I know where.",
    ),
    Rule(
        "budget",
        re.compile(r"\b(?:buy|purchase|order)\b|\bbook\b.*\b(?:flight|hotel)\b|\bplan\b.*\btrip\b|买|购买|酒店", IC),
        MONEY,
        MONEY,
        "What is your budget?",
        "What to pick depends on how much you want to spend.",
        "I will show a mid-range choice and a cheaper one.",
        ("low", "mid-range", "no limit"),
    ),
    Rule(
        "recipient",
        re.compile(r"\b(?:send|email|e-mail|mail|forward|invite)\b|发给|发送|转发", IC),
        re.compile(
            rf"\b(?:to|email|e-mail|invite|send|forward)\s+(?:me|my\s+\w+|(?-i:[A-Z][a-z]+))\b|\bme\b|{EMAIL.pattern}|给[\u4e00-\u9fff]",
            IC,
        ),
        re.compile(rf"{EMAIL.pattern}|\b(?:goes|go|send|sent)\s+to\b|\bto\s+(?-i:[A-Z][a-z]+)", IC),
        "Who should receive it?",
        "The task sends something without saying to whom.",
        "I will prepare it as a draft and not send it.",
    ),
    Rule(
        "deadline",
        re.compile(r"\bdeadline\b|\bdue\b|截止", IC),
        DATE,
        DATE,
        "When is the deadline?",
        "The task depends on a deadline I do not know.",
        "I will treat it as due as soon as possible.",
    ),
    Rule(
        "audience",
        WRITE_PIECE,
        AUDIENCE,
        AUDIENCE,
        "Who is it for?",
        "Tone and depth depend on the readers.",
        "I will write for an informed general reader.",
        ("beginners", "practitioners", "experts"),
    ),
    Rule(
        "length",
        WRITE_PIECE,
        SIZE,
        SIZE,
        "How long should it be?",
        "The right length depends on where it will be used.",
        "I will keep it short (about 300 words).",
        ("short (~300 words)", "medium (~800 words)", "long (1500+ words)"),
    ),
    Rule(
        "judgement",
        re.compile(
            r"\b(?:look|looks|sound|sounds|feel|feels)\s+(?:good|nice|ok|okay|right|better)\b|\bshould I\s+(?:use|pick|"
            r"choose|wear|go with)\b|\bdo you like\b|好看吗|喜欢哪|该选哪|选哪个",
            IC,
        ),
        None,
        None,
        "Which do you prefer?",
        "This is a matter of your taste; I can only give reasons, not the answer.",
        "I will give my reasons for each and let you choose.",
    ),
    Rule(
        "action",
        re.compile(
            r"\b(?:sign|call|phone|visit|pick up|drop off|in person|take a photo|hand in)\b(?!\s+(?:the\s+)?(?:api|"
            r"function|method|endpoint|service))|打电话|签字|签名|拍照|当面|内网|\bvpn\b|\bintranet\b",
            IC,
        ),
        None,
        None,
        "This needs a step I cannot take myself; can you do it and tell me the result?",
        "It needs the physical world or a system I cannot reach.",
        "I will prepare everything up to that step.",
    ),
)

LOOKUP = re.compile(
    r"^\s*(?:what|how many|how much|when did|who (?:is|was|wrote)|where is|which year)\b|多少|是什么|哪一年|首都", IC
)
