"""Whether a sentence tells the event a "when" question asks about, or only names whom it is
about: for "When was Tin Lantern Parade's first gig at the Mossgrove?", "We're Tin Lantern
Parade, by the way." holds whom it is about and none of what it asks (a gig, a first one),
so a dated statement holding those ("Our first gig is at the Mossgrove on April 13th.") answers
though it holds fewer of the question's words (reader.when, family names_only).

An event is told by its verb (family other_act): the events around it share its nouns ("I
sat the driving test on Monday" - weeks later "I passed the driving test"), so a sentence
lacking the question's verb that the best sentence holds, and telling an act of its own,
tells another event (`same_act`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from mrgraph.reader.evidence import lemma_set
from mrgraph.reader.question import Question
from mrgraph.reader.words import (DETERMINERS, IRREGULAR, PREPOSITIONS, base_verb,
                                  is_function_word, lemma, mostly_verb)
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


def same_act(question: Question, text: str, best: str) -> bool:
    """Whether `text` (a sentence, or a date's clause) can tell what the `best` sentence
    does (family other_act): not when the best holds a verb of the question that it lacks
    while it holds a verb of its own. An event is told by its verb; its nouns are shared by
    the events around it ("I sat the driving test on Monday" - weeks later "I passed the
    driving test": "When did she pass?" asks the second; "I started there a year ago" tells
    no other)."""
    if not question.on("other_act") or text == best:
        return True
    asked = asked_verbs(question)
    return asked & lemma_set(best) <= lemma_set(text) or not verbs(text) - lemma_set(question.text)


def asked_verbs(question: Question) -> frozenset[str]:
    """The lemmas of the question's content verbs (`verbs`); the verb after the
    person ("did she *sign* the lease") is one, whatever else it may be."""
    verb = {lemma(question.verb)} if question.verb and question.verb not in _LIGHT else set()
    return verbs(question.text) | verb


@lru_cache(maxsize=20_000)
def verbs(text: str) -> frozenset[str]:
    """The lemmas of a text's content verbs ("accepted", "went *hiking*"): words
    mostly read as verbs, not a light or aspectual verb ("get", "go", "start"), an auxiliary
    or a name, nor a noun a determiner or a preposition marks ("a *run*", "a long *walk*",
    "for *training*") - but the act a light verb takes is one ("had a *checkup*")."""
    said = re.findall(r"[A-Za-z']+", text)
    # a capitalised word is taken for a name (a verb opening a sentence is missed)
    return frozenset(lemma(w) for i, w in enumerate(said)
                     if w.islower() and lemma(w) not in _LIGHT_LEMMAS and
                     not is_function_word(w) and not _marked(said, i) and
                     mostly_verb(IRREGULAR.get(w, w)))


def _marked(said: list[str], at: int) -> bool:
    """Whether a determiner or a preposition marks word `at` as a noun, one or two words
    before it (`verbs`), and no light verb takes it ("had *a* checkup"); "to" before a
    verb's base form marks an infinitive ("wants me *to present*")."""
    for back in (1, 2):
        if at - back >= 0 and said[at - back].lower() in _MARKS and \
                not (said[at - back].lower() == "to" and back == 1 and base_verb(said[at])):
            return not (at - back - 1 >= 0 and said[at - back - 1].lower() in _LIGHT)
    return False


_MARKS = DETERMINERS | PREPOSITIONS
_LIGHT = frozenset("""get got go went do did make made have had take took start started begin
                    began keep kept""".split())
_LIGHT_LEMMAS = frozenset(lemma(w) for w in _LIGHT)  # "going", "gets", "starting" too
