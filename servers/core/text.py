"""Text handling for search: CJK-aware index text, safe FTS5 queries, salient tokens for dedupe.

FTS5's ``unicode61`` tokenizer keeps a whole Chinese clause as one token, so Chinese text is rewritten
into overlapping two-character pairs before it is indexed, and queries are rewritten the same way.
This matched better than ``trigram`` (which cannot find two-character words) with no extra dependency.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

_CJK_RANGES = (
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x2A6DF),
    (0x3040, 0x30FF),  # kana: same problem, same fix
    (0xAC00, 0xD7AF),  # hangul syllables
)

_CJK_RUN = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES) + "]+")
CJK_CHAR = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CJK_RANGES) + "]")  # one character
# A word is letters/digits with inner _ . - : / kept together, so identifiers survive as one term.
_WORD = re.compile(r"[^\W_]+(?:[_.\-:/][^\W_]+)*|_+[^\W_]+(?:_[^\W_]+)*", re.UNICODE)

EN_STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers him his how i if in into is it its itself just me more most my no nor not
    of off on once only or other our ours out over own same she should so some such than that the their
    theirs them then there these they this those through to too under until up very was we were what
    when where which while who whom why will with would you your yours please thanks thank ok okay""".split()
)
ZH_STOPWORDS = frozenset(
    """的 了 是 在 和 有 我 你 他 她 它 们 这 那 就 也 都 而 及 与 或 一个 我们 你们 他们 什么 怎么
    如何 为什么 可以 一下 这个 那个 哪些 还是 因为 所以 但是 如果 已经 没有 不是 就是 之前 之后 关于""".split()
)


