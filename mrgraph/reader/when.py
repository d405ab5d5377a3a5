"""The answer to a "when" question: which date the evidence gives for what was asked.

The dates are the turns' own (reader.dates: as ingestion stored them, with their precision
and the clause each belongs to); the evidence's sentences are ranked by reader.evidence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from datetime import date, timedelta

from mrgraph.dates import DateValue, format_month
from mrgraph.dates.timestamps import MONTHS
from mrgraph.found import Found
from mrgraph.lexicon import default as default_lexicon
from mrgraph.reader.dates import agrees, ahead, stated, told, turn_dates, when
from mrgraph.reader.evidence import REACH, TIMED, Sentence, content_share
from mrgraph.reader.forms import duration, years_in
from mrgraph.reader.question import Question
from mrgraph.reader.told_on import asked_between, told_on
from mrgraph.reader.words import CALENDAR

DATED_SHARE = 0.7  # how good a sentence stating a date must be, beside the best one
SAME_STORY = 0.9  # a sentence this near the best tells the same thing (told first: answers)
PLAN_YIELDS = 0.7  # a date on the side asked about beats a better-fitting one within this share
# "Which year did she move?" asks for a year, "In what month ...?" for a month: not a day
_UNIT_ASKED = re.compile(r"\b(?:what|which) (year|month)\b", re.IGNORECASE)
# a beginning asked for: "When did she *start* / *begin* ...?" (onset_month)
_BEGAN = re.compile(r"\b(?:start|started|begin|began)\b", re.IGNORECASE)
# a span counted back from the day it was said: "ten years ago", "since", "been ... now"; not
# "I'll stay for two years"
_BACK = re.compile(r"\b(?:ago|since|been|now)\b", re.IGNORECASE)


def answer_when(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]]:
    """The date `date_of` gives, as precisely as it was said; else the day its sentence was
    said (its session's: an episode is dated by its session)."""
    value, said, sentence = date_of(state, question, found)
    unit = _unit_asked(question)
    # "which year": a date stated, or said at a year's grain ("last summer", "three years
    # ago"), answers; a day or a week just before the telling ("last night") is rarely what a
    # year is asked of: a span of years said ("nine years since ...") counts back instead
    coarse = value is not None and (value.source == "stated" or
                                    value.precision in ("year", "decade", "season", "month"))
    if unit == "year" and not coarse and (year := _year_said(question, found)) is not None:
        return year
    if unit is None and value is None and said[:10] and question.on("onset_month") and \
            _BEGAN.search(question.text) and not ahead(question.text):
        # "When did she start reading it?" - "I'm reading it now", "I started a course!": a
        # beginning told with no date is told on some day after it (going on, it began before
        # that day); the day is no start, its month is as precise as the turn is
        return format_month(said[:10]), (sentence.dia_id,)
    if unit is not None and (value is not None or said[:10]):
        day = said[:10]  # none stated: the day it was said, as for any "when"
        return _coarse(value or DateValue(day, "day", "session", day, day), unit), \
            (sentence.dia_id,)
    return when(value, said) or sentence.text, (sentence.dia_id,)


def _unit_asked(question: Question) -> str | None:
    """"year" or "month" when the question asks for one ("Which year did ...?")."""
    asked = _UNIT_ASKED.search(question.text) if question.on("year_month") else None
    return asked.group(1).lower() if asked else None


def _coarse(value: DateValue, unit: str) -> str:
    """The year or the month (of its middle day) of a date said more precisely: "the
    Saturday before 6 July 2024" answers "Which month ...?" as "June 2024"."""
    if value.precision in ("year", "decade") or (unit == "month" and value.precision == "month"):
        return when(value, "") or value.start[:4]
    day = middle(value)
    return str(day.year) if unit == "year" else format_month(day.isoformat())


def middle(value: DateValue) -> date:
    """The middle day of a date's span."""
    first, last = date.fromisoformat(value.start), date.fromisoformat(value.end)
    return first + (last - first) / 2


def _year_said(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """For "Which year ...?": the first of the best REACH sentences (the person's, when the
    question names one) that says a year ("since 2021", "three years ago") or a span of
    years, counted back from the day it was said ("it's been nine years since I quit" -> 2015):
    a year is asked of what is long past, which is told in years, not "last weekend"."""
    for sentence in found[:REACH]:
        if not question.said_by(sentence.speaker) or not sentence.said[:4].isdigit():
            continue
        year = next((v.start[:4] for v in turn_dates(sentence.text, sentence.said)
                     if v.precision == "year"), None)
        count = years_in(duration(sentence.text) or "") if _BACK.search(sentence.text) else None
        if year is None and count:
            year = str(int(sentence.said[:4]) - count)
        if year is not None:
            return year, (sentence.dia_id,)
    return None


def date_of(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[DateValue | None, str, Sentence]:
    """The date the answer rests on (reader.dates), the day it was said and its sentence: of
    the dates the turns of the best REACH sentences mention, the one whose clause holds most of
    the question, when the person asked about said it and its clause holds at least as much as
    the best sentence; else the best sentence's (`_of_best`). Of nearly equal sentences about
    the past, the one said first is the best (`_told_first`; when only its date left it
    behind, only dates said by its day compete: later ones date the recalling); a plan
    answering a question about the past yields to the later telling that it happened
    (`_of_best`)."""
    future = ahead(question.text, due=False)
    first = found[0]
    if future is not True:
        found = _told_first(question, found)
    best = found[0]
    fit = functools.partial(content_share, state, question)
    # told first without its date, recalled later: a later sentence's date is of the
    # recalling
    among = [s for s in found[:REACH] if s.said[:10] <= best.said[:10]] \
        if best.score < SAME_STORY * first.score else found[:REACH]
    clause = _best_clause(question, among, fit, future)
    if clause is not None and clause[0] >= best.q:
        return clause[1], clause[2].said, clause[2]
    return _of_best(state, question, found, clause, fit, future)


def _of_best(state: Found, question: Question, found: list[Sentence],
             clause: tuple[float, DateValue, Sentence] | None, fit: Callable[[str], float],
             future: bool | None) -> tuple[DateValue | None, str, Sentence]:
    """Of the best sentence's turn, the date whose clause holds most of the question
    (reader.dates.told) - but a plan yields to the best clause's past date told later, when
    the question asks about the past and that clause holds PLAN_YIELDS of what the best
    sentence holds ("I'll sit the exam in March" - later "I sat it on Tuesday"); with none,
    one the same speaker told just before, when the other only asked in between ("Something
    happened yesterday..." - "What happened?" - "I fell off my bike."), or across the other's
    short reaction after it (reader.told_on); else the date a nearly as good sentence states
    (`_dated_near`); else None (the best sentence's day)."""
    best = found[0]
    said = best.said or (str(best.event["date"]) if best.event is not None else "")
    value = told(best.text, best.turn, said, fit, future)
    if value is not None and clause is not None and future is False and \
            not agrees(value, future) and agrees(clause[1], future) and \
            clause[2].said >= said and clause[0] >= PLAN_YIELDS * best.q:
        # a plan, and a later telling that it was done
        return clause[1], clause[2].said, clause[2]
    if value is None and (before := asked_between(state, best)) is not None:
        value = told("", before, said, fit, future)
    if value is None and question.on("told_on") and \
            (on := told_on(state, question, best, fit, future, (True,))) is not None:
        return on[0], said, on[1]
    if value is None and (dated := _dated_near(state, question, best, found[1:REACH], fit,
                                               future)):
        return dated[0], dated[1].said, dated[1]
    return value, said, best


def _told_first(question: Question, found: list[Sentence]) -> list[Sentence]:
    """`found` with the earliest said of the person's sentences nearly as good as the best
    (`_near`) first: a thing that happened is told when it happened, and
    recalled later ("I ran my first marathon last Sunday!" ... weeks later: "Since the
    marathon I rest more.")."""
    near = [s for s in found[:REACH] if _near(question, s, found[0]) and
            _in_period(question, s.stated) and question.said_by(s.speaker)]
    first = min(near, key=lambda s: (s.said[:10] or "9999-99-99", found.index(s)), default=None)
    if first is None or first is found[0]:
        return found
    return [first, *(s for s in found if s is not first)]


def _in_period(question: Question, value: DateValue | None) -> bool:
    """Whether a date can answer a question that names its month or year ("When did she go
    sailing in June?", "... in 2022?"): one outside it is another time (asked_period)."""
    if value is None or not question.on("asked_period"):
        return True
    months = _asked_months(question.text)
    years = [int(y) for y in re.findall(r"\b(19\d\d|20\d\d)\b", question.text)]
    try:
        first, last = date.fromisoformat(value.start), date.fromisoformat(value.end)
    except ValueError:
        return True
    if years and not any(first.year <= y <= last.year for y in years):
        return False
    if len(months) == 1 and (last - first).days < 62:
        held = {(first + timedelta(days=d)).month for d in range((last - first).days + 1)}
        return months[0] in held
    return True


# a month the question puts its event in: "in June", "during early March", "of May"; not a
# name ("When did April go camping?", "the March for Science")
_ASKED_MONTH = re.compile(r"\b(?:in|during|of)\s+(?:(?i:early|mid|late)[\s-]+)?([A-Z][a-z]+)\b"
                          r"(?!['’]s)")
# ... nor the month of a thing's purpose ("the flights for her trip in June": the trip's),
# unless the purpose is a span of it ("for a week in June"); a verb's is its own ("go for a
# run in June"), as is a name after "for" ("leave for Paris in June")
_PURPOSE = re.compile(r"(\w+)\s+(?i:for)\s+(?i:my|your|his|her|its|our|their|the|a|an)\s+"
                      r"([a-z]+)\s+$")
_SPANS = frozenset("day days week weeks weekend weekends night nights month months".split())


def _asked_months(question: str) -> list[int]:
    """The months (1-12) the question puts what it asks about in (`_ASKED_MONTH`)."""
    months = []
    for match in _ASKED_MONTH.finditer(question):
        name = match.group(1).lower()
        purpose = _PURPOSE.search(question, 0, match.start())
        if name in CALENDAR and name in MONTHS and \
                (purpose is None or purpose.group(2) in _SPANS or
                 default_lexicon().mostly_verb(purpose.group(1).lower())):
            months.append(MONTHS[name])
    return months


def _near(question: Question, sentence: Sentence, best: Sentence) -> bool:
    """Whether `sentence` is nearly as good as the best (SAME_STORY of its score), or is
    without the bonus for stating a date (`first_told`): a first telling may leave its date
    to the neighbouring turn ("Tova won the raffle on Friday!" - "What did she win?" -
    "A bike."), when it says no date itself (not a plan: "I'm going in June")."""
    if sentence.score >= SAME_STORY * best.score:
        return True
    timed = TIMED if question.on("timed") else 0.0
    return question.on("first_told") and \
        not any(v.phrase in sentence.text for v in turn_dates(
            sentence.turn or sentence.text, sentence.said)) and \
        sentence.score >= SAME_STORY * (best.score - timed * (best.stated is not None))


def _dated_near(state: Found, question: Question, best: Sentence, found: list[Sentence],
                fit: Callable[[str], float], future: bool | None) -> \
        tuple[DateValue, Sentence] | None:
    """The first sentence nearly as good as the best (DATED_SHARE of its score), by the person
    asked about, that states a date itself (reader.dates.stated): a "when" question asks for a
    date, and the best sentence's turn gives none ("I volunteer at the shelter." - "I started
    there about a year ago."); else one whose story the speaker goes on with, dated, across
    the other's short reaction (reader.told_on: "I met someone." - "Details!" - "She came up to
    me last Saturday.")."""
    for sentence in found:
        if sentence.score < DATED_SHARE * best.score or sentence.q <= 0 or \
                not question.said_by(sentence.speaker):
            continue
        value = stated(sentence.text, sentence.turn, sentence.said, fit, future)
        if value is not None and _in_period(question, value):
            return value, sentence
        if question.on("told_on") and \
                (on := told_on(state, question, sentence, fit, future)) is not None:
            return on
    return None


def _best_clause(question: Question, found: list[Sentence], fit: Callable[[str], float],
                 future: bool | None) -> tuple[float, DateValue, Sentence] | None:
    """Of the dates the sentences' turns mention, said by the person asked about (or anyone,
    when the question names nobody): one on the side the question asks about whose clause holds
    at least PLAN_YIELDS of the most any holds, else any; of those, the one whose clause holds
    most of the question (ties: on the side asked about, then the better sentence); None when
    no clause holds any."""
    scored = []
    for rank, sentence in enumerate(found):
        if not question.said_by(sentence.speaker):
            continue
        for value in turn_dates(sentence.turn or sentence.text, sentence.said):
            if (future is not True or agrees(value, future)) and _in_period(question, value):
                scored.append((fit(value.statement), agrees(value, future), -rank, value,
                               sentence))
    top = max((s[0] for s in scored), default=0.0)
    best = max(scored, key=lambda s: (s[1] and s[0] >= PLAN_YIELDS * top, *s[:3]), default=None)
    return (best[0], best[3], best[4]) if best is not None and best[0] > 0 else None
