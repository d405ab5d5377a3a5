"""What happened a counted time after or before another event (family after_event): "What did
she do *two days after* passing her exam?", "What happened *the day after* the move?".

English places the thing asked by a count of days or weeks from an event the question tells
(not a date: "the week before 3 August" is dated by reader.when). Two ways a conversation
answers it:
  - a sentence says the same relation itself ("My sister starts her new job *two days after*
    we're back"): what comes before it is the thing asked ("My sister starts her new job");
  - the event is dated, and a sentence of the person's dates something that many days
    after or before it ("My interview was on Tuesday." ... "Then on Thursday I signed up for a
    pottery course."): what that sentence tells, as "what did X do" is answered (forms.predicate),
    without its time adjuncts.
A date asked directly ("What did they do *on 4 and 5 March*?", family what_dated): the
first of the best sentences dated then; a plan told before it answers with its act ("we're
going to paint the shed in November" -> "paint the shed").
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from mrgraph.dates import DateValue
from mrgraph.dates.resolved import QUANTITY, count_of
from mrgraph.found import Found
from mrgraph.reader.dates import turn_dates
from mrgraph.reader.evidence import Sentence
from mrgraph.reader.forms import predicate, untimed
from mrgraph.reader.lengths import dated_part
from mrgraph.reader.question import Question
from mrgraph.reader.words import CLAUSE, lemma
from mrgraph.text import tokenize

# "two days after <event>", "the week before <event>", at the question's end; not after "for",
# which makes it how long ("stayed in bed *for* two weeks after the surgery")
_SPAN = r"(?<!\bfor )"
_ASKED = re.compile(rf"{_SPAN}\b(?P<n>the|{QUANTITY}) (?P<unit>day|week)s? (?P<rel>after|before) "
                    r"(?P<event>.+?)[?.!\s]*$", re.IGNORECASE)
_DAYS = {"day": 1, "week": 7}
_PLANNED = re.compile(r"^(?:(?:'re|'m|'s|are|am|is|was|were)\s+)?(?:going to|gonna|planning to|"
                      r"about to|will|'ll)\s+(?=\w)", re.IGNORECASE)
_DO = re.compile(r"^what (?:did|does|do|will|would)\b(?:\s+[\w']+){1,5}?\s+do\b", re.IGNORECASE)
_OPENS = CLAUSE | {"and"}  # a word opening a clause that a relation after it is fronted in
_ANOTHERS = re.compile(r"^what (?:did|does|do|will|would)\s+[\w\s]*?['’]s\s", re.IGNORECASE)
_OPENER = re.compile(r"^\W*(?:then|and|so|but|also|well|oh)\b[\s,]*", re.IGNORECASE)


def relation(question: Question) -> tuple[tuple[int, int], str, str] | None:
    """The days counted, first and last ("two days after" -> (2, 2), "the week before" ->
    (-7, -1): any day of that week; "a week after" -> (4, 10): the days that are about a
    week), the relation's words ("two days after") and the event it counts from; None
    without one, or when the event is a date ("the week before 3 August 2023": reader.when
    dates it)."""
    asked = _ASKED.search(question.text)
    if asked is None or not question.text.lower().startswith("what"):
        return None
    said = asked["n"].lower()
    count = 1 if said == "the" else count_of(said)  # None: a vague "few days after"
    if not count or turn_dates(asked["event"], "2000-01-01"):
        return None
    unit = _DAYS[asked["unit"].lower()]
    # "the week after": any day of the week that follows; "a week / two weeks after": about
    # that many days on (a day after it is no week after it), so the days rounding to them
    days = (count * unit - unit + 1, count * unit) if said == "the" or unit == 1 else \
        (count * unit - unit // 2, count * unit + unit // 2)
    if asked["rel"].lower() == "before":
        days = (-days[1], -days[0])
    return days, asked.group(0)[:asked.start("event") - asked.start()].strip(), asked["event"]


def after_event(state: Found, question: Question, found: list[Sentence], reach: int) -> \
        tuple[str, tuple[str, ...]] | None:
    """The thing told that many days after / before the event asked about (module
    docstring): a sentence of the best `reach` saying the same relation, else the first
    sentence (the person's own when the question names one) dated that many days from the
    event's date; None when neither is told."""
    asked = relation(question)
    if asked is None:
        return None
    days, words_, event = asked
    for sentence in found[:reach]:
        said = _before_relation(sentence.text, words_, event)
        if said is not None:
            return said, (sentence.dia_id,)
    dated = dated_part(state, question, event)
    if dated is None or dated[0].start != dated[0].end:
        return None  # no day to count from
    day = date.fromisoformat(dated[0].start)
    first, last = ((day + timedelta(days=d)).isoformat() for d in days)
    for sentence in found:
        if not question.said_by(sentence.speaker) or sentence.dia_id == dated[1]:
            continue
        if any(v.start == v.end and first <= v.start <= last
               for v in turn_dates(sentence.text, sentence.said)) \
                and (told := _told(sentence.text, question)) is not None:
            return told, (sentence.dia_id,)
    return None


# what stands before a date the question places the thing on: "on 4 and 5 March 2024" (the
# phrase is the last day), "during the 5th"; not a date counted from ("the week before 3
# August": reader.when)
_ON_DATE = re.compile(r"\b(?:on|in|during)\s+(?:the\s+)?"
                      r"(?:\d{1,2}(?:st|nd|rd|th)?\s*(?:,|and|&|to|-)\s*)*$", re.IGNORECASE)


def on_date(question: Question, found: list[Sentence], reach: int) -> \
        tuple[str, tuple[str, ...]] | None:
    """"What did X do / what happened on <date>?": what the first of the best `reach`
    sentences dated then (a date it states overlapping the one asked) tells, as "what did X
    do" is answered (family what_dated): one telling no act of the person's does not; None
    when none is dated then."""
    said = question.text.lower()
    if not said.startswith("what") or not (_asks_do(question) or "happen" in said) or \
            re.search(r"\b(?:before|after|until|since)\b", said):
        return None
    asked = [v for v in turn_dates(question.text, "2100-01-01") if _placed(question.text, v.phrase)]
    if not asked:
        return None
    first, last = asked[0].start, asked[-1].end
    for sentence in found[:reach]:
        if not question.said_by(sentence.speaker):
            continue
        dates = turn_dates(sentence.text, sentence.said)
        if any(_dated_then(v, first, last) for v in dates) and \
                (told := _told(sentence.text, question)) is not None:
            return told, (sentence.dia_id,)
    return None


def _placed(text: str, phrase: str) -> bool:
    """Whether `text` places the thing asked on the date `phrase` says: the phrase opens with
    "on / in / during" ("in 2022") or follows one ("on 4 March", "during the 5th")."""
    at = text.find(phrase)
    return at >= 0 and (_ON_DATE.search(text[:at]) is not None or
                        re.match(r"(?:on|in|during)\s", phrase, re.IGNORECASE) is not None)


def _dated_then(value: DateValue, first: str, last: str) -> bool:
    """Whether a sentence's date places it in the span asked (ISO days `first`..`last`): it
    begins inside it, or overlaps it and is no longer than a month or the span ("in August"
    for "12 August"): a season or a year holds the day asked among many, so
    tells nothing done on it."""
    if first <= value.start <= last:
        return True
    if not (value.start <= last and value.end >= first) or value.start == value.end:
        return False
    longest = max(_days(first, last), _MONTH)
    return _days(value.start, value.end) <= longest


_MONTH = 31  # days: the longest month


def _days(first: str, last: str) -> int:
    """How many days ISO days `first`..`last` span, both counted."""
    return (date.fromisoformat(last[:10]) - date.fromisoformat(first[:10])).days + 1


def _before_relation(text: str, relation_: str, event: str) -> str | None:
    """What a sentence says before the relation asked ("My sister starts her new job *two
    days after* we're back" -> "My sister starts her new job"); None without it, with one
    word, after "for" (how long: "stayed in bed *for* two weeks after the surgery"), or
    when what follows it in its clause names nothing of the `event` asked: the
    same words count from another point ("the day after *tomorrow*", "the week before
    *last*", "the day after *the wedding*" for a birthday), or after a word that opens a
    clause: the relation then places the clause after it ("I was a wreck *and* the day
    before the exam I cleaned the house"), not the one before."""
    at = re.search(rf"{_SPAN}\b{re.escape(relation_)}\b", text, re.IGNORECASE)
    if at is None:
        return None
    counted_from = re.split(r"[.!?;:]|,\s", text[at.end():])[0]
    if not set(tokenize(counted_from)) & set(tokenize(event)):
        return None
    said = _OPENER.sub("", re.split(r"[.!?;:]|,\s", text[:at.start()])[-1]).strip(" ,")
    if said.split()[-1:] and said.split()[-1].lower() in _OPENS:
        return None  # "It rained so *two days after the move* we painted": it opens the next
    return said if len(said.split()) >= 2 else None


def _asks_do(question: Question) -> bool:
    """"What did X (and Y / 's Z) *do* ...?": the verb asked is "do" (the subject may be
    longer than reader.question's verb reading takes)."""
    return bool(question.verb and lemma(question.verb) == "do") or \
        _DO.match(question.text) is not None


def _told(text: str, question: Question) -> str | None:
    """What the sentence tells: for "what did X do", what the speaker did (forms.predicate),
    None when it tells no act of theirs ("My sister's birthday was on 2 May": the day, not
    what they did on it) - unless the act asked is another's ("What did X's sister do":
    "My sister ran a marathon"); else the sentence; without its time adjuncts ("on
    Thursday"): the question places it."""
    company = question.text if question.on("co_subject") else None  # "Omar and I did"
    did = predicate(text, company) if _asks_do(question) else None
    if did is not None:
        text = _PLANNED.sub("", did)  # a plan told before: "we're *going to* paint the shed"
    elif _asks_do(question) and not _ANOTHERS.match(question.text):
        return None
    # the space lets forms.untimed take an adjunct opening the sentence ("On Tuesday the
    # garage towed it away"), as it takes one inside a predicate
    return untimed(" " + _OPENER.sub("", text).rstrip(" .!"))
