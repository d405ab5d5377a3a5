"""A running count: "How many <things> had X <done> by <date>?" asks a total up to a day,
which people say as a total so far, or by the ordinal of the latest one. Only for a question
bounded so ("by <date>", "until <date>", "so far", "to date": `asks_so_far`).

  count_so_far   a number right before "so far", "in total", "altogether", "to date", "by
                 now", alone or before the noun counted (up to two words: "we've baked *six*
                 so far", "*three* boat trips in total", "*two* of them altogether"): the
                 total, said by the person when the question names one; not another amount
                 ("lost *10 pounds* so far"), nor "one" after a determiner ("the best *one* so
                 far" is a pronoun);
  count_ordinal  "our *third* sewing class": the latest thing counted is the n-th of its
                 kind, so n of them by then - an ordinal up to two words before the noun the
                 question counts ("class" for "How many sewing classes ...?").
The best REACH sentences first; the first that says either answers, as a number in words.

For reader.phrases, the count a scored phrase says (`counted`: "*7 pounds 2 ounces*", not a
date or an hour) and how much of it answers (`unsaid`, family count_given).
"""

from __future__ import annotations

import re

from mrgraph.found import dia_order
from mrgraph.reader.evidence import REACH, Sentence, lemma_set
from mrgraph.reader.question import AUXILIARIES, Question
from mrgraph.reader.places import MONTHS
from mrgraph.reader.words import (CARDINALS, DETERMINERS, NUMBERS, dates_named, is_function_word,
                                  lemma)
from mrgraph.text import STOPWORDS, words

TOLD_ON = 2  # the speaker's turns after a sentence that go on with its story (one reply between)

# from the second: "my first X" is as often a first time as a count
_ORDINALS = {w: n for n, w in enumerate("""second third fourth fifth sixth seventh eighth
                                         ninth tenth eleventh twelfth""".split(), start=2)}
_NUMBER = r"(\d{1,3}|" + "|".join(CARDINALS.values()) + r")"
_SO_FAR = re.compile(rf"\b{_NUMBER}\b((?:\s+[\w'-]+){{0,2}}?)\s+(?:so far|in total|"
                     r"altogether|to date|by now)\b", re.IGNORECASE)
