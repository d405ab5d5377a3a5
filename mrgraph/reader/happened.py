""""What happened to Y?" asks for the event that befell Y: the clause of the best sentence that
names Y, from its start ("We were stunned when *my bicycle got stolen*", "*The old bicycle
finally fell apart* - the frame snapped"; family happened, used by reader.read).
"""

from __future__ import annotations

import re

from mrgraph.dates.value import SEASONS
from mrgraph.reader.question import Question
from mrgraph.reader.words import dates_named, is_function_word, lemma

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_HAPPENED = re.compile(r"^\s*what happened to\b(?P<topic>.+)$", re.IGNORECASE)
# when it happened, which the question may add ("... to his van *last winter*", "*in March*"):
# no part of Y
_SEASONS = frozenset(SEASONS)
# what opens a clause inside a sentence: a subordinator, a coordinator after a comma, a dash
_CLAUSES = re.compile(r"\s+(?:when|because|since|after|before|while|as|so)\s+|"
                      r",\s*(?:and|but|so)?\s*|\s+-\s+|[;:]\s*", re.IGNORECASE)


def befell(question: Question) -> frozenset[str] | None:
    """The lemmas of the content words of Y in "What happened to Y ...?", not the date or
    season the question adds ("to Omar's van *last winter*"); None when the question is no
    such."""
    match = _HAPPENED.match(question.text)
    if match is None:
        return None
    dated = {d.lower() for d in dates_named(match.group("topic"))} | _SEASONS
    said = {lemma(w) for w in _WORD.findall(match.group("topic"))
            if not is_function_word(w) and w.lower() not in dated}
    return frozenset(said - {""}) or None


def clause_of(sentence: str, about: frozenset[str]) -> str | None:
    """The clause of `sentence` naming a word of `about`, from its start to its end, without
    the sentence's final stop; None when no clause names one or it is a word long."""
    for part in _CLAUSES.split(sentence.strip().rstrip(".!?")):
        if any(lemma(w) in about for w in _WORD.findall(part)) and len(part.split()) >= 2:
            return part.strip()
    return None


def what_befell(question: Question, sentence: str) -> str | None:
    """What `sentence` tells befell the Y of "What happened to Y?" (`clause_of`); None when the
    question asks no such thing or the family is off."""
    if question.on("happened") and (about := befell(question)):
        return clause_of(sentence, about)
    return None
