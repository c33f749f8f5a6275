"""Two error messages compared by the words they share, weighted by how rare each word is.

An error's key phrase (``servers.core.recovery.error_phrase``) is one line of it, and which line that is
depends on what else got printed: kubectl says "error when creating …" for a new object and "error when
applying patch …" for an old one, then the same "strict decoding error: unknown field" for both; a test
runner's report puts the cause among hundreds of lines of its own. Two occurrences of one failure share
most of their telling words wherever the key line falls, so the whole message is compared as a bag of words:

| step                   | what it does                                                                 |
|------------------------|------------------------------------------------------------------------------|
| ``error_words``        | the message's words, without quoted values, paths, ids and numbers (what    |
|                        | differs between two occurrences of one failure), in order, at most 200      |
| ``likeness``           | weight of the shared words over the weight of the smaller message's words;  |
|                        | a word weighs its inverse document frequency among the messages compared    |

A word every message has ("error", "failed") weighs little; one only these two share weighs most. Measured
on the 16 host-trace tuning streams (``bench/reflection/host_traces.py``), word statistics per stream: pairs
of occurrences of one planted mistake whose key phrases differ (and whose fixes agree) score 0.64-1.0 on the
whole messages, 0.90-1.0 as the hooks clip them (head, failure lines, tail); the 80 pairs of different failures
fixed the same way 0.43 at most on whole messages and 0.50 clipped, hence ``ALIKE`` 0.6.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

MAX_ERROR_WORDS = 200
ALIKE = 0.6
# Fewer shared words than this say nothing, however rare they are ("kind", "cluster").
MIN_SHARED = 3

# A quoted value (a file, a field, an id) differs between occurrences; quoted words with spaces between them are
# a message (`"message":["property channel should not exist"]`) and stay.
_QUOTED = re.compile(r"(?<![A-Za-z])(['\"`])[^\s'\"`]{1,120}\1(?![A-Za-z])")
# (with a URI's scheme: `file:///…/A.kt` leaves no `fil` behind)
_PATH = re.compile(r"(?:\b[A-Za-z][\w+.-]*:(?=//)|[A-Za-z]:)?(?:[\w.~-]*/)+[\w.-]+")
# (a UUID whole: its short groups, `3b2d`, would leave `b2d` behind)
_ID = re.compile(r"\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b|\b0x[0-9a-f]+\b|\b[0-9a-f]{7,40}\b", re.I)
_WORD = re.compile(r"[a-z][a-z0-9_]{2,}|[\u4e00-\u9fff]{2,}")
_FILLER = frozenset(
    "the and for with from that this was not are but has have had been into its you your can will would could "
    "should there their then than when what which who how why all any some one two also only out off per via our "
    "use used using see more exit code".split()  # "Exit code 1" heads every failed command Claude Code reports
)


def error_words(text: str) -> list[str]:
    """The words of an error message that two occurrences of one failure would share, in order of appearance."""
    text = _ID.sub(" ", _PATH.sub(" ", _QUOTED.sub(" ", text)))
    words = (w for w in _WORD.findall(text.lower()) if w not in _FILLER)
    return list(dict.fromkeys(words))[:MAX_ERROR_WORDS]


def frequencies(messages: Iterable[Sequence[str]]) -> tuple[Counter[str], int]:
    """In how many of these messages each word occurs, and how many messages there were."""
    counts: Counter[str] = Counter()
    total = 0
    for words in messages:
        counts.update(set(words))
        total += 1
    return counts, total


def likeness(a: Sequence[str], b: Sequence[str], counts: Counter[str], total: int) -> float:
    """0..1: the weight of the words ``a`` and ``b`` share over the weight of the smaller one's words.

    ``counts``/``total`` describe the messages being compared among (they should include ``a`` and ``b``)."""
    first, second = set(a), set(b)
    shared = first & second
    if len(shared) < MIN_SHARED:
        return 0.0

    def weight(words: set[str]) -> float:
        return sum(math.log((total + 1) / (counts.get(w, 0) + 0.5)) for w in words)

    smaller = min(weight(first), weight(second))
    return weight(shared) / smaller if smaller > 0 else 0.0


def shared_words(messages: Sequence[Sequence[str]], counts: Counter[str], total: int, limit: int = 8) -> list[str]:
    """The rarest words every one of these messages has, in the first one's order: what the failure is called
    when its key lines differ (`tenant version cannot handled strict decoding unknown field`)."""
    if not messages:
        return []
    common = set(messages[0]).intersection(*(set(m) for m in messages[1:]))
    # Among equally rare words the later ones win: a message ends with its cause ("… strict decoding error:
    # unknown field"), after what was being done when it happened.
    rarest = sorted(common, key=lambda w: (counts.get(w, 0), -messages[0].index(w)))[:limit]
    return [w for w in messages[0] if w in rarest]
