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
An item of a verb's past form and its object is the object ("joined a mentorship program" ->
"mentorship program": `thing_of`; not an -ing form, which names an activity itself: "playing
my violin"); a bare plural object or one past "me" / "us" counts too ("got tomato seedlings",
"gave me some plants"), and a leading ordinal goes ("first strawberries": `unranked`; family
item_trim); a measure of a thing is the thing ("six jars of chutney" -> "chutney": `measured`);
a clause gives its subject and its object ("the town held a lantern festival" -> "town",
"lantern festival": `clause_parts`, family item_clause).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.words import (CALENDAR, DETERMINERS, IRREGULAR, NUMBERS, OBJECT_PRONOUNS,
                                  TIME_WORDS, base_verb, is_function_word, mostly_verb, noun_like)
from mrgraph.text import words

VERB_SENSES = 4  # a word this many times more often a verb than a noun ends no item
_CALENDAR = CALENDAR | frozenset(m.lower() for m in calendar.month_abbr[1:])
# where in a span of time: "the *end* of February", "*early* July"
_POSITIONS = frozenset({"end", "start", "beginning", "middle", "mid", "early", "late",
                        "nearly", "almost", "about", "around", "first", "second", "third"})
# words that measure a thing ("a *lot* of", "six *jars* of"), not name it
_MEASURES = frozenset("""lot lots bit bits plenty lump lumps couple bunch bunches jar jars cup cups
                      bag bags box boxes pair pairs slice slices handful handfuls load loads
                      ton tons dozen dozens bottle bottles tin tins pile piles""".split())
_ORDINALS = frozenset({"first", "second", "third", "fourth", "fifth"})
_AND = re.compile(r"\s+and\s+")  # "X and Y"
# a list phrase's commas too, with a serial comma's "and" / "or" ("A, B, and C"); not a
# thousands separator ("£1,200")
_LISTED = re.compile(r"\s*(?:(?<!\d),|,(?!\d))\s*(?:(?:and|or)\s+)?|\s+and\s+")
# an ordinal before these tells the rank or the occasion: "first *place* trophy", "second
# *edition*", "third *anniversary*"
_RANKED = frozenset("place edition prize anniversary birthday round half class".split())
# "a box of *mine*": a possessive pronoun names no thing of its own
_POSSESSIVES = frozenset("mine yours his hers ours theirs".split())
# words of time: "took *ages*" names no thing taken; "first *date*" is an occasion
_SPANS = TIME_WORDS | _CALENDAR | frozenset("ages hours minutes seconds decades date".split())


def things(phrase: str, on: Callable[[str], bool]) -> list[str]:
    """The items one phrase of a list gives, by the rule families `on` (reader.question.
    Question.on) leaves on: "X and Y" two ("item_split"; LoCoMo drops "and" and commas from
    an answer, so this changes only how a multi-hop answer's items match), a verb's object
    (`thing_of`, "item_object"); a list's commas part it too with "ph_serial", which makes
    such lists (reader.phrases)."""
    parts = split_and(phrase, on("ph_serial")) if on("item_split") else [phrase]
    if on("item_clause"):
        parts = [c for p in parts for c in clause_parts(p)]
    parts = [thing_of(p, on("item_trim")) for p in parts] if on("item_object") else parts
    parts = [unranked(p) for p in parts] if on("item_trim") else parts
    return [measured(p) for p in parts] if on("item_measure") else parts


def split_and(phrase: str, serial: bool = True) -> list[str]:
    """The things "X and Y" joins: "Pip and Moss" -> ["Pip", "Moss"]; with `serial` (family
    ph_serial), so too a list's commas: "Pip, Moss, and Rue" -> ["Pip", "Moss", "Rue"] (a
    phrase holds a comma only as a list: reader.phrases), not a number's ("1,200 tulips")."""
    return [p for p in (_LISTED if serial else _AND).split(phrase) if p]


def thing_of(phrase: str, trim: bool = False) -> str:
    """The thing a phrase opening with a verb's past form and its object names: the object,
    past its determiners ("joined a mentorship program" -> "mentorship program", "took my
    kids" -> "kids"); the phrase as it is otherwise ("went camping", "plan events", "playing
    my violin", "started drum lessons": without a determiner the next word may be a verb's);
    with `trim`, also an object of nouns ending in a plural one ("started drum lessons" ->
    "drum lessons", `_bare_plural`) and one after an object pronoun ("gave me some plants")."""
    said = phrase.split()
    if len(said) < (2 if trim else 3) or not _done(said[0]):
        return phrase
    if trim and len(said) > 2 and said[1].lower() in OBJECT_PRONOUNS and \
            said[2].lower() in DETERMINERS:
        said = said[:1] + said[2:]  # "gave me some plants": what was given
    if said[1].lower() not in DETERMINERS and not (trim and _bare_plural(said[1:])):
        return phrase
    rest = said[1:]
    while rest and rest[0].lower() in DETERMINERS:
        rest = rest[1:]
    return " ".join(rest) if rest else phrase


