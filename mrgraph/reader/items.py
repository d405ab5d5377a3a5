"""Which phrases may stand as one item of a list answer ("What activities has X done?"): a
thing, not a fragment that says something of it. A phrase is no item when it is

  shouted      two words or more in capitals ("SO HAPPY NOW": an exclamation, its words are
               the sentence's, not a thing's name);
  a time       only words of time, numbers and their positions ("end of February", "July",
               "nearly ten");
  a predicate  its last word names no thing: WordNet knows it only as a verb, an adverb or
               an adjective ("ate", "away", "together"), or as a verb in VERB_SENSES times as
               many senses as a noun ("think"); an -ing form ("camping" is an activity; not
               "rewarding", an adjective only), a capitalised word (a name) and a word WordNet
               does not know ("parkrun") may end an item.
An item of a verb's past form and its object is the object ("joined a rowing club" ->
"rowing club": `thing_of`; not an -ing form, which names an activity itself: "playing
my cello").
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.words import (CALENDAR, DETERMINERS, IRREGULAR, NUMBERS, base_verb,
                                  is_function_word, mostly_verb)
from mrgraph.text import words

VERB_SENSES = 4  # a word this many times more often a verb than a noun ends no item
_CALENDAR = CALENDAR | frozenset(m.lower() for m in calendar.month_abbr[1:])
# where in a span of time: "the *end* of February", "*early* July"
_POSITIONS = frozenset({"end", "start", "beginning", "middle", "mid", "early", "late",
                        "nearly", "almost", "about", "around", "first", "second", "third"})
_AND = re.compile(r"\s+and\s+")  # "X and Y"
# a list phrase's commas too, with a serial comma's "and" / "or" ("A, B, and C"); not a
# thousands separator ("£1,200")
_LISTED = re.compile(r"\s*(?:(?<!\d),|,(?!\d))\s*(?:(?:and|or)\s+)?|\s+and\s+")


def things(phrase: str, on: Callable[[str], bool]) -> list[str]:
    """The items one phrase of a list gives, by the rule families `on` (reader.question.
    Question.on) leaves on: "X and Y" two ("item_split"; LoCoMo drops "and" and commas from
    an answer, so this changes only how a multi-hop answer's items match), a verb's object
    (`thing_of`, "item_object"); a list's commas part it too with "ph_serial", which makes
    such lists (reader.phrases)."""
    parts = split_and(phrase, on("ph_serial")) if on("item_split") else [phrase]
    return [thing_of(p) for p in parts] if on("item_object") else parts


def split_and(phrase: str, serial: bool = True) -> list[str]:
    """The things "X and Y" joins: "Pip and Moss" -> ["Pip", "Moss"]; with `serial` (family
    ph_serial), so too a list's commas: "Pip, Moss, and Rue" -> ["Pip", "Moss", "Rue"] (a
    phrase holds a comma only as a list: reader.phrases), not a number's ("1,200 tulips")."""
    return [p for p in (_LISTED if serial else _AND).split(phrase) if p]


def thing_of(phrase: str) -> str:
    """The thing a phrase opening with a verb's past form and its object names: the object,
    past its determiners ("joined a rowing club" -> "rowing club", "took my
    nephews" -> "nephews"); the phrase as it is otherwise ("went camping", "bake bread", "playing
    my cello", "started harp lessons": without a determiner the next word may be a verb's)."""
    said = phrase.split()
    if len(said) < 3 or not _done(said[0]) or said[1].lower() not in DETERMINERS:
        return phrase
    rest = said[1:]
    while rest and rest[0].lower() in DETERMINERS:
        rest = rest[1:]
    return " ".join(rest) if rest else phrase


def _done(word: str) -> bool:
    """A verb's past form ("joined", "took"), mostly a verb by WordNet."""
    lowered = word.lower()
    inflected = lowered in IRREGULAR or lowered.endswith("ed")
    return inflected and not base_verb(lowered) and mostly_verb(lowered)


def is_item(phrase: str) -> bool:
    """Whether `phrase` may be one item of a list answer (see the module docstring)."""
    said = phrase.split()
    if not said or (len(said) > 1 and phrase.isupper()):
        return False
    return not _a_time(phrase) and _names_a_thing(said[-1])


def _a_time(phrase: str) -> bool:
    """Only words of time: calendar words, numbers and where in a span they stand."""
    content = [w for w in words(phrase) if w not in _POSITIONS and
               (not is_function_word(w) or w in _CALENDAR)]
    return all(w in _CALENDAR or w in NUMBERS or w.isdigit() or _ordinal(w) for w in content)


def _ordinal(word: str) -> bool:
    return word[:-2].isdigit() and word[-2:] in ("st", "nd", "rd", "th")


def _names_a_thing(word: str) -> bool:
    """The last word of an item: a name, a noun, an -ing form, a word WordNet does not know;
    not a word it knows only as a verb, an adverb or an adjective ("ate", "away"), or as a
    verb in VERB_SENSES times as many senses as a noun ("think"; not "help", "concert")."""
    lowered, found = word.lower().strip("'’"), lexicon()
    if word[:1].isupper() or word[:1].isdigit():
        return True
    if lowered.endswith("ing"):  # a gerund ("camping"), not an adjective ("rewarding")
        return bool(found.offsets(lowered, "noun")) or not found.offsets(lowered, "adj")
    # "bowls" is a noun of its own (the game): its singular's senses count too
    nouns = max(len(found.offsets(w, "noun")) for w in (lowered, found.base(lowered, "noun"),
                                                         lowered.removesuffix("s")))
    verbs = len(found.offsets(found.base(lowered, "verb"), "verb"))
    if nouns:
        return verbs < VERB_SENSES * nouns
    return not (verbs or found.offsets(lowered, "adv") or found.offsets(lowered, "adj"))
