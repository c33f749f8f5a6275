"""Words for matching task text against skill descriptions, in English and Chinese.

English words are lower-cased, stop words dropped and crudely stemmed (``reviewing`` → ``review``), so a
task and a description that use different forms of a word still meet. Chinese has no spaces: a run of
CJK characters becomes overlapping two-character pairs (``代码审查`` → 代码 码审 审查), which finds
two-character words without a dictionary.
"""

from __future__ import annotations

import math
import re
import unicodedata

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_TOKEN = re.compile(rf"[{_CJK}]+|[a-z0-9]+(?:[+#][a-z0-9+#]*)?")
_CJK_RUN = re.compile(rf"[{_CJK}]+")
CJK_CHARS = re.compile(rf"[{_CJK}]")

STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be because been before being below between
    both but by can could did do does doing done down during each few for from further get gets got had has have
    having he her here hers him his how i if in into is it its itself just let lets like make me more most my need
    needs no nor not now of off on once one only or other our ours out over own please same she should so some
    such than that the their theirs them then there these they this those through to too under until up us use
    used uses using very want wants was way we were what when where which while who whom why will with would you
    your yours yourself ok okay thanks thank help new file files something thing things any skill skills""".split()
)
ZH_STOPWORDS = frozenset(
    """的了 了一 一下 一个 我们 你们 他们 什么 怎么 如何 为什么 可以 这个 那个 哪些 还是 因为 所以 但是 如果 已经 没有
    不是 就是 之前 之后 关于 帮我 请帮 给我 我的 你的 一些 这些 那些 需要 想要 能否 能不 不能""".split()
)


def stem(word: str) -> str:
    """A light suffix strip: enough to meet plural and -ing/-ed forms, not a linguistic stemmer."""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def terms(text: str) -> list[str]:
    """Content terms of ``text`` in order (duplicates kept)."""
    text = unicodedata.normalize("NFKC", text).lower()
    out: list[str] = []
    for token in _TOKEN.findall(text):
        if _CJK_RUN.fullmatch(token):
            pairs = [token] if len(token) == 1 else [token[i : i + 2] for i in range(len(token) - 1)]
            out.extend(p for p in pairs if p not in ZH_STOPWORDS)
        elif token not in STOPWORDS and (len(token) > 1 or token.isdigit()):
            out.append(stem(token))
    return out


def idf(doc_freq: int, docs: int) -> float:
    """Smoothed inverse document frequency: a word in every description still counts a little."""
    return math.log(1.0 + (docs + 1) / (doc_freq + 0.5))


def estimate_tokens(text: str) -> int:
    """About 4 characters per token for Latin text, one per CJK character (what BPE tokenizers average)."""
    cjk = sum(len(run) for run in _CJK_RUN.findall(text))
    return math.ceil((len(text) - cjk) / 4) + cjk
