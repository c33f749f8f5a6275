"""Limits a user states, against a draft: an hour, a length, a voice, an amount, foods and drinks they avoid, and
one of two options.

| preference (value)                          | the draft goes against it when it …                          |
|---------------------------------------------|--------------------------------------------------------------|
| an hour bound: "after 9", 九点以后,           | sets a time on the wrong side ("7:30 开会")                   |
| "no meetings before 9am"                    |                                                              |
| a most: "under 80 words", 不超过200字         | is longer                                                    |
| a voice: "third person"                     | says "I"                                                     |
| an amount: "under $100 a night", 每晚不超过500元 | names a larger amount in the same currency                  |
| a diet or an allergy: vegan, "nut allergy", | offers a food of that family (feta to a vegan, walnuts to a  |
| "no alcohol", 不吃辣                          | nut allergy, red wine to "no alcohol", 麻辣 to 不吃辣)          |
| one of a pair: window, non-smoking, 靠窗     | offers the other one (an aisle seat, a smoking room)          |
| a part of the day or the week kept free:    | sets a time before 8:00 or from 21:00, or a Saturday/Sunday  |
| "no early mornings", "no weekends", 周末不…  |                                                              |
| daytime flights: "no red-eyes", 不坐红眼航班  | offers a red-eye, or a flight leaving or landing 22:00-06:00  |
| a least: "salary at least $90k", 不低于8k,   | gives it up ("flexible on compensation", "whatever the       |
| a price held firm: "no discounts", 不打折     | budget") or names less in the same currency                  |

Each is a kind of preference people state in their own words; the families and pairs are short on purpose
(what people commonly avoid), not a food database.
"""

from __future__ import annotations

import re

# A bound on the hour ("after 9", "not before 9am", 九点以后, 不早于9点): a draft that sets a time past it.
_ZH_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十", start=0)}
_HOUR_NUM = r"(\d{1,2}|十[一二]?|[一二三四五六七八九])"
_AFTER = re.compile(
    rf"\b(?:after|no earlier than)\s+{_HOUR_NUM}(?::\d{{2}})?\s*(am|pm)?|{_HOUR_NUM}\s*点(?:钟)?(?:以后|之后|后)"
    rf"|不早于\s*{_HOUR_NUM}\s*点",
    re.IGNORECASE,
)
_BEFORE = re.compile(
    rf"\b(?:before|no later than|until)\s+{_HOUR_NUM}(?::\d{{2}})?\s*(am|pm)?|{_HOUR_NUM}\s*点(?:钟)?(?:以前|之前|前)"
    rf"|不晚于\s*{_HOUR_NUM}\s*点",
    re.IGNORECASE,
)
_DRAFT_TIME = re.compile(r"(?<![\d.])(\d{1,2}):(\d{2})(?!\d)\s*(am|pm)?|\b(\d{1,2})\s*(am|pm)\b", re.IGNORECASE)
# Voice: a bio wanted in the third person, written as "I am".
_THIRD_PERSON = re.compile(r"third[- ]person|\bthird\b|第三人称", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|my|me)\b|我", re.IGNORECASE)
# A stated most ("under 80 words", 不超过200字): a draft longer than that.
_AT_MOST = re.compile(
    r"(?:under|at most|max(?:imum)?|no more than|less than|up to|within|不超过|最多|少于)\s*(\d+)\s*(?:words?|字)"
    r"|(\d+)\s*(?:words?|字)\s*(?:or (?:less|fewer)|max|以内|以下)",
    re.IGNORECASE,
)


def _hour(number: str, half: str | None = None) -> int:
    """An hour as written (9, 十一, with am/pm) on a 24-hour clock."""
    if number.isdigit():
        hour = int(number)
    else:
        hour = 10 + _ZH_DIGITS.get(number[1:], 0) if number.startswith("十") else _ZH_DIGITS[number]
    if half and half.lower() == "pm" and hour < 12:
        hour += 12
    return hour


