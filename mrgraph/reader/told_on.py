"""A story told on across the other's reaction: the date a "when" question rests on may sit in
the speaker's turn just before or after the one that best tells what was asked, when the
other speaker's turn in between only hands the story back ("Tova won the raffle!" - "What did
she win?" - "A bike, they rang on Friday."). reader.when asks for it when the best turn gives
no date.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from mrgraph.dates import DateValue
from mrgraph.found import Found
from mrgraph.reader.dates import told
from mrgraph.reader.evidence import (Sentence, exchange, is_question, replied, split_sentences,
                                     statements, turn_key, turn_of, turns_read)
from mrgraph.reader.question import Question
from mrgraph.reader.words import lemma
from mrgraph.text import words

REACTION = 4  # words: the other's turn this short only hands the story back ("Details!")
# "When did she mention it?" asks for the day it was said, not a date told around it
SAYING = frozenset("mention say tell talk share ask bring suggest recommend".split())


def told_on(state: Found, question: Question, sentence: Sentence,
            fit: Callable[[str], float], future: bool | None,
            sides: tuple[bool, ...] = (False, True)) -> tuple[DateValue, Sentence] | None:
    """The date (reader.dates.told) of the speaker's turn just before (False in `sides`) or
    after (True) the sentence's, when the other speaker's turn in between only reacts
    (`_reacts`), the sentence's own turn gives no date, and the story goes on across it
    (`_goes_on`: "Tova won the raffle!" - "What did she win?" - "A bike, they rang on
    Thursday."; "The vet said yes!" - "Wait, really??" - "She called on Monday."), with the
    neighbour as its sentence. Not for a question asking when something was said
    (`SAYING`)."""
    if question.verb is not None and lemma(question.verb) in SAYING:
        return None
    turns = {turn_key(t): t for t in turns_read(state, question)}
    turn = turn_of(turns, sentence)
    if turn is None or told("", sentence.turn, sentence.said, fit, future) is not None:
        return None
    for later in sides:
        across = exchange(turns, turn, later)
        if across is None or not _reacts(str(across[0]["text"])):
            continue
        between, other = across
        value = told("", str(other["text"]), sentence.said, fit, future)
        if value is not None and _goes_on(value, str(between["text"]),
                                          str((turn if later else other)["text"]),
                                          str((other if later else turn)["text"]), fit):
            return value, replace(sentence, dia_id=str(other["dia_id"]), turn=str(other["text"]))
    return None


def _reacts(text: str) -> bool:
    """A turn that only hands the story back: a few words ("No way!"), or questions with at
    most a few words beside them ("Congrats!! What's his name?"); not a story of its own that
    ends in a question ("We hiked all weekend, the views were amazing. You?")."""
    return len(words(statements(text))) <= REACTION


# a word referring back to who was told of: "We collected *her*", "*they* rang"; not "the",
# "it", "that", which nearly every sentence holds ("The traffic was awful on Saturday")
_REFERS_BACK = re.compile(r"\b(?:its|she|her|he|him|his|they|them|their)\b", re.IGNORECASE)
# "the" / "that" / "this" and the (up to two) words after it: "the *cup* final"
_DEFINITE = re.compile(r"\b(?:the|that|this)\s+(\w+)(?:\s+(\w+))?", re.IGNORECASE)


def _goes_on(value: DateValue, between: str, earlier: str, later: str,
             fit: Callable[[str], float]) -> bool:
    """Whether a date told across the other's reaction is of the story asked about: the
    reaction asks about it ("Nice, when?"), the date's clause holds some of the question, or
    the later of the speaker's two turns refers back to the earlier one (`_REFERS_BACK`, or
    "the" before a word of it: "I won the cup." - "Ha!" - "The cup final was on Monday."); not
    a new story after a mere exclamation ("Nice!" - "The traffic was awful on Saturday.")."""
    told = {w.lower() for w in re.findall(r"\w{3,}", earlier)}
    return any(is_question(p) for p in split_sentences(between)) or \
        fit(value.statement) > 0 or \
        _REFERS_BACK.search(later) is not None or \
        any(w and w.lower() in told for m in _DEFINITE.finditer(later) for w in m.groups())


def asked_between(state: Found, sentence: Sentence) -> str | None:
    """The text of the turn the sentence's speaker said two turns before its own, when the
    other speaker's turn in between asks a question (and nothing more about the date)."""
    turn = turn_of(state.evidence.turns, sentence)
    before = replied(state, turn, earlier=True) if turn is not None else None
    return str(before["text"]) if before is not None else None
