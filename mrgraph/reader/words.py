"""Closed word classes of English and the word identity the reader matches with.

`lemma` is where a lemma table plugs in: today stems (mrgraph.text) plus the irregular
verbs, so "bought" answers "buy" and "made" answers "make".
"""

from __future__ import annotations

import calendar
import re
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
# determiners and prepositions live in mrgraph.text (mrgraph.kind_fit, below the reader, uses them)
from mrgraph.text import DETERMINERS as DETERMINERS
from mrgraph.text import PREPOSITIONS as PREPOSITIONS
from mrgraph.text import stem

SUBJECTS = frozenset("""i you he she we they it i'm you're he's she's we're they're it's i've
                     we've you've they've i'd we'd i'll we'll there there's here""".split())
CLAUSE = frozenset("""that which who whom whose because since so but when while if though
                   although where whereas unless or then plus""".split())
AUXILIARIES = frozenset("""am is are was were be been being have has had do does did will would
                        can could should might must may shall don't didn't can't won't isn't
                        wasn't haven't hasn't""".split())
FILLERS = frozenset("""really just also even finally actually recently already always still
                    totally definitely very so super pretty quite lately now again too ever
                    currently usually mostly often sometimes literally honestly yeah oh wow
                    well hey hi um lot lots kind sort bit awesome amazing congrats congratulations
                    thanks thank btw sorry oops cool nice haha lol omg glad happy excited
                    proud sure okay ok right exactly totally absolutely great good nice fun special
                    wonderful fantastic incredible""".split())
TIME_WORDS = frozenset("""ago while last next week weeks weekend weekends yesterday today tonight
                      tomorrow month months year years day days night nights morning afternoon
                      evening soon later earlier monday tuesday wednesday thursday friday
                      saturday sunday mon tue wed thu fri sat sun past recent few couple
                      other time times once twice""".split())
# the names of the months and the days, lowercase ("may" too: callers that meet the verb say so)
MONTHS = tuple(m.lower() for m in calendar.month_name[1:])
WEEKDAYS = tuple(d.lower() for d in calendar.day_name)
CALENDAR = frozenset((*MONTHS, *WEEKDAYS))
# days of the year named for what happens on them ("Christmas 2024", "on New Year's Eve")
FEASTS = ("christmas", "christmas eve", "christmas day", "thanksgiving", "easter", "halloween",
          "new year's", "new years", "new year's eve", "new year's day", "new year",
          "valentine's day", "hanukkah", "diwali", "passover", "ramadan")
# a date a text names: a month, capitalised ("march", "may" are verbs), a weekday, a year, a
# feast, a weekend
_DATE = re.compile(rf"\b(?:{'|'.join(m.capitalize() for m in MONTHS)})\b|"
                   rf"(?i:\b(?:{'|'.join(WEEKDAYS)}|weekends?|"
                   rf"{'|'.join(sorted(FEASTS, key=len, reverse=True))})(?!\w))|"
                   r"\b(?:19|20)\d\d\b")


def dates_named(text: str) -> list[str]:
    """The dates `text` names by a word ("June", "Friday", "2023", "Christmas", "New Year's
    Day", "weekend"); not the verb "march" nor "may"."""
    return [m.group(0) for m in _DATE.finditer(text.replace("’", "'"))]


NEGATIONS = frozenset("""not no never n't nothing none nobody neither nor don't didn't doesn't
                      can't cannot won't isn't wasn't aren't weren't haven't hasn't hadn't
                      couldn't wouldn't shouldn't""".split())
POSSESSIVES = frozenset({"my", "your", "his", "her", "its", "our", "their"})  # determiners
BE = frozenset("am is are was were be been being".split())
# a person as a verb's object: "asked *me* to", "gave *us* some plants"
OBJECT_PRONOUNS = frozenset({"me", "us", "him", "her", "them", "you"})
# what is only wished, planned or would be: not a person's doing ("I should read it", "I'd love
# to see it")
NOT_DONE = frozenset({"should", "could", "would", "might", "will", "ll", "d", "wish", "hope",
                      "want", "plan"})
RELATIONS = frozenset("""mom mother dad father parents parent aunt uncle cousin sister brother
                      sibling grandma grandmother grandpa grandfather grandparents friend
                      friends husband wife partner boyfriend girlfriend son daughter kids kid
                      children child family neighbor neighbour boss coworker colleague mentor
                      teacher coach doctor therapist""".split())
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2,
           "once": 1, "a couple": 2, "both": 2, "a few": 3, "several": 3}
# a count in words, one word (4 -> "four"; "once", "both", "several" count no total)
CARDINALS = {n: w for w, n in NUMBERS.items() if " " not in w and
             w not in ("twice", "once", "both", "several")}

MAX_KIND = 2000  # members of the broadest kind that still says what is asked for