def _draft_hours(draft: str) -> list[tuple[int, str]]:
    out = []
    for m in _DRAFT_TIME.finditer(draft):
        if m.group(1):
            out.append((_hour(m.group(1), m.group(3)) * 60 + int(m.group(2)), m.group(0).strip()))
        else:
            out.append((_hour(m.group(4), m.group(5)) * 60, m.group(0)))
    return out


def _bound(m: re.Match[str]) -> int:
    """The minute of the day an hour bound names."""
    number = next(g for g in (m.group(1), m.group(3), m.group(4)) if g)
    return _hour(number, m.group(2)) * 60


def _bounds(value: str, draft: str, size: int) -> str | None:
    """Limits the user set in numbers or in voice: the hour (no meetings before 9), the length (under 80 words),
    the person (third)."""
    after, before = _AFTER.search(value), _BEFORE.search(value)
    # ("nothing before 2pm", "none after 8" bound the hour as "no … before" does)
    if re.search(
        r"\b(?:no|not|never|nothing|none|don'?t|avoid)\b.*\b(?:before|after)\b|不要.*(?:以前|之前|以后|之后)",
        value,
        re.I,
    ):
        after, before = before, after  # "no meetings before 9" is a bound from 9 on
    for minutes, said in _draft_hours(draft):
        if (after and minutes < _bound(after)) or (before and minutes > _bound(before)):
            return f"'{said}' where the user prefers {value}"
    if (most := _AT_MOST.search(value)) and size > int(most.group(1) or most.group(2)):
        return f"{size} words where the user prefers {value}"
    if _THIRD_PERSON.search(value) and (first := _FIRST_PERSON.search(draft)):
        return f"'{first.group(0)}' where the user prefers {value}"
    return None


def beyond(dimension: str, value: str, draft: str, size: int) -> str | None:
    """Why ``draft`` goes past a limit a preference (``dimension`` = ``value``) states, or None."""
    return (
        _bounds(value, draft, size)
        or _amount(value, draft)
        or _food(f"{dimension} {value}", draft)
        or _other_of_pair(value, draft)
        or _overnight(value, draft)
        or _given_way(value, draft)
        or _daypart(value, draft)
        or _weekend(value, draft)
        or _duration(value, draft)
    )


# A most in time ("within an hour's drive", "no more than 45 minutes", 开车一小时以内): a draft that names longer.
_SPAN_MOST = re.compile(
    r"\b(?:under|at most|max(?:imum)?|no more than|less than|up to|within)\b|不超过|最多|以内|以下|之内"
)
_SPAN_WORDS: dict[str, float] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}
_SPAN_WORDS |= {"eight": 8, "nine": 9, "ten": 10, "half an": 0.5, "half a": 0.5, "两": 2, "半": 0.5}
_SPAN = re.compile(
    r"(\d+(?:\.\d+)?|half an?|an?|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]*(hours?|hrs?|minutes?|mins?)\b"
    r"|([一二两三四五六七八九十\d]+|半)\s*个?\s*(半)?\s*(小时|钟头|分钟)",
    re.IGNORECASE,
)


def _spans(text: str) -> list[tuple[float, str]]:
    """Stretches of time a text names, in minutes: "3 hours", "half an hour", 一个半小时, 四十分钟."""
    out = []
    for m in _SPAN.finditer(text):
        if m.group(1):
            said, unit = m.group(1).lower(), m.group(2).lower()
            number = float(said) if said[0].isdigit() else float(_SPAN_WORDS[said])
            hours = unit.startswith("h")
        else:
            said, unit = m.group(3), m.group(5)
            number = float(said) if said.isdigit() else _zh_number(said)
            number += 0.5 if m.group(4) else 0
            hours = unit != "分钟"
        out.append((number * 60 if hours else number, m.group(0).strip()))
    return out


