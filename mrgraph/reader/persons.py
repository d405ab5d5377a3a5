"""Who a phrase names: a "who" answer is a person (reader.phrases, family who_person).

A word of a run names a person when it is
  a name     capitalised, not opening the sentence, not a word of a date the sentence names
             ("*Boxing* Day", "*Easter* Monday"), not a place's name: one whose last word is
             a place noun ("Quarry *Lane*", "Kestrel *Bay*");
  a relation "my *aunt*", "our *kids*" (reader.words.RELATIONS), "people";
  a person   a lowercase noun whose first WordNet sense is a person or a social group ("my
             *godmother*", "a *locksmith*", "the *orchestra*", "a local *charity*").
A run placed by a preposition of place ("to *Valencia*", "at *Tolvern*": reader.places) names
a place, not a person, unless possessive ("at my *cousin's* wedding"); "from" is no such
preposition here ("a card *from Marit*"). Of a run "X and Y", the answer keeps the items
naming a person ("a fruit salad and *Ravi*"), each from its first person word, with the words
describing it before it ("a *local charity*", not "*visiting* my nieces"), to its last ("my
*uncle Anselm* showed").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.places import before_determiners, placed
from mrgraph.reader.tokens import Token, verb_like
from mrgraph.reader.words import RELATIONS, dates_named, is_function_word, lemma
from mrgraph.text import words

RELATION_LEMMAS = frozenset(lemma(w) for w in RELATIONS)  # "my *daughter's*", "our *cousins*"
_PERSON_WORDS = RELATION_LEMMAS | {lemma("people")}
# the first-sense hypernyms that make a noun a place ("street", "bay", "garage", "park")
_PLACE_KINDS = ("location", "structure", "way", "body_of_water", "geological_formation")
_PERSON_KINDS = ("person", "social_group")
_JOINS = frozenset({"and", "or", ","})


@lru_cache(maxsize=20_000)
def _first_sense_under(word: str, kinds: tuple[str, ...]) -> bool:
    """The first noun sense of `word` is (below) a sense of one of `kinds` (any: "way" is a
    manner first, a road after)."""
    found = lexicon()
    senses = found.offsets(found.base(word.lower(), "noun"), "noun")
    if not senses:
        return False
    above = found.hypernyms(senses[0]) | {senses[0]}
    return any(sense in above for k in kinds for sense in found.offsets(k, "noun"))


def _date_word(toks: Sequence[Token], i: int) -> bool:
    """A word of a date the sentence names ("Boxing Day", "Easter Monday", "June")."""
    word = toks[i].text.lower().replace("’", "'")
    return word in _dated_words(" ".join(t.text for t in toks))


@lru_cache(maxsize=4096)
def _dated_words(text: str) -> frozenset[str]:
    """The words of the dates `text` names, lowercased: looked up once a sentence."""
    return frozenset(w for d in dates_named(text) for w in d.lower().split())


def _name_at(toks: Sequence[Token], i: int) -> bool:
    """A capitalised word not opening the sentence, no date's word, and no place's name
    (a name of two words or more whose last is a place noun: "Quarry Lane"; "Glen" alone
    is a person)."""
    if not capital_at(toks, i):
        return False
    start, end = i, i
    while start > 0 and toks[start - 1].text[:1].isupper():
        start -= 1
    while end + 1 < len(toks) and toks[end + 1].text[:1].isupper():
        end += 1
    return end == start or not _first_sense_under(toks[end].text, _PLACE_KINDS)


def capital_at(toks: Sequence[Token], i: int) -> bool:
    """A capitalised word not opening the sentence, and no date's word: a name's candidate (a
    person, a place, a pet, a song... or "I", which callers that want a name leave out)."""
    return i > 0 and toks[i].text[:1].isupper() and toks[i - 1].text not in ".!?" and \
        not _date_word(toks, i)


def person_at(toks: Sequence[Token], i: int) -> bool:
    """The word at `i` names a person (see the module docstring)."""
    return named_at(toks, i) or \
        (toks[i].text.islower() and _first_sense_under(toks[i].text, _PERSON_KINDS))


def named_at(toks: Sequence[Token], i: int) -> bool:
    """The word at `i` is a person's name or a relation ("my *aunt*"): the words a "who"
    answer is said with more often than a noun WordNet files under persons ("a *locksmith*")."""
    return _name_at(toks, i) or toks[i].lemma in _PERSON_WORDS


def _from(run: list[int], toks: Sequence[Token]) -> bool:
    """The run follows "from", past its determiners: a source, a person as well as a place."""
    at = before_determiners(run, toks)
    return at >= 0 and toks[at].text.lower() == "from"


def _items(run: list[int], toks: Sequence[Token]) -> list[list[int]]:
    """The run cut at "and" / "or" / commas: its items."""
    found: list[list[int]] = [[]]
    for i in run:
        if toks[i].text.lower() in _JOINS:
            found.append([])
        else:
            found[-1].append(i)
    return [item for item in found if item]


def persons(run: list[int], toks: Sequence[Token]) -> list[str] | None:
    """The words of `run` that name persons: each item naming one, from its first person word
    to its last ("a fruit salad and *Ravi*", "my *uncle Anselm* showed"), joined as said; None
    when no item does or the run is placed ("to Valencia")."""
    items = _items(run, toks)
    kept: list[list[int]] = []
    for at, item in enumerate(items):
        if at == 0 and placed(item, toks) and not _from(item, toks) and \
                not toks[item[-1]].text.lower().endswith(("'s", "’s")):
            continue  # "flew to *Valencia*": a place; "at my *cousin's*" names a person
        named = [k for k, i in enumerate(item) if person_at(toks, i)]
        if named:
            first = named[0]  # with the words describing it: "a *local* charity"
            while first > 0 and not is_function_word(toks[item[first - 1]].text) and \
                    not verb_like(toks[item[first - 1]].text):
                first -= 1
            kept.append(item[first:named[-1] + 1])
    if not kept:
        return None
    if len(kept) == len(items):  # every item a person: as said, "Marit and two neighbours"
        return [t.text for t in toks[kept[0][0]:kept[-1][-1] + 1]]
    said = [" ".join(toks[i].text for i in item) for item in kept]
    return " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said).split()


def names_in(toks: Sequence[Token], unsaid: set[str]) -> list[str]:
    """The names a sentence says, in order (a list of names asked for: reader.lists): each run
    of capitalised words that is a name (`_a_name`), or opens the sentence joined by "and",
    "or" or a comma to one ("*Tansy* and Rue!": what "and" joins is alike); without a
    possessive's "'s", and none that is a relation ("Mom", "Grandma"), a date's word, a shout
    ("WE WON") or holds a word of `unsaid` (lowercased words: the speakers', the question's)."""
    found: list[str] = []
    i = 0
    while i < len(toks):
        if not (toks[i].word and toks[i].text[:1].isupper()):
            i += 1
            continue
        end = i
        while end + 1 < len(toks) and toks[end + 1].word and toks[end + 1].text[:1].isupper():
            end += 1
        said = [toks[k].text.removesuffix("'s").removesuffix("’s") for k in range(i, end + 1)]
        if _a_name(toks, i, end, said, unsaid) and \
                (capital_at(toks, i) or _joined_to_name(toks, i, end)):
            found.append(" ".join(said))
        i = end + 1
    return list(dict.fromkeys(found))


def _a_name(toks: Sequence[Token], start: int, end: int, said: list[str],
            unsaid: set[str]) -> bool:
    """A run of capitalised words that can be a name asked for: not a shout, not "I", not
    function words alone, not a relation ("Mom"), nor a date's word, and none of `unsaid`."""
    shout = len(said) > 1 and all(w.isupper() for w in said)  # "SO PROUD OF YOU"
    held = {w for s in said for w in words(s)}
    return not shout and said != ["I"] and not all(map(is_function_word, said)) and \
        not held & unsaid and not any(lemma(w.lower()) in RELATION_LEMMAS for w in said) and \
        not any(_date_word(toks, k) for k in range(start, end + 1))


def _joined_to_name(toks: Sequence[Token], start: int, end: int) -> bool:
    """A run opening its sentence that "and", "or" or a comma joins to a name (not "I"):
    "*Tansy* and Rue"."""
    opens = start == 0 or toks[start - 1].text in ".!?"
    after = end + 2
    return opens and after < len(toks) and toks[end + 1].text.lower() in _JOINS and \
        capital_at(toks, after) and toks[after].text != "I"