_COUNTED_AS = (["ones"], ["of", "them"], ["of", "those"])  # the noun counted, unsaid
_ASKED = re.compile(r"^\s*how many\b", re.IGNORECASE)
# a total up to a point: "by / until <date>", "so far", "to date", "by now"; the date right
# after the bound word, past "the end of", "early", a day ("by *the end of* June", "by *3*
# May"), not "by <an author> in 2022"
_BOUND = re.compile(r"\b(?:by|until|till|up to|as of)\s+(?:the\s+)?(?:(?:end|start|beginning|"
                    r"middle)\s+of\s+)?(?:(?:early|mid|late|last|this|next)[\s-]+)?"
                    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(\S+)", re.IGNORECASE)
_SO_FAR_ASKED = re.compile(r"\b(?:so far|to date|by now|by then|yet)\b", re.IGNORECASE)


def asks_so_far(question: Question) -> bool:
    """The question asks a total up to a point: "by / until <date>" ("by the end of June
    2024"), "so far", "to date", "yet"."""
    return any(dates_named(bound.group(1)) for bound in _BOUND.finditer(question.text)) or \
        _SO_FAR_ASKED.search(question.text) is not None


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


def running_count(question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """The total said so far, or the ordinal of the latest thing counted, of the first of the
    best REACH sentences (the person's own when the question names one) that says it; a total
    without its noun ("four so far") only when the sentence names the noun, there or in the
    speaker's next turns (`_told_on`): a bare number counts what was just named."""
    noun = counted_noun(question)
    if noun is None or noun in ("time", "times") or not asks_so_far(question):
        return None  # "how many times": counted by reader.forms.times
    for sentence in found[:REACH]:
        if question.person is not None and not sentence.own:
            continue
        named = noun in lemma_set(sentence.text)
        if question.on("count_so_far"):
            for told in [sentence, *(_told_on(sentence, found) if named else [])]:
                if total := total_of(told.text, noun, bare=named):
                    return total, (told.dia_id,)
        if question.on("count_ordinal") and (nth := ordinal_of(sentence.text, noun)):
            return CARDINALS.get(nth, str(nth)), (sentence.dia_id,)
    return None


def _told_on(sentence: Sentence, found: list[Sentence]) -> list[Sentence]:
    """The other sentences of the speaker's turn and of their next turn in the session (up
    to TOLD_ON turns on: the other's reply between), in the order said: the story `sentence`
    tells, told on."""
    session, _, number = sentence.dia_id.partition(":")
    if not number.isdigit():
        return []
    return sorted((s for s in found if s is not sentence and s.speaker == sentence.speaker and
                   _turns_after(s.dia_id, session, int(number)) in range(TOLD_ON + 1)),
                  key=lambda s: dia_order(s.dia_id))


def _turns_after(dia_id: str, session: str, number: int) -> int:
    """How many turns `dia_id` comes after turn `number` of `session` (-1: another session)."""
    its_session, _, its_number = dia_id.partition(":")
    return int(its_number) - number if its_session == session and its_number.isdigit() else -1


def total_of(sentence: str, noun: str, bare: bool = True) -> str | None:
    """The total said "so far" / "in total" ... of `noun`, in words: before `noun` (up to two
    words: "*3* rescue puppies in total"), or, with `bare`, a number alone ("I've done *five*
    so far") or before "ones" / "of them"; None without one, or for "one" after a determiner
    ("the best one so far": a pronoun, not a count)."""
    for total in _SO_FAR.finditer(sentence):
        between = words(total.group(2))
        if not (between and lemma(between[-1]) == noun) and \
                not (bare and (not between or between in _COUNTED_AS)):
            continue  # another amount: "lost 10 *pounds* so far"
        if total.group(1).lower() == "one" and \
                set(words(sentence[:total.start()])[-3:]) & DETERMINERS:
            continue
        return _in_words(total.group(1))
    return None


def ordinal_of(sentence: str, noun: str) -> int | None:
    """The n of "<ordinal> ... <noun>" (up to two words between: "our *third* sewing
    class"); None without one."""
    said = words(sentence)
    for at, word in enumerate(said):
        if word in _ORDINALS and any(lemma(w) == noun for w in said[at + 1:at + 4]):
            return _ORDINALS[word]
    return None


def _in_words(number: str) -> str:
    """"4" -> "four"; a word stays."""
    return CARDINALS.get(int(number), number) if number.isdigit() else number.lower()


def unsaid(number: list[str], given: frozenset[str], noun: str | None) -> int:
    """How many words of `number` (a count and the words after it: `counted`)
    answer "how many <noun>": a run cut off before the noun counted ends with a word of the
    question that only describes it ("all *nine* spare | chairs" for "how many spare
    chairs"), a fragment, so the number alone answers; the noun said stays ("three rooms"), so
    do units the question does not say ("7 pounds 2 ounces"); family count_given."""
    if noun is not None and any(lemma(w) == noun for w in number[1:]):
        return len(number)
    return next((k for k, w in enumerate(number) if k and lemma(w) in given), len(number))


# the form "how many / how much" asks for, in a scored phrase (reader.phrases)
_YEAR = re.compile(r"(?:19|20)\d\d")
_AT_HOUR = frozenset({"at", "by", "until", "till", "around"})  # "at 5": an hour, no count
_HOURS = frozenset({"am", "pm", "o'clock"})


def counted(phrase: list[str]) -> slice | None:
    """The words of `phrase` of the form "how many / how much" asks for: its number and the
    content words right after it ("rented out all *twelve*", "*7 pounds 2 ounces*"); None
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