def _zh_number(said: str) -> float:
    """一 to 九十九 as written in Chinese (两 is 2, 半 is a half)."""
    if said == "半":
        return 0.5
    if "十" in said:
        tens, _, ones = said.partition("十")
        return float((_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (_ZH_DIGITS.get(ones, 0) if ones else 0))
    return 2.0 if said == "两" else float(_ZH_DIGITS.get(said[0], 0))


def _duration(value: str, draft: str) -> str | None:
    if not _SPAN_MOST.search(value) or not (most := _spans(value)):
        return None
    for minutes, said in _spans(draft):
        if minutes > most[0][0]:
            return f"'{said}' where the user prefers {value}"
    return None


# A part of the day kept free: "no early mornings" (before 8:00), "nothing late at night" (from 21:00), 不要太早.
_NO_EARLY = re.compile(
    r"\b(?:no|not|avoid|never|hate)\b.*\bearly(?:[- ]mornings?)?\b|不要太早|早上不|不早起", re.IGNORECASE
)
_NO_LATE = re.compile(
    r"\b(?:no|not|avoid|never|hate)\b.*\b(?:late(?:[- ]nights?)?|evenings?)\b|不要太晚|晚上不", re.IGNORECASE
)
EARLY_UNTIL, LATE_FROM = 8 * 60, 21 * 60


def _daypart(value: str, draft: str) -> str | None:
    early, late = _NO_EARLY.search(value), _NO_LATE.search(value)
    for minutes, said in _draft_hours(draft) if early or late else ():
        if (early and minutes < EARLY_UNTIL) or (late and minutes >= LATE_FROM):
            return f"'{said}' where the user prefers {value}"
    return None


# Weekends kept free: "no weekends", "weekdays only", 周末不…, and a draft that sets something on one.
_NO_WEEKENDS = re.compile(
    r"\b(?:no|not|avoid|never)\b.*\bweekends?\b|\bweekdays? only\b|\bonly (?:on )?weekdays\b|周末不|不要(?:在)?周末|"
    r"工作日",
    re.IGNORECASE,
)
_WEEKEND_DAY = re.compile(
    r"\b(?:saturday|sunday|weekend)s?\b|周六|周日|星期六|星期日|星期天|礼拜六|礼拜天|周末", re.IGNORECASE
)


def _weekend(value: str, draft: str) -> str | None:
    if _NO_WEEKENDS.search(value) and (day := _WEEKEND_DAY.search(draft)):
        return f"'{day.group(0)}' where the user prefers {value}"
    return None


# Flights kept to daytime: "no red-eyes", "no overnight flights", 不坐红眼航班. A draft's flight that leaves or lands
# between 22:00 and 06:00 is one.
_NO_NIGHT_FLIGHTS = re.compile(
    r"\b(?:no|not|avoid|never|hate|without)\b.*\b(?:red[- ]?eyes?|overnight|night)\b|不坐红眼|不要红眼|不坐夜|避免红眼",
    re.IGNORECASE,
)
_RED_EYE = re.compile(r"\bred[- ]?eyes?\b|红眼航班|夜航", re.IGNORECASE)
NIGHT_FROM, NIGHT_UNTIL = 22 * 60, 6 * 60


def _overnight(value: str, draft: str) -> str | None:
    if not _NO_NIGHT_FLIGHTS.search(value):
        return None
    if (m := _RED_EYE.search(draft)) and not said_absent(draft, m.start(), m.end()):
        return f"'{m.group(0)}' where the user prefers {value}"
    for minutes, said in _draft_hours(draft):
        if minutes >= NIGHT_FROM or minutes < NIGHT_UNTIL:
            return f"'{said}' where the user prefers {value}"
    return None


# A least the user holds to (a salary, a rate, a price: "at least $90k", 不低于 SGD 8k/月) and a draft that gives it
# up in words ("flexible on compensation", "whatever the budget is") or names less in the same currency.
_AMOUNT_LEAST = re.compile(
    r"at least|minimum|\bmin\b|no less than|not (?:less|lower) than|not below|不低于|至少|起码|最低|"
    # a price held firm is a least too: "no discounts", "non-negotiable", 不打折
    r"\bno discounts?\b|\bnon-?negotiable\b|\b(?:standard|usual|regular|fixed|full) (?:rate|price|fee)\b|"
    r"不打折|不讲价|不议价|不还价",
    re.IGNORECASE,
)
_GIVES_WAY = re.compile(
    r"\b(?:flexible|open|negotiable)\s+(?:on|about|with|regarding)\s+(?:the\s+|my\s+)?(?:compensation|salary|pay|"
    r"price|rate|fee|budget|money|package)\b|\bwhatever\s+(?:the\s+|your\s+)?(?:budget|salary|rate|price|offer|you "
    r"(?:can )?(?:offer|pay))\b|\bany\s+(?:salary|rate|price|offer)\b|\bhappy to go with whatever\b|"
    r"多少都(?:行|可以)|都可以接受|随便给|价格好商量|薪资好商量",
    re.IGNORECASE,
)


def _given_way(value: str, draft: str) -> str | None:
    if not _AMOUNT_LEAST.search(value):
        return None
    if m := _GIVES_WAY.search(draft):
        return f"'{m.group(0)}' where the user holds to {value}"
    for currency, least, _ in _amounts(value):
        for other, number, said in _amounts(draft):
            if other == currency and number < least:
                return f"'{said}' where the user holds to {value}"
    return None


# An amount with its currency: "$240", "240 dollars", "880元", "€90".
_MONEY = re.compile(
    r"([$€£¥])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(dollars?|usd|euros?|eur|pounds?|gbp|元|块|rmb|yuan)",
    re.IGNORECASE,
)
_CURRENCY = {
    "$": "usd",
    "dollar": "usd",
    "dollars": "usd",
    "usd": "usd",
    "€": "eur",
    "euro": "eur",
    "euros": "eur",
    "eur": "eur",
    "£": "gbp",
    "pound": "gbp",
    "pounds": "gbp",
    "gbp": "gbp",
    "¥": "cny",
    "元": "cny",
    "块": "cny",
    "rmb": "cny",
    "yuan": "cny",
}
_AMOUNT_MOST = re.compile(
    r"under|at most|max(?:imum)?|no more than|less than|below|up to|within|cap|不超过|最多|以内|以下|之内"
)


def _amounts(text: str) -> list[tuple[str, float, str]]:
    out = []
    for m in _MONEY.finditer(text):
        unit = (m.group(1) or m.group(4)).lower()
        number = float((m.group(2) or m.group(3)).replace(",", ""))
        out.append((_CURRENCY.get(unit, unit), number, m.group(0).strip()))
    return out


def _amount(value: str, draft: str) -> str | None:
    """A most the user spends ("under $100 per night", 每晚不超过500元) and a draft that offers more."""
    if not _AMOUNT_MOST.search(value):
        return None
    for currency, most, _ in _amounts(value):
        for other, number, said in _amounts(draft):
            if other == currency and number > most:
                return f"'{said}' where the user prefers {value}"
    return None


# Families of what people avoid: the word they say and the foods or drinks a draft names.
_FISH = r"fish|salmon|tuna|cod|shrimp|prawns?|crab|lobster|anchov(?:y|ies)|sardines?|鱼|虾|蟹"
_MEAT = (
    r"chicken|beef|pork|bacon|ham|lamb|mutton|turkey|duck|veal|sausages?|steak|meatballs?|prosciutto|salami|"
    r"鸡肉|牛肉|猪肉|羊肉|鸭肉|培根|火腿|香肠|牛排|排骨"
)
_ANIMAL = r"eggs?|omelett?e|cheese|feta|parmesan|milk|butter|cream|yogh?urt|honey|ghee|鸡蛋|奶酪|牛奶|黄油|奶油|蜂蜜"
_FAMILIES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"vegan|纯素", re.IGNORECASE), f"{_MEAT}|{_FISH}|{_ANIMAL}"),
    (re.compile(r"vegetarian|no meat|plant-based|素食|吃素|不吃肉", re.IGNORECASE), f"{_MEAT}|{_FISH}"),
    (
        re.compile(r"\b(?:tree )?nuts?\b|peanuts?|坚果|花生", re.IGNORECASE),
        r"peanuts?|walnuts?|almonds?|cashews?|pecans?|hazelnuts?|pistachios?|macadamias?|nuts?\b|花生|核桃|杏仁|腰果|坚果",
    ),
    (
        re.compile(r"shellfish|seafood|海鲜|虾|蟹", re.IGNORECASE),
        r"shrimp|prawns?|crab|lobster|oysters?|mussels?|clams?|scallops?|虾|蟹|海鲜|生蚝",
    ),
    (re.compile(r"gluten|wheat|麸质", re.IGNORECASE), r"bread|pasta|wheat|flour|noodles|couscous|面包|面条|小麦"),
    (
        re.compile(r"dairy|lactose|乳糖|奶制品", re.IGNORECASE),
        r"milk|cheese|butter|cream|yogh?urt|牛奶|奶酪|黄油|奶油|酸奶",
    ),
    (
        re.compile(r"alcohol|sober|teetotal|不喝酒|戒酒|酒精", re.IGNORECASE),
        r"wine|beer|cocktails?|whisk(?:e)?y|vodka|gin|rum|champagne|prosecco|sake|白酒|啤酒|红酒|葡萄酒|鸡尾酒",
    ),
    (
        re.compile(r"no pork|pork-free|halal|kosher|不吃猪肉|清真", re.IGNORECASE),
        r"pork|bacon|ham|prosciutto|salami|猪肉|培根|火腿|排骨",
    ),
    (
        re.compile(r"不吃辣|不能吃辣|no spicy|not spicy|mild", re.IGNORECASE),
        r"spicy|chil(?:l)?i|hot sauce|辣|麻辣|辣椒",
    ),
)
_AVOIDING = re.compile(
    r"\b(?:no|not|avoid|never|without|allerg\w*|intoleran\w*|free|vegan|vegetarian|halal|kosher|sober|teetotal|"
    r"plant-based|mild)\b|不|过敏|戒|素|清真",
    re.IGNORECASE,
)
# Said just before as absent: "no nuts", "non-alcoholic beer", "alcohol-free wine", 无糖.
_NEGATED_BEFORE = re.compile(r"(?:\bno|\bnon|\bnot|\bwithout|free|zero|无|不|禁|非)[\w-]*[\s-]*$", re.IGNORECASE)


