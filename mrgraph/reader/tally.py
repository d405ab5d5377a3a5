"""A running count: "How many <things> had X <done> by <date>?" asks a total up to a day,
which people say as a total so far, or by the ordinal of the latest one.

  count_so_far   a number right before "so far", "in total", "altogether", "to date", "by
                 now" (up to two words between: "I've done *four* so far", "*three* trips in
                 total"): the total, said by the person when the question names one;
  count_ordinal  "our *second* cooking class": the latest thing counted is the n-th of its
                 kind, so n of them by then - an ordinal up to two words before the noun the
                 question counts ("class" for "How many cooking classes ...?").
The best sentences first; the first that says either answers, as a number in words.
"""

from __future__ import annotations

import re

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import AUXILIARIES, Question
from mrgraph.reader.words import NUMBERS, lemma
from mrgraph.text import STOPWORDS, words

# from the second: "my first X" is as often a first time as a count
_ORDINALS = {w: n for n, w in enumerate("""second third fourth fifth sixth seventh eighth
                                         ninth tenth eleventh twelfth""".split(), start=2)}
_CARDINALS = {n: w for w, n in NUMBERS.items() if " " not in w and
              w not in ("twice", "once", "both", "several")}
_NUMBER = r"(\d{1,3}|" + "|".join(w for w in NUMBERS if " " not in w and
                                  w not in ("twice", "once", "both", "several")) + r")"
_SO_FAR = re.compile(rf"\b{_NUMBER}\b(?:\s+[\w'-]+){{0,2}}?\s+(?:so far|in total|altogether|"
                     r"to date|by now)\b", re.IGNORECASE)
_ASKED = re.compile(r"^\s*how many\b", re.IGNORECASE)


def counted_noun(question: Question) -> str | None:
    """The noun "how many" counts: the last word of the run after it, before an auxiliary
    ("how many guided bike *tours* had", "how many cooking *classes*")."""
    said = words(question.text)
    if not _ASKED.match(question.text) or len(said) < 3:
        return None
    run = []
    for word in said[2:]:
        if word in AUXILIARIES or word in STOPWORDS:
            break
        run.append(word)
    return lemma(run[-1]) if run else None


def running_count(question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """The total said so far, or the ordinal of the latest thing counted, of the first of the
    best sentences (the person's own when the question names one) that says it."""
    noun = counted_noun(question)
    if noun is None or noun in ("time", "times"):
        return None  # "how many times": counted by reader.forms.times
    for sentence in found:
        if question.person is not None and not sentence.own:
            continue
        if question.on("count_so_far") and (total := _SO_FAR.search(sentence.text)):
            return _in_words(total.group(1)), (sentence.dia_id,)
        if question.on("count_ordinal") and (nth := ordinal_of(sentence.text, noun)):
            return _CARDINALS.get(nth, str(nth)), (sentence.dia_id,)
    return None


def ordinal_of(sentence: str, noun: str) -> int | None:
    """The n of "<ordinal> ... <noun>" (up to two words between: "our *second* cooking
    class"); None without one."""
    said = words(sentence)
    for at, word in enumerate(said):
        if word in _ORDINALS and any(lemma(w) == noun for w in said[at + 1:at + 4]):
            return _ORDINALS[word]
    return None


def _in_words(number: str) -> str:
    """"4" -> "four"; a word stays."""
    return _CARDINALS.get(int(number), number) if number.isdigit() else number.lower()