def is_cjk(char: str) -> bool:
    code = ord(char)
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def _cjk_terms(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def normalize(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def terms(text: str) -> list[str]:
    """Search terms in order: lower-cased words and identifiers, CJK runs as overlapping pairs."""
    out: list[str] = []
    text = normalize(text)
    pos = 0
    for match in _CJK_RUN.finditer(text):
        out.extend(w.lower() for w in _WORD.findall(text[pos : match.start()]))
        out.extend(_cjk_terms(match.group()))
        pos = match.end()
    out.extend(w.lower() for w in _WORD.findall(text[pos:]))
    return out


def content_terms(text: str) -> list[str]:
    """Terms without stop words (what a query is about)."""
    return [t for t in terms(text) if t not in EN_STOPWORDS and t not in ZH_STOPWORDS]


# Cut from Chinese queries: function words of two or more characters, and sentence particles.
# (Single characters such as 有 or 和 also start real words — 有效, 和平 — so they stay.)
_ZH_QUERY_STOPS = [w for w in ZH_STOPWORDS if len(w) > 1] + list("的了吗呢么吧啊呀")
_ZH_STOP_PATTERN = re.compile("|".join(sorted(map(re.escape, _ZH_QUERY_STOPS), key=len, reverse=True)))


def query_terms(text: str) -> list[str]:
    """Content terms of a query. Chinese stop words are cut out *before* pairing characters, so no
    pair straddles one ("项目为什么延期了" gives 项目, 延期 — not 目为, 么延, 期了)."""
    stripped = _CJK_RUN.sub(lambda m: _ZH_STOP_PATTERN.sub(" ", m.group()), normalize(text))
    return content_terms(stripped)


def statement_terms(text: str) -> set[str]:
    """What a statement says, for comparing two statements: content words, and single characters for
    CJK text (inserting one character into a Chinese sentence changes two pairs but adds one character)."""
    words: set[str] = set()
    for term in content_terms(text):
        if is_cjk(term[0]):
            words.update(term)
        else:
            words.add(term)
    return words


def index_text(text: str) -> str:
    """The form stored in FTS5: CJK runs become space-separated pairs, the rest is left as written."""
    text = normalize(text)
    pieces: list[str] = []
    pos = 0
    for match in _CJK_RUN.finditer(text):
        pieces.append(text[pos : match.start()])
        pieces.append(" " + " ".join(_cjk_terms(match.group())) + " ")
        pos = match.end()
    pieces.append(text[pos:])
    return "".join(pieces)


def fts_match_expression(query: str, *, max_terms: int = 32) -> str | None:
    """A MATCH expression that finds any of the query's terms; None when nothing is searchable.

    Every term is a quoted string, so FTS5 syntax in user text (AND, NEAR(, *, quotes, parentheses,
    column filters) is searched for literally and can never raise. An identifier such as
    ``ERR_CONN_RESET`` is split by the tokenizer inside the quotes and matched as a phrase.
    """
    seen: dict[str, None] = {}
    for term in query_terms(query) or terms(query):
        seen.setdefault(term, None)
    chosen = list(seen)[:max_terms]
    if not chosen:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in chosen)


def owner_token(user_id: str) -> str:
    """A single FTS token naming the owner, so MATCH itself partitions by user."""
    import hashlib

    return "u" + hashlib.sha1(user_id.encode("utf-8")).hexdigest()[:16]


# --- salient tokens: what must agree before two texts count as the same statement -------------------

_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:[.,:]\d+)*%?")
_IDENTIFIER = re.compile(
    r"\b(?:[A-Za-z]+[-_]?\d[\w\-.]*|[A-Za-z]+_[A-Za-z0-9_]+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{2,}[A-Z0-9_]*)\b"
)
# Chinese numerals are numbers too: 十五 and 四十五 minutes are different facts.
_ZH_NUMBER = re.compile("[零〇一二三四五六七八九十百千万亿两]+")
_NEGATION = re.compile(r"\b(not|no|never|cannot|without|n[o']t)\b|n['’]t\b", re.IGNORECASE)
_ZH_NEGATIONS = ("不", "没", "别", "勿", "非", "无")
# Pairs that embed alike but mean opposite things. Each side maps to a shared axis and a sign.
_POLAR_PAIRS = (
    ("dark", "light"),
    ("enable", "disable"),
    ("enabled", "disabled"),
    ("on", "off"),
    ("true", "false"),
    ("yes", "no"),
    ("allow", "deny"),
    ("allowed", "denied"),
    ("accept", "reject"),
    ("like", "dislike"),
    ("love", "hate"),
    ("prefer", "avoid"),
    ("increase", "decrease"),
    ("more", "less"),
    ("higher", "lower"),
    ("before", "after"),
    ("tabs", "spaces"),
    ("sync", "async"),
    ("public", "private"),
    ("success", "failure"),
    ("succeeded", "failed"),
    ("pass", "fail"),
    ("start", "stop"),
    ("open", "closed"),
    ("深色", "浅色"),
    ("暗色", "亮色"),
    ("开启", "关闭"),
    ("喜欢", "讨厌"),
    ("成功", "失败"),
    ("增加", "减少"),
    ("同意", "拒绝"),
)
_POLAR: dict[str, tuple[int, int]] = {}
for _axis, (_pos, _neg) in enumerate(_POLAR_PAIRS):
    _POLAR[_pos] = (_axis, 1)
    _POLAR[_neg] = (_axis, -1)


def salient_tokens(text: str) -> frozenset[str]:
    """Numbers, codes and identifiers: two statements that differ here are not duplicates."""
    text = normalize(text)
    found = {m.group().rstrip(".,").lower() for m in _NUMBER.finditer(text)}
    found |= {m.group().lower() for m in _IDENTIFIER.finditer(text)}
    found |= {"zh:" + m.group() for m in _ZH_NUMBER.finditer(text)}
    return frozenset(found)


def polarity(text: str) -> dict[int, int]:
    """For each opposite-pair axis the text mentions, which side it takes (negation flips it)."""
    words = terms(text)
    negated = bool(_NEGATION.search(text)) or any(n in text for n in _ZH_NEGATIONS)
    sides: dict[int, int] = {}
    for w in words:
        hit = _POLAR.get(w)
        if hit is None and len(w) > 3 and w.endswith("s"):
            hit = _POLAR.get(w[:-1])
        if hit:
            sides[hit[0]] = hit[1]
    for pair_zh in (p for pair in _POLAR_PAIRS for p in pair if is_cjk(p[0])):
        if pair_zh in text:
            axis, sign = _POLAR[pair_zh]
            sides[axis] = sign
    if negated:
        sides = {axis: -sign for axis, sign in sides.items()}
        sides[-1] = -1  # a negated statement differs from its positive twin even without a pair
    return sides


