"""Whether a run of tokens names a place: after a preposition that says where, no time, no
infinitive (reader.phrases scores places for "where" questions; reader.whowhere lists them)."""

from __future__ import annotations

import calendar
from collections.abc import Sequence

from mrgraph.reader.tokens import Token, verb_like
from mrgraph.reader.words import DETERMINERS, TIME_WORDS, lemma, mostly_verb

# the prepositions that say where (not "on" / "by": "on Friday"; "to" after a noun or a verb of
# going: "a trip to Ghent", "moved to Denver", not "chatted to Mira")
_LOCATIVE = frozenset("""at in near inside outside around along across from into""".split())
GOING = frozenset(lemma(w) for w in """go went gone move moved fly flew flown drive drove
                   driven travel head return come came walk ran run sail ride rode""".split())
# times and states a preposition of place also takes: "at dawn", "in the summer", "in a hurry"
_NO_PLACE = frozenset("""dawn dusk noon midnight sunrise sunset summer winter spring autumn fall
                      christmas easter hurry fact general person love trouble touch time least
                      all once advance charge mind case order future past""".split())
# a month is no place ("in June"); reader.phrases: a number beside one is a day
MONTHS = frozenset(calendar.month_name[1:]) | frozenset(calendar.month_abbr[1:])


def before_determiners(run: list[int], toks: Sequence[Token]) -> int:
    """Where the word before `run` is, past its determiners ("at *the* garden": "at"); -1 for
    none."""
    at = run[0] - 1
    while at >= 0 and toks[at].text.lower() in DETERMINERS:
        at -= 1
    return at


def placed(run: list[int], toks: Sequence[Token]) -> bool:
    """A place: the run follows a preposition that says where, past its determiners ("at
    *the* garden", "in *my sister's* flat"; "to" after a noun or a verb of going: "a
    trip *to* Ghent"), and is no time ("in June", "in two weeks")."""
    at = before_determiners(run, toks)
    where = at >= 0 and (toks[at].text.lower() in _LOCATIVE or (
        toks[at].text.lower() == "to" and at > 0 and toks[at - 1].word and
        (toks[at - 1].lemma in GOING or not verb_like(toks[at - 1].text))))
    return where and \
        not any(toks[i].text.lower() in TIME_WORDS or toks[i].text.lower() in _NO_PLACE or
                toks[i].text in MONTHS or toks[i].text[:1].isdigit() for i in run)


# prepositions that place a thing where it is, said with a common noun's place: "*in* a
# laundry basket", "*at* the herb garden" (not "from" / "to" / "into": where it came
# from or went, which a "where ... from / to?" question says itself)
_AT_PLACE = _LOCATIVE - {"from", "into"}


def said_at(run: list[int], toks: Sequence[Token]) -> str | None:
    """The preposition placing a common noun's place (the run opens lowercase: "in *a
    laundry basket*", past its determiners), with them ("in a", "inside my"); None for a name
    ("in *Ghent*": a name says where by itself), another preposition, or none."""
    at = before_determiners(run, toks)
    if at < 0 or toks[at].text.lower() not in _AT_PLACE or not toks[run[0]].text[:1].islower():
        return None
    return " ".join(toks[i].text for i in range(at, run[0]))


def infinitive(run: list[int], toks: Sequence[Token]) -> bool:
    """"to" right before a lowercase word mostly a verb: an infinitive ("wants me to *give*
    a talk"), no place ("to *the* shop", "to *Genoa*")."""
    first = toks[run[0]].text
    return run[0] > 0 and toks[run[0] - 1].text.lower() == "to" and first.islower() and \
        mostly_verb(first)