IRREGULAR = {
    "went": "go", "gone": "go", "made": "make", "bought": "buy", "took": "take",
    "taken": "take", "saw": "see", "seen": "see", "got": "get", "gotten": "get", "gave": "give",
    "given": "give", "did": "do", "done": "do", "had": "have", "found": "find", "ran": "run",
    "met": "meet", "won": "win", "wrote": "write", "written": "write", "taught": "teach",
    "thought": "think", "felt": "feel", "left": "leave", "brought": "bring", "began": "begin",
    "begun": "begin", "grew": "grow", "grown": "grow", "sold": "sell", "told": "tell",
    "built": "build", "kept": "keep", "lost": "lose", "caught": "catch", "ate": "eat",
    "eaten": "eat", "drew": "draw", "drawn": "draw", "sang": "sing", "sung": "sing",
    "swam": "swim", "flew": "fly", "flown": "fly", "rode": "ride", "ridden": "ride",
    "chose": "choose", "chosen": "choose", "wore": "wear", "worn": "wear", "spoke": "speak",
    "broke": "break", "broken": "break", "heard": "hear", "sent": "send", "spent": "spend",
    "held": "hold", "stood": "stand", "sat": "sit", "paid": "pay", "said": "say",
    "knew": "know", "known": "know", "became": "become", "came": "come", "fell": "fall",
    "fallen": "fall", "led": "lead", "read": "read", "drove": "drive", "driven": "drive",
    "threw": "throw", "thrown": "throw", "understood": "understand", "woke": "wake",
    "forgot": "forget", "forgotten": "forget", "hurt": "hurt", "put": "put", "set": "set",
    "cut": "cut", "let": "let", "shut": "shut", "quit": "quit", "dealt": "deal",
    "meant": "mean", "slept": "sleep", "fought": "fight", "sought": "seek", "won't": "will",
    "children": "child", "people": "person", "men": "man", "women": "woman",
}


@lru_cache(maxsize=100_000)
def lemma(word: str) -> str:
    """The base form as a stem: irregular forms first, then the Porter stem."""
    lowered = word.lower().strip("'’+")  # "Plus+" and "dogs'" match "plus", "dogs"
    if lowered.endswith(("'s", "’s")) and len(lowered) > 3:
        lowered = lowered[:-2]  # "name's Pip": the question's "name"
    return stem(IRREGULAR.get(lowered, lowered))


def is_function_word(word: str) -> bool:
    lowered = word.lower()
    return lowered in DETERMINERS or lowered in PREPOSITIONS or lowered in TIME_WORDS or lowered in SUBJECTS or \
        lowered in CLAUSE or lowered in AUXILIARIES or lowered in FILLERS or \
        lowered in {"and", "me", "him", "us", "them", "myself", "yourself", "what", "how",
                    "not", "no", "yes", "to", "some", "something", "anything", "everything",
                    "stuff", "things", "thing", "lot", "bunch", "all", "more", "most",
                    "much", "many", "other", "others", "own", "one", "ones", "way", "ways"}


@lru_cache(maxsize=1_000)
def kind_of(noun: str) -> frozenset[str]:
    """The one-word things of the kind a noun names (WordNet, mrgraph.lexicon): "instruments"
    -> violin, clarinet...; empty for a word that names no kind."""
    words_ = lexicon()
    found = words_.members(words_.base(noun.lower(), "noun"))
    # a kind as broad as "activity" or "event" holds most nouns: it tells nothing
    return frozenset(found) if len(found) <= MAX_KIND else frozenset()


def is_kind(word: str, kind: frozenset[str]) -> bool:
    """Whether `word` (any inflection) is one of `kind` ("violins" of instruments)."""
    lowered = word.lower()
    return bool(kind) and (lowered in kind or lexicon().base(lowered, "noun") in kind)


@lru_cache(maxsize=50_000)
def base_verb(word: str) -> bool:
    """`word` is a verb's base form by WordNet ("sing", "need"; not "met", "reading")."""
    lowered = word.lower()
    return lexicon().base(lowered, "verb") == lowered


@lru_cache(maxsize=50_000)
def mostly_verb(word: str) -> bool:
    """WordNet knows `word` (any inflection) in more verb senses than noun senses ("hit",
    "get", "came"): alone, it is rarely the thing asked for."""
    return lexicon().mostly_verb(word.lower())


@lru_cache(maxsize=50_000)
def adverb_only(word: str) -> bool:
    """WordNet knows `word` as an adverb and nothing else ("afterwards", "instead",
    "recently"; not "early", "only", "family")."""
    lowered, words_ = word.lower(), lexicon()
    return bool(words_.offsets(lowered, "adv")) and not words_.offsets(lowered, "adj") and \
        not any(words_.offsets(words_.base(lowered, pos), pos) for pos in ("noun", "verb"))


@lru_cache(maxsize=50_000)
def noun_like(word: str) -> bool:
    """Whether a phrase may end with `word` as a thing: WordNet knows it mostly as a noun
    and not mostly as a verb ("lantern", "tornado"; not "came", "hit", "go")."""
    lowered, words_ = word.lower(), lexicon()
    return words_.mostly_noun(words_.base(lowered, "noun")) and not mostly_verb(lowered)
