"""A text naming a kind of what the question asks about: English names one thing at different
levels of generality, and a question often asks by the general word while the speaker said the
specific one ("When did her *friend* move?" - "A *pal* of mine moved last spring"; "What
*injuries* did they have?" - "It's a bad *bruise*"; "How does she describe the *feeling*?" -
"the *joy* it brings"). A content noun of the question the sentence does not hold literally
counts as held, at KIND_FIT of its weight, when a noun of the sentence is a kind of it: WordNet
files the question noun's sense among the sentence noun's hypernyms.
Two users, hence below both: the reader's sentence score (family fit_kind, reader.evidence.
content_share) and the heuristic walk's choice of the episodes its final read reads (by their
summaries: policies.base.State.kind_fit).

  asked     a noun of the question: WordNet knows it mostly as a noun, and not mostly as a
            verb unless a determiner, possessive or preposition precedes it ("a *show*"); not
            the question's verb ("did she *run*"), not capitalised after the first word (a
            name: WordNet's senses of "Jordan" or "Max" are a country's or an emperor's); in
            its first sense, the most frequent: the sense a question asks by a bare noun; not
            a very general noun: a sense fewer than MIN_DEPTH hypernym steps below WordNet's
            root ("person", "event", "group", "part", "object"), or one of `_GENERAL`, deeper
            but naming nearly anything said ("thing", "activity", "place", "experience") or the
            time a "when" question asks for rather than the event ("day", "week", "year");
  said      a lowercase noun of the sentence (no name: "Hunt" or "Max" name a person, not a
            kind), by the same noun test, in its first sense: the speaker's word in its usual
            meaning;
  fits      the asked sense is among the hypernyms of a said sense, only downwards: "a
            marathon" tells of "a race"; "a race" does not tell of "a marathon" (the question
            asks for more than the sentence says), nor does a synonym count (kinds, not words).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
from mrgraph.text import DETERMINERS, PREPOSITIONS, STOPWORDS, stem, words

# of the question noun's weight: a kind of it says a little less than the word itself (0.7-1.0
# measured alike on dev and invented but for one adversarial question, gained from 0.9)
KIND_FIT = 0.9
MIN_DEPTH = 4  # WordNet's top: entity, object, whole (2), person, event, group, part (3)
# deeper nouns that name nearly anything said in a conversation, or a time ("when" questions
# ask for the time, and the event is not a kind of it)
_GENERAL = frozenset("""thing stuff activity time place way kind sort type day week month year
                     moment occasion experience situation one man woman guy""".split())
_NOUN_PREPOSITIONS = PREPOSITIONS - {"to"}  # "to" comes before a verb too: "to *see*"
_CAPITALISED = re.compile(r"\b[A-Z]\w*")
_WORD = re.compile(r"\b[A-Za-z][a-z-]*\b")


@lru_cache(maxsize=20_000)
def depth(offset: int) -> int:
    """Hypernym steps from the noun synset `offset` up to a root, by the shortest chain."""
    found, level, seen = 0, [offset], {offset}
    while level and all(lexicon().above(o) for o in level):
        level = [up for o in level for up in lexicon().above(o) if up not in seen]
        seen.update(level)
        found += 1
    return found


@lru_cache(maxsize=50_000)
def _noun(word: str, before: str) -> bool:
    """A word that may be a noun here: WordNet knows it mostly as a noun and not mostly as a
    verb, unless a determiner, possessive or preposition comes before it ("a *show*")."""
    found = lexicon()
    return found.mostly_noun(found.base(word, "noun")) and \
        (not found.mostly_verb(word) or before in DETERMINERS or before in _NOUN_PREPOSITIONS)


def _first_sense(word: str) -> int | None:
    senses = lexicon().offsets(lexicon().base(word, "noun"), "noun")
    return senses[0] if senses else None


@lru_cache(maxsize=5_000)
def asked_nouns(question: str, verb: str | None = None) -> Mapping[str, int]:
    """Search token of each noun of `question` (see the module docstring) -> its first
    WordNet sense."""
    names = {w.lower() for w in _CAPITALISED.findall(question.strip().partition(" ")[2])}
    said = words(question)
    found: dict[str, int] = {}
    for at, word in enumerate(said):
        if word in STOPWORDS or word in names or word == verb or \
                lexicon().base(word, "noun") in _GENERAL or \
                not _noun(word, said[at - 1] if at else ""):
            continue
        sense = _first_sense(word)
        if sense is not None and depth(sense) >= MIN_DEPTH:
            found[stem(word)] = sense
    return found


@lru_cache(maxsize=50_000)
def said_kinds(sentence: str) -> frozenset[int]:
    """Every hypernym of the first sense of each lowercase noun of `sentence`."""
    said = _WORD.findall(sentence)
    found: set[int] = set()
    for at, word in enumerate(said):
        if word.islower() and word not in STOPWORDS and len(word) > 2 and \
                _noun(word, said[at - 1].lower() if at else ""):
            sense = _first_sense(word)
            if sense is not None:
                found |= lexicon().hypernyms(sense)
    return frozenset(found)


def kind_held(weights: Mapping[str, float], held: frozenset[str], question: str,
              verb: str | None, sentence: str) -> float:
    """KIND_FIT times the weight (`weights`: the question's tokens) of the question's nouns
    `sentence` does not hold (`held`: its tokens) but names a kind of."""
    nouns = asked_nouns(question, verb)
    missing = [(t, w) for t, w in weights.items() if t not in held and t in nouns]
    if not missing:
        return 0.0
    kinds = said_kinds(sentence)
    return KIND_FIT * sum(w for t, w in missing if nouns[t] in kinds)
