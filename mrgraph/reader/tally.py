"""The count a "how many / how much" question asks for (a tally of what a sentence says, for
reader.phrases; no running count is kept across turns): the noun it counts
(`counted_noun`), the count a scored phrase says (`counted`: "*3 kilos 400 grams*", not a date
or an hour) and how much of it answers (`unsaid`, family count_given).
"""

from __future__ import annotations

import re

from mrgraph.reader.question import AUXILIARIES, Question
from mrgraph.reader.places import MONTHS
from mrgraph.reader.words import NUMBERS, is_function_word, lemma
from mrgraph.text import STOPWORDS, words

_ASKED = re.compile(r"^\s*how many\b", re.IGNORECASE)


def counted_noun(question: Question) -> str | None:
    """The noun "how many" counts: the last word of the run after it, before an auxiliary
    ("how many box *kites* had", "how many sewing *classes*")."""
    said = words(question.text)
    if not _ASKED.match(question.text) or len(said) < 3:
        return None
    run = []
    for word in said[2:]:
        if word in AUXILIARIES or word in STOPWORDS:
            break
        run.append(word)
    return lemma(run[-1]) if run else None


def unsaid(number: list[str], given: frozenset[str], noun: str | None) -> int:
    """How many words of `number` (a count and the words after it: `counted`)
    answer "how many <noun>": a run cut off before the noun counted ends with a word of the
    question that only describes it ("all *nine* spare | chairs" for "how many spare
    chairs"), a fragment, so the number alone answers; the noun said stays ("three rooms"), so
    do units the question does not say ("3 kilos 400 grams"); family count_given."""
    if noun is not None and any(lemma(w) == noun for w in number[1:]):
        return len(number)
    return next((k for k, w in enumerate(number) if k and lemma(w) in given), len(number))


# the form "how many / how much" asks for, in a scored phrase (reader.phrases)
_YEAR = re.compile(r"(?:19|20)\d\d")
_AT_HOUR = frozenset({"at", "by", "until", "till", "around"})  # "at 5": an hour, no count
_HOURS = frozenset({"am", "pm", "o'clock"})


def counted(phrase: list[str]) -> slice | None:
    """The words of `phrase` of the form "how many / how much" asks for: its number and the
    content words right after it ("sold all *twelve*", "*3 kilos 400 grams*"); None
    without a number."""
    at = next((k for k, w in enumerate(phrase) if (w.lstrip("$£€¥₹₩")[:1].isdigit() or
                                                   w.lower() in NUMBERS)
               and not _dated(phrase, k)), None)
    if at is None:
        return None
    end = at + 1
    while end < len(phrase) and not is_function_word(phrase[end]):
        end += 1
    return slice(at, end)


def _dated(phrase: list[str], k: int) -> bool:
    """The number at `k` is part of a date or a time, no count: a day beside a month ("15
    June", "June 15th"), a year no thing follows ("in 2019", not "2000 followers"), an hour
    ("at 5", "5 pm")."""
    alone = k + 1 >= len(phrase) or is_function_word(phrase[k + 1])
    after = phrase[k + 1].lower() if k + 1 < len(phrase) else ""
    hour = (alone and k > 0 and phrase[k - 1].lower() in _AT_HOUR) or after in _HOURS
    return hour or (alone and _YEAR.fullmatch(phrase[k]) is not None) or \
        any(0 <= j < len(phrase) and phrase[j] in MONTHS for j in (k - 1, k + 1))
