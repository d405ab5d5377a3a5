"""Answers a sentence states in a set form that the question's own words call for:

  favorite  "What is X's favorite ...?" - "I like every season, but *autumn* is my top pick",
            "my favorite is *the blue one*": the phrase said to be the person's favorite;
  plan      "What did X plan to do ...?" - "I'm off to *pick up the kids*": what the
            person says they are off / going / about to do, to the end of the clause;
  glad      "What is X excited about ...?" - "I'm stoked to *try the new trail*": what follows
            a word of the same feeling and about/for/to/of/that, to the clause's end;
  most      "What was the toughest part of X's move?" - "the hardest part was *the waiting*": what
            a superlative with "the" is said to be, when the question holds a superlative too;
  happened  "What happened to X's dog ...?" - "my dog *ran off into the woods*": what the
            sentence says the thing did or had done to it, its verb to the clause's end.

Only the sentences the person says themselves among the best `reach` are searched, best first
(the forms are first-person: another speaker's "I'm off to ..." is not the person's plan); None
when none says it so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import Question
from mrgraph.reader.words import (AUXILIARIES, CLAUSE, DETERMINERS, IRREGULAR, SUBJECTS,
                                  mostly_verb, superlative)
from mrgraph.text import stem, words

_FAVORITE_ASKED = re.compile(r"\b(?:favou?rite|fave)\b", re.IGNORECASE)
_FAVORITE_STEMS = frozenset(stem(w) for w in ("favorite", "favourite", "fave"))
_FAVORED = r"(?:favou?rite|fave|top pick|top choice|number one)"
# "<phrase> is my (absolute) favorite": the phrase before it
_IS_FAVORITE = re.compile(rf"\s+(?:is|was|are|were)\s+(?:definitely\s+|probably\s+|still\s+)?"
                          rf"(?:my|our)\s+(?:absolute\s+|all-time\s+|personal\s+)?{_FAVORED}\b",
                          re.IGNORECASE)
# "my favorite (one) is <phrase>": the phrase after it, to the clause's end
_FAVORITE_IS = re.compile(rf"\b(?:my|our)\s+(?:absolute\s+|all-time\s+)?{_FAVORED}"
                          rf"(?:\s+\w+){{0,2}}?\s+(?:is|was|has to be|would be)\s+([^.!?;,]+)",
                          re.IGNORECASE)
_PLAN_ASKED = re.compile(r"\b(?:plan|plans|planned|planning|going to|gonna)\b.*\bdo\b",
                         re.IGNORECASE)
_HAPPENED = re.compile(r"\bwhat happened to (?:\w+'s|his|her|their|the) (\w+)", re.IGNORECASE)
# words of one feeling: the question's word calls for any of its group
_FEELINGS = (("excited", "thrilled", "stoked", "pumped", "psyched", "eager", "looking forward",
              "can't wait"),
             ("happy", "glad", "grateful", "thankful", "proud"),
             ("nervous", "worried", "anxious", "scared", "afraid"))
# "the worst (part) was <phrase>"
_THE_MOST = re.compile(r"\bthe\s+(\w+)(?:\s+(?:part|thing|one|bit))?\s+(?:was|is|has been)\s+"
                       r"([^.!?;,]+)", re.IGNORECASE)
_OFF_TO = re.compile(r"\b(?:i'm|i am|we're|we are)\s+(?:off|going|about|planning|heading out)"
                     r"\s+to\s+([^.!?;,]+)", re.IGNORECASE)
MAX_WORDS = 4  # words before "is my favorite" that are too many to name one favorite
MAX_CLAUSE = 10  # the longest clause a set form answers with ("off to *...*")


def stated(question: Question, found: Sequence[Sentence], reach: int) -> \
        tuple[str, tuple[str, ...]] | None:
    """The answer one of the person's best `reach` sentences states in the form the question
    calls for (see the module docstring), with the turn it rests on."""
    if question.kind not in ("what", "who", "where"):
        return None
    form = _form(question)
    if form is None:
        return None
    # said by the person: a first-person form of the other speaker's is not theirs
    return next(((said, (s.dia_id,)) for s in found[:reach]
                 if s.own and s.speaker == question.person and (said := form(s.text))), None)


def _form(asked_: Question) -> Callable[[str], str | None] | None:
    """The set form the question's words call for, as a reader of one sentence."""
    question = asked_.text
    happened = _HAPPENED.search(question)
    if happened:
        return partial(done_to, thing=happened.group(1))
    if _FAVORITE_ASKED.search(question):
        return partial(_favorite_of, about=asked_.stems - _FAVORITE_STEMS)
    asked = set(words(question))
    group = next((g for g in _FEELINGS if asked & set(g) or
                  any(" " in w and w in question.lower() for w in g)), None)
    if group is not None and re.match(r"\s*what\b", question, re.IGNORECASE):
        return partial(glad, feeling=group)
    if _PLAN_ASKED.search(question):
        return off_to
    return most if any(superlative(w) for w in asked) else None