def said_absent(draft: str, start: int, end: int) -> bool:
    """The word at ``draft[start:end]`` is named as absent: "no nuts", "nut-free", "non-alcoholic beer"."""
    free = re.match(r"-?\s?free\b", draft[end : end + 6], re.IGNORECASE)
    return bool(free or _NEGATED_BEFORE.search(draft[max(0, start - 16) : start]))


def _food(value: str, draft: str) -> str | None:
    """A diet, an allergy or a drink the user keeps off, and a draft that offers one of its family."""
    if not _AVOIDING.search(value):
        return None
    for said, family in _FAMILIES:
        if said.search(value):
            for m in re.finditer(rf"\b(?:{family})", draft, re.IGNORECASE):
                if not said_absent(draft, m.start(), m.end()):
                    return f"the draft offers {m.group(0)} to a user who keeps to {value}"
    return None


# Pairs where wanting one is not wanting the other: a window seat and an aisle seat, a non-smoking room and a
# smoking one.
_PAIRS: tuple[tuple[str, str], ...] = (
    (r"\bwindow\b|靠窗", r"\baisle\b|过道|靠走廊"),
    (r"\baisle\b|过道|靠走廊", r"\bwindow\b|靠窗"),
    (r"non-?smoking|no smoking|smoke-free|无烟|禁烟", r"(?<!non-)(?<!non)(?<!no )\bsmoking\b|吸烟|抽烟"),
    (r"\bdirect\b|non-?stop|直飞", r"\b(?:one|two|\d) stops?\b|\blayover\b|\bconnecting\b|转机|经停"),
)


def _other_of_pair(value: str, draft: str) -> str | None:
    for wanted, other in _PAIRS:
        if re.search(wanted, value, re.IGNORECASE) and (m := re.search(other, draft, re.IGNORECASE)):
            return f"'{m.group(0)}' where the user prefers {value}"
    return None