def _bare_plural(rest: list[str]) -> bool:
    """An object without a determiner: nouns ending in a plural noun ("tomato seedlings",
    "drum lessons"), none of them mostly a verb's form; not a span of time ("took ages")."""
    last = rest[-1].lower()
    return len(last) > 3 and last.endswith("s") and not last.endswith("ss") and \
        last not in _SPANS and \
        all(noun_like(w.lower()) and not mostly_verb(w.lower()) for w in rest)


def unranked(phrase: str) -> str:
    """Without a leading ordinal: "first strawberries" -> "strawberries" (the first of the
    things is still the thing); not when the ordinal is part of a name: WordNet knows it and
    the next word as one ("first aid kit", "second hand bike"), or the next word is
    capitalised ("Second City"); nor before a word of time or of rank, where it tells which
    occasion or place ("first date", "second week", "first place trophy": `_RANKED`)."""
    said = phrase.split()
    if len(said) < 2 or said[0].lower() not in _ORDINALS or said[1][:1].isupper() or \
            said[1].lower() in _SPANS or said[1].lower() in _RANKED:
        return phrase
    joined = f"{said[0].lower()}_{said[1].lower()}"
    if any(lexicon().offsets(joined, pos) for pos in ("noun", "adj", "adv")):
        return phrase
    return " ".join(said[1:])


def measured(phrase: str) -> str:
    """The thing a measure of it names: "six jars of chutney" -> "chutney", "a bit of luck"
    -> "luck", "plenty of beach pics" -> "beach pics" (how much is said of the thing, after
    "of"); the phrase without a measure word before "of", or when only a function word
    follows ("a lot of them": a pronoun names no thing of its own)."""
    said = phrase.split()
    at = next((i for i, w in enumerate(said[:4]) if w.lower() == "of"), None)
    if at is None or at == 0 or at + 1 >= len(said) or said[at - 1].lower() not in _MEASURES or \
            not all(w.lower() in DETERMINERS or w.lower() in NUMBERS or w.isdigit()
                    for w in said[:at - 1]):
        return phrase
    rest = said[at + 1:]
    while len(rest) > 1 and rest[0].lower() in DETERMINERS:
        rest = rest[1:]
    return phrase if all(is_function_word(w) or w.lower() in _POSSESSIVES for w in rest) \
        else " ".join(rest)


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


def called_out(phrase: str, speakers: frozenset[str] = frozenset()) -> bool:
    """A one-word phrase that names no thing though capitalised: a speaker's name or the
    start of one ("Thanks, *Tomasz*!", "*Ade*": the vocative names the one spoken to), or a
    word opening its sentence that WordNet knows but not mostly as a noun - an interjection,
    an adverb, an imperative ("*Seriously*?", "*Bless* them.", "*Maybe*"), not a gerund
    ("*Hiking*") - or a function word ("*That's* ..."). Family item_called."""
    said = phrase.split()
    if len(said) != 1 or not said[0][:1].isupper():
        return False
    # a contraction's first word: "That's", "You'll"
    lowered = re.sub(r"['’](?:s|ll|re|ve|d|m)$", "", said[0].lower()).strip("'’!?.,")
    if len(lowered) >= 3 and any(s.startswith(lowered) for s in speakers):
        return True
    if is_function_word(lowered):
        return True
    if lowered.endswith("ing"):  # "*Hiking*": a gerund names an activity
        return False
    found = lexicon()
    nouns = len(found.offsets(found.base(lowered, "noun"), "noun"))
    known = nouns or found.offsets(found.base(lowered, "verb"), "verb") or \
        any(found.offsets(lowered, pos) for pos in ("adj", "adv"))
    return bool(known) and not (nouns and noun_like(lowered))


def clause_parts(phrase: str) -> list[str]:
    """A clause's subject and its object, two items: "town held a lantern festival" -> "town",
    "held a lantern festival" (then `thing_of` keeps the festival), "chess club won the cup"
    -> "chess club", "won the cup": a subject of one or two words, then a verb's past form
    and a determiner (or "me" / "us" and one) - each may be the thing asked for; the phrase
    as it is otherwise (family item_clause)."""
    said = phrase.split()
    for i in (1, 2):
        if len(said) > i + 2 and _done(said[i]) and not _done(said[0]) and \
                (said[i + 1].lower() in DETERMINERS or
                 (said[i + 1].lower() in OBJECT_PRONOUNS and said[i + 2].lower() in DETERMINERS)):
            return [" ".join(said[:i]), " ".join(said[i:])]
    return [phrase]