def _favorite_of(sentence: str, about: frozenset[str]) -> str | None:
    """The favorite `sentence` names, when it also names what it is a favorite of (a word
    of the question: "favorite *game*" - "I play all board *games*, but ...")."""
    if about and not about & {stem(w) for w in words(sentence)}:
        return None
    return favorite(sentence)


def favorite(sentence: str) -> str | None:
    """The phrase `sentence` names as the speaker's favorite, or None."""
    match = _IS_FAVORITE.search(sentence)
    if match:
        before = re.findall(r"[\w'-]+|[^\w\s]", sentence[:match.start()])
        run: list[str] = []
        for word in reversed(before):  # back to a clause's edge: "..., but *jazz* is ..."
            low = word.lower()
            if not word[0].isalnum() or low in CLAUSE or low in SUBJECTS or \
                    (mostly_verb(low) and not low.endswith("ing")) or len(run) == MAX_WORDS:
                break
            run.insert(0, word)
        while run and run[0].lower() in DETERMINERS:
            run.pop(0)
        return " ".join(run) if run and len(run) < MAX_WORDS else None
    after = _FAVORITE_IS.search(sentence)
    return _clause(after.group(1)) if after else None


def off_to(sentence: str) -> str | None:
    """What the speaker says they are off / going / about to do ("I'm off to *collect a
    parcel*"), to the end of the clause, or None."""
    match = _OFF_TO.search(sentence)
    return _clause(match.group(1)) if match else None


def done_to(sentence: str, thing: str) -> str | None:
    """What `sentence` says `thing` did, or had done to it ("my *bike* got a flat on the hill"
    -> "got a flat on the hill"): the verb right after "my/our/the <thing>" to the end of the
    clause; None when a verb does not follow it."""
    match = re.search(rf"\b(?:my|our|his|her|their|the)\s+{re.escape(thing)}\s+([^.!?;,]+)",
                      sentence, re.IGNORECASE)
    if match is None:
        return None
    said = words(match.group(1))
    if not said or len(said) > MAX_CLAUSE or not (said[0] in IRREGULAR or said[0].endswith("ed")
                                                 or said[0] in AUXILIARIES):
        return None
    return match.group(1).strip()


def glad(sentence: str, feeling: Sequence[str]) -> str | None:
    """What `sentence` says the speaker feels one of `feeling` about ("I'm stoked to *try the
    new trail*"), to the end of the clause; None when it says no such thing."""
    said = "|".join(re.escape(w) for w in feeling)
    match = re.search(rf"\b(?:{said})\s+(?:about|for|to|of|that)\s+([^.!?;,]+)", sentence,
                      re.IGNORECASE)
    return _clause(match.group(1)) if match else None


def most(sentence: str) -> str | None:
    """What `sentence` says the superlative is ("the hardest part was *the waiting*"), or
    None."""
    for match in _THE_MOST.finditer(sentence):
        if superlative(match.group(1)) and (said := _clause(match.group(2))):
            return said
    return None


def _clause(text: str) -> str | None:
    """The rest of a clause a set form answers with, when it is 1 to MAX_CLAUSE words."""
    return text.strip() if 0 < len(words(text)) <= MAX_CLAUSE else None
