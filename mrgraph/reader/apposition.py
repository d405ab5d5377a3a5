"""A name in apposition (family ph_apposed): English sets a proper name off by commas after a
noun phrase to say which one it is ("I met this retired nurse, *Odette*, at the market", "my
home town, *Port Ellery*, was flooded", "we're learning a folk song, *Blue Harrow*, this
term"): the name and the noun phrase are one thing, and the name says it exactly - what a list
of people, places or pieces asks for. The noun phrase has a determiner ("a", "the", "this",
"my" ...) among the three words before its noun; the name is one capitalised word or more,
not "I", closed by a second comma: at a sentence's end a name after a comma is as often the
person spoken to ("That was a great tip, *Sam*."), so none is taken there.
So too a name given by "called" / "named" (family ph_called): "a band called *Paper Moths*", "a
puppy named *Clove*", "they're called *Paper Moths*" - after a noun or a form of "be" the
participle says what follows is the name, which is the phrase (not after a subject: "I called
Mum" made a call); the name's capitalised words may be joined by "of", "and", "the" ("a pub
called *The Rose and Crown*").
So too "one" standing for the noun a question asks for (family ph_one): "Which regatta ...?" -
"The *Millbrook* one." names which by the words between the determiner and "one".
And a title, for "which novel / song / film ..." (family titled, reader.phrases): capitalised
words not opening the sentence, one after another or joined by "and" / "of" / "the"
("*Pride and Prejudice*": `titles_at`, `title_of`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.reader.tokens import Token
from mrgraph.reader.words import BE, DETERMINERS, SUBJECTS, noun_like

NOUN_WORDS = 3  # words of the noun phrase after its determiner
_I = frozenset({"I", "I'm", "I've", "I'd", "I'll"})
_NAMING = frozenset({"called", "named"})
_NAME_JOINS = frozenset({"of", "and", "the", "&"})
_BE_CLITICS = ("'re", "’re", "'s", "’s")  # "they're called", "it's named"


def apposed(last: int, toks: Sequence[Token]) -> list[str]:
    """The words of the name in apposition to the noun phrase ending at `last` (see the
    module docstring); [] without one."""
    det = next((i for i in range(last - 1, max(-1, last - 1 - NOUN_WORDS), -1)
                if not toks[i].word or toks[i].text.lower() in DETERMINERS), None)
    if det is None or not toks[det].word or last + 2 >= len(toks) or toks[last + 1].text != ",":
        return []
    end = last + 2
    while end < len(toks) and toks[end].word and toks[end].text[:1].isupper() and \
            toks[end].text not in _I:
        end += 1
    if end == last + 2 or end >= len(toks) or toks[end].text != ",":
        return []
    return [t.text for t in toks[last + 2:end]]


def called(first: int, last: int, toks: Sequence[Token]) -> list[str]:
    """The name the phrase of `toks[first..last]` ends with after "called" / "named" naming a
    thing: after a noun ("a band *called* ...") or a form of "be" ("they're *called* ..."),
    not after a subject ("I *called* Mum": a call made); [] without one."""
    at = next((i for i in range(first, last) if toks[i].text.lower() in _NAMING), None)
    if at is None or at == 0 or not toks[at + 1].text[:1].isupper():
        return []
    before = toks[at - 1].text.lower()
    if before in SUBJECTS and not before.endswith(_BE_CLITICS) or \
            not (noun_like(before) or before in BE or before.endswith(_BE_CLITICS)):
        return []
    name = [t.text for t in toks[at + 1:last + 1]]
    return name if all(w[:1].isupper() or w.lower() in _NAME_JOINS for w in name) else []


# the thing "which / what" asks for, up to three words before the auxiliary ("Which *rowing
# regatta* did ...")
_WHICH_THING = re.compile(r"^\s*(?:which|what)\s+((?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:did|does|"
                          r"do|is|was|are|were|has|have|had|will|would)\b", re.IGNORECASE)


def one_named(run: list[int], toks: Sequence[Token], question: str) -> list[str]:
    """"The *Millbrook* one" for "Which regatta ...?": "one" after a run stands for the
    noun the question asks for, so the run names which - said with that noun ("Millbrook
    regatta"); empty when "one" does not follow the run right after a definite
    determiner ("a *better* one" says no which; "*not* the red one" says which not), or the
    question asks for no thing (family ph_one). "What kind / type / sort of X" asks for an X."""
    after, before = run[-1] + 1, run[0] - 1
    asked = _WHICH_THING.match(question)
    if asked is None or after >= len(toks) or toks[after].text.lower() != "one" or \
            before < 0 or toks[before].text.lower() not in ("the", "that", "this") or \
            (after + 1 < len(toks) and toks[after + 1].text.lower() == "of") or \
            (before > 0 and toks[before - 1].text.lower() == "not"):  # "one of", "not the"
        return []
    thing = asked.group(1).split()
    if len(thing) > 2 and thing[0].lower() in _SORTS and thing[1].lower() == "of":
        thing = thing[2:]  # "What kind of dog ...?" - "The scruffy one": a scruffy dog
    return [*(toks[i].text for i in run), *thing]


_SORTS = frozenset({"kind", "type", "sort"})


def titles_at(toks: Sequence[Token], head: str | None, names: set[str]) -> frozenset[int]:
    """Where the sentence's title words stand (reader.phrases, family titled: "Which novel
    ..." - "*Middlemarch*"): capitalised, opening no sentence, not "I", not
    a person the question names, and not right before the head noun ("a *Welsh* song", "an
    *Italian* restaurant" describe it)."""
    return frozenset(i for i in range(len(toks)) if named_at(toks, i) and
                     toks[i].text not in _I and toks[i].lemma not in names and
                     not (i + 1 < len(toks) and toks[i + 1].lemma == head))


def title_of(run: list[int], toks: Sequence[Token], titles: frozenset[int]) -> list[int]:
    """The run's first title: title words one after another, joined by "and" / "of" / "the" /
    "&" before another ("Pride and Prejudice"); empty when the run holds none."""
    start = next((i for i in run if i in titles), None)
    if start is None:
        return []
    title = [start]
    while True:
        at = title[-1] + 1
        if at in titles and at in run:
            title.append(at)
        elif at + 1 in titles and at + 1 in run and toks[at].text.lower() in _NAME_JOINS:
            title += [at, at + 1]
        else:
            return title


def named_at(toks: Sequence[Token], i: int) -> bool:
    """A capitalised word not opening the sentence: a name."""
    return i > 0 and toks[i].text[:1].isupper() and toks[i - 1].text not in ".!?"
