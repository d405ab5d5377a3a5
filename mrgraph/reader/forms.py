"""Answers of a fixed form inside a sentence, by pattern: a span of time, a frequency, a
count by its noun, a denial, whose thing it is, the clause a verb says "that" of, what a
thing was done for."""

from __future__ import annotations

import re

from mrgraph.reader.phrases import tokens
from mrgraph.reader.words import NEGATIONS, NUMBERS, lemma
from mrgraph.text import words

_DURATION = re.compile(
    r"\b((?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|"
    r"several|a couple of|few)\s+(?:years?|months?|weeks?|days?|hours?|decades?)(?:\s+ago)?|"
    r"since\s+(?:19|20)\d\d)\b", re.IGNORECASE)
_TIMES = r"(?:once|twice|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|many) times)"
_PERIOD = r"(?:day|night|morning|evening|week|weekend|month|year|summer|winter)"
_FREQUENCY = re.compile(
    rf"\b((?:at least |about |around |almost |nearly |only |usually )?{_TIMES}"
    rf"(?:(?: or |-){_TIMES})?(?: (?:a|an|per|each|every) {_PERIOD})|"
    rf"(?:once|twice) or {_TIMES}|\d+ times|(?:almost |nearly )?every (?:other |single )?{_PERIOD}|"
    r"daily|weekly|monthly|yearly|annually)\b", re.IGNORECASE)
_COUNT = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                    r"twice|once|a couple|both|a few|several)\b", re.IGNORECASE)


def duration(sentence: str) -> str | None:
    """A span of time said in the sentence ("4 years", "since 2016"), or None; a number said
    in words is written in digits ("ten years ago" -> "10 years ago")."""
    match = _DURATION.search(sentence)
    if not match:
        return None
    first, _, rest = match.group(1).partition(" ")
    value = NUMBERS.get(first.lower()) if first.lower() not in ("a", "an") else None
    return f"{value} {rest}" if value is not None and rest else match.group(1)


def frequency(sentence: str) -> str | None:
    """How often the sentence says something happens ("three times a week", "every day")."""
    match = _FREQUENCY.search(sentence)
    return match.group(1) if match else None


def count(sentence: str, head: str | None) -> str | None:
    """A number said in the sentence, near the head noun when there is one."""
    if head is not None:
        head_lemma = lemma(head)
        toks = tokens(sentence)
        for i, tok in enumerate(toks):
            if tok.lemma == head_lemma and i > 0 and _COUNT.fullmatch(toks[i - 1].text):
                return toks[i - 1].text.lower()
    return None


def negated(sentence: str) -> bool:
    """Whether the sentence denies ("I never tried it", "we didn't go")."""
    said = words(sentence.replace("n't", " not"))
    return any(w in NEGATIONS for w in said)


_OWNERS = {"my": "{speaker}'s", "our": "{speaker}'s", "your": "{listener}'s"}


def possessor(sentence: str, noun: str, speaker: str, listener: str = "") -> str | None:
    """Whose `noun` the sentence names ("whose birthday" - "we baked a cake for *my
    nephew's* birthday" -> "<speaker>'s nephew"): the owner before "'s <noun>", "my" said as the
    speaker's name; a bare "my/his/her <noun>" names nobody new (None)."""
    match = re.search(rf"\b(?:(my|our|your|his|her|their|the|a)\s+)?([A-Za-z][\w-]*)['’]s\s+"
                      rf"{re.escape(noun)}\b", sentence, re.IGNORECASE)
    if not match:
        return None
    owner, whom = (match.group(1) or "").lower(), match.group(2)
    said = _OWNERS.get(owner, "").format(speaker=speaker, listener=listener)
    if said and said != "'s":
        return f"{said} {whom}"
    return f"{owner} {whom}".strip() if owner else whom


_THAT = re.compile(r"\b([A-Za-z]+) that ([^.!?;]+)")


def that_clause(text: str, verb: str) -> str | None:
    """The clause after `verb` (any form of it) and "that" ("I learned that *rest
    matters*"), of three words at least; None when `text` holds none."""
    for match in _THAT.finditer(text):
        clause = match.group(2).strip(" ,-")
        if lemma(match.group(1)) == lemma(verb) and len(words(clause)) >= 3:
            return clause
    return None


# "we did that *for the dog*": what it was done for answers "why"
_DONE_FOR = re.compile(r"\b(?:do|did|does|doing|done)\s+(?:it|this|that)\s+(for\s+[^.!?;,]+)",
                       re.IGNORECASE)


def done_for(sentence: str) -> str | None:
    """What the sentence says "it" was done for ("I only did it *for the view*"), or
    None."""
    match = _DONE_FOR.search(sentence)
    return match.group(1).strip() if match else None
