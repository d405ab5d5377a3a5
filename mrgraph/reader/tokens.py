"""The reader's tokens: words of any script, numbers with their separators and signs, and
punctuation, each with its lemma (reader.phrases cuts answers from them)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from mrgraph.reader.words import IRREGULAR, lemma, mostly_verb

# A word is letters of any script ("Lân", "Zoë", "café" stay whole) and digits, joined by
# ' + & / -
# A number keeps its separators, its percent and currency signs whole: "1,200", "3.5", "54:12",
# "82%", "£1,200"
_TOKEN = re.compile(r"\d+(?:[,.:]\d+)*%|[$£€¥₹₩]\d+(?:[,.:]\d+)*|\d+(?:[,.:]\d+)+|"
                    r"[^\W_](?:(?:[^\W_]|['’+&/-])*(?:[^\W_]|\+))?|[^\s\w]|_")


@dataclass(frozen=True)
class Token:
    text: str
    lemma: str
    word: bool  # not punctuation


@lru_cache(maxsize=20_000)
def tokens(sentence: str) -> tuple[Token, ...]:
    return tuple(Token(t, lemma(t) if _worded(t) else "", _worded(t))
                 for t in _TOKEN.findall(sentence))


def _worded(token: str) -> bool:
    return token[0].isalnum() or (len(token) > 1 and token[1].isdigit())  # "£1,200" too


def verb_like(word: str) -> bool:
    """A past or -ing form, an irregular verb form, or a word mostly a verb."""
    lowered = word.lower()
    return lowered.endswith(("ed", "ing")) or lowered in IRREGULAR or mostly_verb(lowered)
