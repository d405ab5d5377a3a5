"""The event a "when" question asks about, named by its verb: "When did she *leave* for the
conference?", "When did he get *accepted* ...?", "When did they go *camping*?".

A turn often tells two things about the same people and objects ("My advisor wants me to
present a poster at the conference in June." ... "I leave for the conference on Sunday."; "I
had an interview for the internship yesterday!" ... "I just got accepted for the internship!"):
the nouns match both, the verb only the one asked. A date answers the question when the
statement it belongs to tells the event asked, so of two statements that hold as much of
the question's words, the one holding its verb is the one to date (reader.when).
"""

from __future__ import annotations

import re
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.question import Question
from mrgraph.reader.words import IRREGULAR, LIGHT_VERBS
from mrgraph.text import tokenize, words

# the verbs of a phase: the event asked is the start or the end of what follows ("*start*
# playing the violin", "*finish* writing the thesis", "*stop* running marathons"), and a
# statement holding only the activity tells another phase of it, or another time it was done
PHASE = frozenset("start begin keep stop finish continue".split())
# verbs that name no event by themselves (reader.words.LIGHT_VERBS, "give", "come", "due", a
# phase): the event is the participle or -ing form after them ("get *married*", "go *hiking*"),
# or their object ("have a party", "take a class"), which the question's nouns already weigh
LIGHT = LIGHT_VERBS | PHASE | frozenset({"give", "come", "due"})


def event_verb(question: Question) -> str | None:
    """The base form of the verb naming the event asked (`question.verb`; after a light verb,
    the participle or -ing form that follows it: "get *accepted*", "go *camping*"); None when
    the event is a light verb's object ("When did she have her party?"), a phase of what
    follows ("When did she *start* painting?", `PHASE`) or no verb is known."""
    if question.verb is None or not question.on("event_verb"):
        return None
    verb = _base(question.verb)
    if verb in PHASE:
        return None  # "start painting": "I finished a painting on Sunday" is no start
    if verb not in LIGHT:
        return verb if lexicon().offsets(verb, "verb") else None  # not a name ("did A and B")
    said = words(question.text)
    at = said.index(question.verb) if question.verb in said else -1
    after = said[at + 1] if 0 <= at < len(said) - 1 else ""
    if after.endswith(("ed", "ing")) or after in IRREGULAR:
        base = _base(after)
        return base if base != after and base not in LIGHT and lexicon().offsets(base, "verb") \
            else None
    return None


def tells(text: str, verb: str | None) -> bool:
    """Whether `text` holds a form of the base verb `verb` ("left" and "leaving" of "leave")."""
    return verb is not None and any(_base(w) == verb for w in words(text))


def told_verb(question: Question, text: str) -> str | None:
    """The question's event verb (`event_verb`) when `text` holds it, else None: a sentence
    telling the event asked, whose neighbours must tell it too."""
    verb = event_verb(question)
    return verb if tells(text, verb) else None


@lru_cache(maxsize=50_000)
def _base(word: str) -> str:
    lowered = word.lower()
    return IRREGULAR.get(lowered) or lexicon().base(lowered, "verb")


def names_only(question: Question, text: str) -> bool:
    """Whether `text` holds words of the question and all are its names (capitalised words
    after its first: "the *Anchor*", "*Biscuit*"), none of what it asks about."""
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
