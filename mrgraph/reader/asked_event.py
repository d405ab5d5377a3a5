"""Whether a sentence tells the event a "when" question asks about, or only names whom it is
about: for "When was Tin Lantern Parade's first gig at the Mossgrove?", "We're Tin Lantern
Parade, by the way." holds whom it is about and none of what it asks (a gig, a first one),
so a dated statement holding those ("Our first gig is at the Mossgrove on April 13th.") answers
though it holds fewer of the question's words (reader.when, family names_only).
"""

from __future__ import annotations

import re
from functools import lru_cache

from mrgraph.reader.question import Question
from mrgraph.reader.words import DETERMINERS, PREPOSITIONS
from mrgraph.text import tokenize


def names_only(question: Question, text: str) -> bool:
    """Whether `text` holds words of the question and all name whom it is about ("*Tin
    Lantern Parade*'s first gig", "did *Captain Pickle* ..."), none of what it asks about - a
    name after a determiner or a preposition is a thing asked of ("at *the Mossgrove*", "run
    *the Harbour Half*")."""
    held = set(tokenize(text)) & question.stems
    return bool(held) and held <= _whom(question.text)


def holds_unnamed(question: Question, text: str) -> bool:
    """Whether `text` holds a word of the question that names none of whom it is about."""
    return bool((set(tokenize(text)) & question.stems) - _whom(question.text))


@lru_cache(maxsize=5_000)
def _whom(text: str) -> frozenset[str]:
    """The search tokens of the capitalised names after a question's first word that no
    determiner or preposition but "with" (nor a capitalised "The") stands before ("When did
    *Leo* see the Big Blue with *Ada*?"), but "I"."""
    whom: set[str] = set()
    for run in _CAPITALISED.finditer(text, len(text) - len(text.lstrip()) + 1):
        before = text[:run.start()].split()[-1:]
        if run.group(0) == "I" or run.group(0).startswith("The ") or \
                (before and before[0].lower() in _THING_BEFORE):
            continue
        whom.update(tokenize(run.group(0)))
    return frozenset(whom)


# words after which a name is a thing asked of ("at *the Mossgrove*"); not "with", which
# takes a companion, one whom the question is about ("camping *with Jonah Pike*")
_THING_BEFORE = (DETERMINERS | PREPOSITIONS) - {"with"}
_CAPITALISED = re.compile(r"\b[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*")
