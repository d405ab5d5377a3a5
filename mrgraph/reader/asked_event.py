"""Whether a sentence tells the event a "when" question asks about, or only names whom it is
about: for "When was Tin Lantern Parade's first gig at the Mossgrove?", "We're Tin Lantern
Parade, by the way." holds the question's names and none of what it asks (a gig, a first one),
so a dated statement holding those ("Our first gig is at the Mossgrove on April 13th.") answers
though it holds fewer of the question's words (reader.when, family names_only).
"""

from __future__ import annotations

import re
from functools import lru_cache

from mrgraph.reader.question import Question
from mrgraph.text import tokenize


def names_only(question: Question, text: str) -> bool:
    """Whether `text` holds words of the question and all are its names (capitalised words
    after its first: "the *Mossgrove*", "*Pickle*"), none of what it asks about."""
    held = set(tokenize(text)) & question.stems
    return bool(held) and held <= _name_stems(question.text)


def holds_unnamed(question: Question, text: str) -> bool:
    """Whether `text` holds a word of the question that is none of its names."""
    return bool((set(tokenize(text)) & question.stems) - _name_stems(question.text))


@lru_cache(maxsize=5_000)
def _name_stems(text: str) -> frozenset[str]:
    """The search tokens of the capitalised words after a question's first ("When did *Leo*
    see *The Big Blue*?"), but "I"."""
    rest = text.strip().partition(" ")[2]
    return frozenset(t for w in re.findall(r"\b[A-Z][\w'’]*", rest) if w != "I"
                     for t in tokenize(w))
