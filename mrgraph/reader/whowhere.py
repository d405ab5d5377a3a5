"""Where on a date: the phrase English grammar puts the answer in.

  where_dated  "Where was X <on a date>?", "Where did X spend <a holiday / year>?": the places
             of the first of the best sentences that names one ("a robotics fair in Derby":
             *robotics fair, Derby*; reader.phrases.places), not the best sentence's phrase
             when that names none ("It's 4-6 October" only dates it); a name in a nearly as
             good sentence over a place without one;
"""

from __future__ import annotations

import re

from mrgraph.reader.evidence import REACH, Sentence
from mrgraph.reader.forms import negated
from mrgraph.reader.phrases import places
from mrgraph.reader.places import GOING
from mrgraph.reader.question import Question
from mrgraph.reader.when import SAME_STORY  # a sentence this near the best tells the same thing
from mrgraph.reader.words import DETERMINERS, POSSESSIVES, adverb_only, dates_named, lemma
from mrgraph.text import words

# adverbs of time a place may end with ("the lake *yesterday*")
_TIME_ADVERBS = frozenset({"yesterday", "today", "tonight", "tomorrow", "later", "earlier",
                           "soon", "ago", "now", "then"})
_PERSONS = POSSESSIVES - {"its"}  # a person's: "my", "their"
_THIRD = frozenset({"he", "she", "they"})
_FIRST = frozenset({"i", "me", "we", "us", "myself"})
# clauses a denial splits: "I didn't go to Genoa, I went to the lake instead"
_CLAUSES = re.compile(r"[,;:]|\s[-–]\s|\bbut\b", re.IGNORECASE)
# a denial's word, and the subject opening a clause of its own after it ("I can't believe
# *I* went ..."): a denial covers the words after it up to such a subject
_DENIAL = re.compile(r"\b(?:not|no|never|nothing|none|nobody|neither|nor|cannot)\b|n['’]t\b",
                     re.IGNORECASE)
_SUBJECT = re.compile(r"\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey)\b")
# "from" takes a place after a word of coming back: "got *back* from the beach", "came *home*
# from the hospital", "*returned* from the coast"; not a cause ("recovered from the flu")
_BACK = frozenset({"back", "home", "away"})


def dated(question: Question) -> bool:
    """The question holds a date: a month, a weekday, a year, a feast (words.dates_named)."""
    return bool(dates_named(question.text))


def affirmed(sentence: str) -> list[str]:
    """The parts of `sentence` that deny nothing (forms.negated): the sentence itself when
    it denies nothing; of a clause that denies, what comes before its denial and after a
    subject opening a clause of its own: "I didn't go to Oslo, I went to Bergen" -> ["I went
    to Bergen"]; "I went to Genoa and didn't see the Pope" -> ["I went to Genoa and"]; "I can't
    believe we went to Oslo" -> ["we went to Oslo"]."""
    if not negated(sentence):
        return [sentence]
    kept = []
    for clause in _CLAUSES.split(sentence):
        rest = clause
        while (denial := _DENIAL.search(rest)) is not None:
            kept.append(rest[:denial.start()])
            subject = _SUBJECT.search(rest, denial.end())
            rest = rest[subject.start():] if subject else ""
        kept.append(rest)
    return [c.strip() for c in kept if c.strip() and not negated(c)]


def where(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """The places of the first of the best REACH sentences that names one (`said_places`),
    the person's own when the question names one, joined ("robotics fair, Derby"); when they
    name no place by name ("moved *to a bigger flat*"), those of a later one that does,
    scoring SAME_STORY of it and not told of another ("my sister moved to *Boston*": the
    best sentence's own place, "stayed *at home*", stands)."""
    told = [(said, s) for s in found[:REACH] if question.person is None or s.own
            if (said := said_places(s.text, question))]
    if not told:
        return None
    first = told[0]
    best = first if _named(first[0]) else next(
        ((said, s) for said, s in told if _named(said) and
         s.score >= SAME_STORY * first[1].score and not _of_another(s.text)), first)
    return ", ".join(best[0]), (best[1].dia_id,)


def _named(said: list[str]) -> bool:
    """One of the places is said by name (a capitalised word)."""
    return any(w[:1].isupper() for p in said for w in p.split())


def _of_another(sentence: str) -> bool:
    """The sentence opens with another's subject ("*My sister* moved to ...", "*She* flew
    ...") and says nothing of the speaker ("I", "me", "we")."""
    said = words(sentence)
    return bool(said) and said[0] in _PERSONS | _THIRD and not set(said) & _FIRST


def said_places(sentence: str, question: Question) -> list[str]:
    """The places the clauses of `sentence` that deny nothing name (reader.phrases.places),
    without the adverbs they end with ("the lake *instead*"); not a common noun after "from",
    a cause or a source more than a place ("recovered *from the flu*"; "back *from Genoa*" is
    one)."""
    kept = []
    for clause in affirmed(sentence):
        for place in places(clause, question):
            said = place.split()
            while said and (said[-1].lower() in _TIME_ADVERBS or
                            (said[-1][:1].islower() and adverb_only(said[-1]))):
                said.pop()
            if said and (any(w[:1].isupper() for w in said) or not _after_from(clause, place)):
                kept.append(" ".join(said))
    return kept


def _after_from(clause: str, place: str) -> bool:
    """`place` follows "from" in `clause`, past its determiners ("from *his* knee"), and not
    a word of coming back (`_BACK`) or a verb of going but "come" ("flew back *from* the
    coast", "drove from the station")."""
    before = words(clause[:clause.find(place)])
    while before and (before[-1] in DETERMINERS or before[-1] in _PERSONS):
        before.pop()
    if not before or before[-1] != "from":
        return False
    went = before[-2] if len(before) > 1 else ""
    return not (went in _BACK or (lemma(went) in GOING and lemma(went) != "come"))
