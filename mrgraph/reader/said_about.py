"""What someone said of a topic: "What did X say / think about Y?" asks for the clause said,
not a word of it ("Creating an experience for customers *is the key to making them come
back*"). Family said_about (reader.read).

"What happened to Y?" asks for the event that befell Y: the clause of the best sentence that
names Y, from its start ("We were scared when *my son got into an accident*"; family
happened).

The answer: in the best sentence, what follows the last word it shares with the topic (the
words after "about" / "of" / "regarding"), to its clause's end, when that is two words at
least (past "is", "that"...); else the phrase rules answer: a sentence naming the topic last
("Can't wait for the opening!") says what was said of it elsewhere, if at all.
"""

from __future__ import annotations

import re

from mrgraph.reader.question import Question
from mrgraph.reader.words import is_function_word, lemma

_ASKS = re.compile(r"^\s*what (?:did|does|do) .+?\b(?:say|think|tell|mention)\b.*?"
                   r"\b(?:about|of|regarding)\b(?P<topic>.+)$", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_END = re.compile(r"[.!?;]|\s-\s")
_LEAD = re.compile(r"^(?:is|are|was|were|that|which)\s+", re.IGNORECASE)


def topic(question: Question) -> frozenset[str] | None:
    """The lemmas of the content words the question asks what was said about; None when it
    asks no such thing."""
    match = _ASKS.match(question.text)
    if match is None:
        return None
    said = {lemma(w) for w in _WORD.findall(match.group("topic")) if not is_function_word(w)}
    return frozenset(said - {""}) or None


def said_of(sentence: str, about: frozenset[str]) -> str | None:
    """What `sentence` says of the topic `about` (see the module docstring); None when it names
    none of it or says nothing after it."""
    last = None
    for word in _WORD.finditer(sentence):
        if lemma(word.group(0)) in about:
            last = word
    if last is not None:
        rest = _LEAD.sub("", _END.split(sentence[last.end():])[0].strip(" ,:"))
        if len(rest.split()) >= 2:
            return rest.strip()
    return None


_HAPPENED = re.compile(r"^\s*what happened to\b(?P<topic>.+)$", re.IGNORECASE)
# what opens a clause inside a sentence: a subordinator, a coordinator after a comma, a dash
_CLAUSES = re.compile(r"\s+(?:when|because|since|after|before|while|as|so)\s+|,\s*(?:and|but)?\s*|"
                      r"\s+-\s+|[;:]\s*", re.IGNORECASE)


def befell(question: Question) -> frozenset[str] | None:
    """The lemmas of the content words of Y in "What happened to Y ...?"; None when the
    question is no such."""
    match = _HAPPENED.match(question.text)
    if match is None:
        return None
    said = {lemma(w) for w in _WORD.findall(match.group("topic")) if not is_function_word(w)}
    return frozenset(said - {""}) or None


def clause_of(sentence: str, about: frozenset[str]) -> str | None:
    """The clause of `sentence` naming a word of `about`, from its start to its end, without
    the sentence's final stop; None when no clause names one or it is a word long."""
    for part in _CLAUSES.split(sentence.strip().rstrip(".!?")):
        if any(lemma(w) in about for w in _WORD.findall(part)) and len(part.split()) >= 2:
            return part.strip()
    return None


def told_of(question: Question, sentence: str) -> str | None:
    """What `sentence` tells of the topic of "What did X say about Y?" (`said_of`, family
    said_about) or "What happened to Y?" (`clause_of`, family happened); None otherwise."""
    if question.on("said_about") and (about := topic(question)):
        return said_of(sentence, about)
    if question.on("happened") and (about := befell(question)):
        return clause_of(sentence, about)
    return None
