"""Goals and drives inferred, not only stated (issue 36 item 1).

| evidence                                  | becomes                                     | signal per source   |
|-------------------------------------------|---------------------------------------------|---------------------|
| ≥ 3 different recent requests on a topic  | goal ``goal:<topic>`` "work on <topic>"     | follow_up (0.45)    |
| an initiative the user accepted           | support for the goal/drive it came from     | follow_up (0.45)    |

A follow-up is the weakest signal that moves a belief: one request gives 0.34, three agreeing ones 0.71,
just above the 0.6 bar (usermodel's arithmetic), so a topic becomes a goal a host sees only after three
independent requests. Requests that are the same request again (a routine, "write the weekly status report")
are a pattern, not a focus: they are counted once here and left to pattern suggestions. A belief the user
removed is not inferred again (the audit log remembers the removal); the user's own signal brings it back.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from servers.reflection.initiative import INFERRED_GOAL, Earlier
from servers.reflection.meaning import same_by_words, words_by_stem
from servers.reflection.models import NotFound, SignalResult
from servers.reflection.usermodel import UserModelBook

MIN_REQUESTS = 3
MAX_GOALS_PER_RUN = 3


Same = Callable[[str, Sequence[str]], list[bool]]  # is a request the same as each of these (in other words)?


def _distinct(requests: Sequence[Earlier], same: Same) -> list[Earlier]:
    """One request of each kind: a routine asked five times, in whatever words, is one piece of evidence."""
    kept: list[Earlier] = []
    for r in requests:
        if not any(same(r.task, [k.task for k in kept])):
            kept.append(r)
    return kept


# Character pairs of Chinese that hold a grammatical character span two words (页的 of 编辑页的效果, 单跟 of
# 订单跟踪): no topic, though three requests share them.
_GRAMMAR_CHARS = frozenset("的了吧吗呢啊么着跟和与及或也都就再又很把被这那我你他她它们")
# The everyday words of development work say what kind of request it is, not what the user is focused on: a
# developer who asks for tests three times is not "working on tests".
_EVERYDAY = frozenset(
    "test tests testing fix fixes fixed bug bugs error errors build run check add update change page code file "
    "files commit push merge branch review issue issues "
    # kinds of document: "notes" of a usability test and release notes are no one focus
    "notes note summary report reports email emails list plan plans template document documents draft "
    "测试 修复 报错 错误 提交 代码 文件 运行 检查 页面 一下 看下 看看 问题 构建 改下 "
    # the same kinds in Chinese, and a table asked for as the form (整理成表, 做成表格): how, not about what
    "笔记 总结 报告 邮件 列表 清单 计划 模板 文档 草稿 表格 成表".split()
)


# A count and its measure word (一场, 两张) or a verb and "a" (写个, 订份): how many or what act, never about what.
_COUNTED = re.compile(r"^[一二两三四五六七八九十几半每][场张份个次篇封天周件本条只位台套]$|^[\u4e00-\u9fff][个份]$")


def _topical(word: str) -> bool:
    if "\u4e00" <= word[0] <= "\u9fff" and any(char in _GRAMMAR_CHARS for char in word):
        return False
    if _COUNTED.match(word):
        return False
    return word not in _EVERYDAY  # the word, not its stem: "checkout" is a topic, "check" is not


def topics(requests: Sequence[Earlier], same: Same = same_by_words) -> list[tuple[str, list[Earlier]]]:
    """Words shared by ≥ 3 distinct requests, most shared first, with those requests."""
    distinct = _distinct(requests, same)
    counts: Counter[str] = Counter()
    by_stem: dict[str, list[Earlier]] = {}
    shown: dict[str, Counter[str]] = {}
    for r in distinct:
        for stem, word in words_by_stem(r.task).items():
            if not _topical(word):
                continue
            counts[stem] += 1
            by_stem.setdefault(stem, []).append(r)
            shown.setdefault(stem, Counter())[word] += 1
    out: list[tuple[str, list[Earlier]]] = []
    for stem, n in counts.most_common():
        if n < MIN_REQUESTS:
            break
        word = shown[stem].most_common(1)[0][0]
        support = {id(r) for r in by_stem[stem]}
        twin = next((i for i, (_, seen) in enumerate(out) if {id(r) for r in seen} == support), None)
        if twin is None:
            out.append((word, by_stem[stem]))
        else:  # 文言 and 言文 of 文言文, in the very same requests: one word, one goal
            out[twin] = (_joined(out[twin][0], word, by_stem[stem]), out[twin][1])
    return out


def _joined(name: str, pair: str, requests: Sequence[Earlier]) -> str:
    """Two pieces of one Chinese word (地址 and 编辑 of 地址编辑): the run of characters spanning both, as every
    request writes it; else the first name."""
    text = requests[0].task
    for a, b in ((name, pair), (pair, name)):
        # side by side (地址 + 编辑) or overlapping by a character (文言 + 言文)
        candidates = [a + b] + ([a + b[1:]] if b[0] == a[-1] else [])
        joined = next((j for j in candidates if j in text), None)
        if joined and all(joined in r.task for r in requests):
            return joined
    return name


class AimInference:
    def __init__(self, users: UserModelBook, removed: Callable[[str, str], bool], same: Same = same_by_words) -> None:
        self.users = users
        self.removed = removed
        self.same = same

    def from_requests(self, user_id: str, requests: Sequence[Earlier], task_id: Callable[[Earlier], str]) -> list[str]:
        """Record each recurring topic as evidence for a goal; the dimensions touched."""
        touched: list[str] = []
        for term, supporting in topics(requests, self.same)[:MAX_GOALS_PER_RUN]:
            dimension = f"goal:{term}"
            if self.removed(user_id, dimension):
                continue
            example = min((r.task for r in supporting), key=len)
            for r in supporting:
                # The task is the source: reflecting on the same requests again adds nothing.
                self.users.signal(
                    user_id,
                    dimension,
                    INFERRED_GOAL.format(term=term, example=example),
                    "follow_up",
                    task_id(r),
                    belief_kind="goal",
                )
            touched.append(dimension)
        return touched

    def accepted(self, user_id: str, source: str, task: str) -> SignalResult:
        """An accepted initiative supports the belief it came from (one acceptance per task)."""
        belief = next((b for b in self.users.get(user_id, include_all=True).beliefs if b.dimension == source), None)
        if belief is None:
            raise NotFound("belief", source)
        return self.users.signal(user_id, source, belief.value, "follow_up", f"initiative:{task[:200]}")
