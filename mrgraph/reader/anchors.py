"""The phrase a question's closing prepositional phrase anchors: "What did X receive *from a
chess club*?" - "Here's one of my medals from a chess club": the phrase right before the same
phrase in the evidence ("medals") is the thing asked for; and the subject a dash describes
as the noun asked of its owner ("What was her aunt's gift?" - "This scarf ... - a gift from my
aunt").
"""

from __future__ import annotations

import re

from mrgraph.reader.phrases import segments
from mrgraph.reader.question import Question
from mrgraph.reader.words import PREPOSITIONS, mostly_verb
from mrgraph.text import words

_OWNED = re.compile(r"(?<=\w)'s (\w+)")  # "what was her aunt's *gift*": the thing owned
MAX_OBJECT = 4  # words after the closing preposition ("from a dance contest")
_OWNERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your"})
_DETERMINERS = rf"(?:(?:{'|'.join(sorted(_OWNERS))})\s+)?"  # any one of them, or none


def closing_phrase(question: Question) -> re.Pattern[str] | None:
    """The question's closing "<preposition> <up to MAX_OBJECT words>" as a pattern that
    allows any determiner before the object; None when the question ends otherwise."""
    said = words(question.text)
    for at in range(len(said) - 2, max(-1, len(said) - 2 - MAX_OBJECT), -1):
        if said[at] in PREPOSITIONS and said[at] != "of":
            rest = [w for w in said[at + 1:] if w not in ("the", "a", "an")]
            if not rest or any(w in PREPOSITIONS for w in rest):
                return None
            body = r"\s+".join(re.escape(w) for w in rest)
            return re.compile(rf"\b{said[at]}\s+{_DETERMINERS}{body}\b", re.IGNORECASE)
    return None


def anchored(sentence: str, question: Question) -> str | None:
    """The candidate phrase (`segments`) that ends right before the question's closing
    phrase in `sentence`; None when the sentence does not hold it."""
    pattern = closing_phrase(question)
    match = pattern.search(sentence) if pattern else None
    if match is None:
        return None
    before = [w.lower() for w in words(sentence[:match.start()])]
    for seg in segments(sentence, question):
        said = [w.lower() for w in words(" ".join(seg.words))]
        if said and before[-len(said):] == said:
            return _tail(list(seg.words))
    return None


def _tail(said: list[str]) -> str:
    """"one of my medals" names the medals: what follows the last "of" and its determiner."""
    lowered = [w.lower() for w in said]
    if "of" in lowered[:-1]:
        said = said[len(lowered) - lowered[::-1].index("of"):]
    while len(said) > 1 and said[0].lower() in _OWNERS:
        said = said[1:]
    return " ".join(said)


def described(sentence: str, question: Question) -> str | None:
    """ "What was her aunt's gift?" - "This scarf means a lot - a gift from my aunt": the
    sentence's first phrase, when a dash then describes it as the noun the question asks
    of the owner."""
    owned = _OWNED.findall(question.text)  # the last: "her aunt's friend's *gift*"
    if not owned or not re.search(rf"\s[-\u2013\u2014]\s*(?:a|an|the|my)\s+"
                                  rf"{re.escape(owned[-1])}\b", sentence, re.IGNORECASE):
        return None
    cut = segments(sentence, question)
    if not cut:
        return None
    said = list(cut[0].words)
    # the subject ends at its verb ("compass *means* ...")
    verb = next((i for i, w in enumerate(said) if i and mostly_verb(w)), len(said))
    return " ".join(said[:verb])