def contradicts(a: str, b: str) -> bool:
    """True when two similar-looking statements disagree on a number, identifier or polarity."""
    if salient_tokens(a) != salient_tokens(b):
        return True
    pa, pb = polarity(a), polarity(b)
    return any(axis in pb and pb[axis] != sign for axis, sign in pa.items()) or (pa.get(-1) != pb.get(-1))


def top_keywords(text: str, limit: int = 8) -> list[str]:
    """The most frequent content terms (longer first on ties): rule-based keywords for captures."""
    counts = Counter(t for t in content_terms(text) if len(t) > 1 and not t.isdigit())
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))
    return [t for t, _ in ranked[:limit]]


# --- sentences ------------------------------------------------------------------------------------

# Where a sentence may end: a line break; a Chinese mark (no space follows those); a Latin mark followed by
# a space or the end, so "v1.2", "config.yaml", "3.11" and "e.g.," never end one. Closing quotes and
# brackets stay with the sentence they close.
_CLOSERS = "\"'’”」』）)]}"
_CLOSING = f"[{re.escape(_CLOSERS)}]*"
_BREAK = re.compile(
    r"\n+"
    rf"|[。！？；!?…]*(?:[。！？；]|．(?![0-9０-９]))[。！？；．!?…]*{_CLOSING}"
    rf"|[!?]+{_CLOSING}(?={CJK_CHAR.pattern})"
    rf"|(?:\.{{2,}}|…+|[.!?])+{_CLOSING}(?=\s|$)"
)
# Abbreviations that a sentence does not end with ("e.g. pytest", "Dr. Lee", "2.5 vs. 3").
_ABBREVIATIONS = frozenset(
    "e.g. i.e. eg. ie. cf. vs. viz. approx. incl. esp. resp. al. fig. figs. mr. mrs. ms. dr. prof. sr. jr. st.".split()
)
# Abbreviations of a number's name: "No. 5" goes on, "No. I meant tabs." ends at "No.".
_NUMBERED = frozenset("no. nos. nr. vol. pp. p. ch. sec. art.".split())
_OPENERS = "\"'‘“「『（([{"


def _starts_sentence(text: str) -> bool:
    first = text.lstrip().lstrip(_OPENERS)[:1]
    return bool(first) and (first.isupper() or first.isdigit() or is_cjk(first))


def _ends_sentence(text: str, mark: re.Match[str]) -> bool:
    """Whether the Latin full stop or ellipsis ``mark`` ends a sentence, judged by its neighbours."""
    point = mark.group().rstrip(_CLOSERS)
    rest = text[mark.end() :]
    if "!" in point or "?" in point:
        return True
    if point != ".":  # an ellipsis ends a sentence only when a new one starts after it
        return _starts_sentence(rest)
    line = text[: mark.start()].rsplit("\n", 1)[-1]
    word = (line.split() or [""])[-1].lstrip(_OPENERS).lower() + "."
    if word in _ABBREVIATIONS:
        return False
    if word in _NUMBERED:
        return not rest.lstrip()[:1].isdigit()
    if word == "etc." or re.fullmatch(r"(?:[a-z]\.){2,}", word):  # "etc.", "a.m.", "u.s." may end one or not
        return _starts_sentence(rest)
    return not (word[:-1].isdigit() and line.strip() == word[:-1])  # "1. Use tabs": a list marker


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each stripped, none empty.

    | text                                         | sentences                                      |
    |----------------------------------------------|------------------------------------------------|
    | ``"Use pytest, e.g. fixtures. Avoid setUp."`` | ``"Use pytest, e.g. fixtures."``, ``"Avoid setUp."`` |
    | ``"Pin 3.11 in config.yaml. Done."``          | ``"Pin 3.11 in config.yaml."``, ``"Done."``      |
    | ``"I tried... it failed. Then... Fine!"``     | ``"I tried... it failed."``, ``"Then... Fine!"`` |
    | ``"用中文回答；注释用英文。好吗？"``               | ``"用中文回答；"``, ``"注释用英文。"``, ``"好吗？"`` |
    """
    out: list[str] = []
    start = 0
    for mark in _BREAK.finditer(text):
        if mark.group()[0] in ".…" and not _ends_sentence(text, mark):
            continue
        out.append(text[start : mark.end()])
        start = mark.end()
    out.append(text[start:])
    return [s.strip() for s in out if s.strip()]
