"""Answers of a fixed form inside a sentence, by pattern: a span of time, a frequency, a
denial, what a verb of thought takes in, what the speaker did."""

from __future__ import annotations

import re
from datetime import date

from mrgraph.dates import find_dates
from mrgraph.reader.question import Question
from mrgraph.reader.words import (CLAUSE, MONTHS, NEGATIONS, NUMBERS, OBJECT_PRONOUNS,
                                  RELATIONS, SUBJECTS, WEEKDAYS, base_verb, is_function_word,
                                  lemma, mostly_verb, noun_like)
from mrgraph.text import stem, words

# not how often: "twice *a week*", "three times *a month*" (family span_freq)
_OFTEN_BEFORE = re.compile(r"\b(?:once|twice|times|thrice)\s+$", re.IGNORECASE)
# a number said in words up to ninety-nine ("fifty two", "twenty-five", "fifteen")
_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_UNITS = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_WORDS = (rf"(?:{_TENS}(?:[\s-]{_UNITS})?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
          rf"nineteen|ten|eleven|twelve|{_UNITS})")
_DURATION = re.compile(
    rf"\b((?:\d+|a|an|{_WORDS}|a few|several|a couple of|few)\s+"
    r"(?:years?|months?|weeks?|days?|hours?|minutes?|decades?)(?:\s+ago)?|"
    r"since\s+(?:19|20)\d\d)\b", re.IGNORECASE)
_TIMES = r"(?:once|twice|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|many) times)"
_PERIOD = r"(?:day|night|morning|evening|week|weekend|month|year|summer|winter)"
_FREQUENCY = re.compile(
    rf"\b((?:at least |about |around |almost |nearly |only |usually )?{_TIMES}"
    rf"(?:(?: or |-){_TIMES})?(?: (?:a|an|per|each|every) {_PERIOD})|"
    rf"(?:once|twice) or {_TIMES}|\d+ times|(?:almost |nearly )?every (?:other |single )?{_PERIOD}|"
    r"daily|weekly|monthly|yearly|annually)\b", re.IGNORECASE)


# how many times something was done: "three times", "twice" - not how often ("twice a week")
# not a frequency ("twice a week") nor a comparison ("ten times better", "twice my age")
_COUNTED = re.compile(rf"\b({_TIMES})\b(?!\s+(?:a|an|per|each|every)\s+{_PERIOD}\b)"
                      r"(?!\s+(?:\w+er|more|less|as|the|my|your|his|her|our|their|its)\b)",
                      re.IGNORECASE)


def times(sentence: str) -> str | None:
    """How many times the sentence says something was done ("I've been *three times* now"),
    not how often it is done ("twice a week"); None without one."""
    match = _COUNTED.search(sentence)
    return match.group(1).lower() if match else None


def duration(sentence: str, often: bool = True) -> str | None:
    """A span of time said in the sentence ("4 years", "since 2016", "ten years ago"), or
    None; as the speaker said it (a number in words stays in words: whoever reads the turn
    and writes the answer down keeps its form); "Nine years now." -> "nine years". Without
    `often`, the period of a frequency ("twice *a week*") is no span."""
    for match in _DURATION.finditer(sentence):
        if often or not _OFTEN_BEFORE.search(sentence[:match.start()]):
            return match.group(1).lower()
    return None


_YEARS = re.compile(r"^(\d+|[a-z]+) years?(?: ago)?$", re.IGNORECASE)


def years_in(span: str) -> int | None:
    """How many years a span of time says ("seven years", "3 years ago"); None for another
    span ("two weeks", "since 2019", "a few years")."""
    years = _YEARS.match(span)
    if years is None:
        return None
    said = years.group(1).lower()
    return int(said) if said.isdigit() else NUMBERS.get(said)


def frequency(sentence: str) -> str | None:
    """How often the sentence says something happens ("three times a week", "every day")."""
    match = _FREQUENCY.search(sentence)
    return match.group(1) if match else None


def negated(sentence: str) -> bool:
    """Whether the sentence denies ("I never tried it", "we didn't go")."""
    said = words(sentence.replace("n't", " not"))
    return any(w in NEGATIONS for w in said)


# Verbs of thought take a clause, not a thing: "What did she *realize*?" - "I realized that
# rest matters" answers "rest matters".
THOUGHT = frozenset(lemma(w) for w in """realize learn think believe know decide notice
                    discover understand remember""".split())
_WORD = re.compile(r"[A-Za-z']+")
_CLAUSE_OPENER = re.compile(r"^(?:that|how|to)\s+", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.!?;]|\s-\s|,\s*but\b")


def complement(sentence: str, verb: str) -> str | None:
    """The clause a verb of thought (`verb`, a THOUGHT lemma) takes in the sentence, without
    "that" / "how" / "to" ("I learned *to slow down*"); None when the sentence does not hold
    the verb or the clause is a word or less ("I know!")."""
    for word in _WORD.finditer(sentence):
        if lemma(word.group(0)) == verb:
            rest = _CLAUSE_OPENER.sub("", sentence[word.end():].strip(" ,:;-"))
            clause = _CLAUSE_END.split(rest)[0].strip()
            return clause if len(clause.split()) >= 2 else None
    return None


_DOER = re.compile(r"\b(?:I|[Ww]e)(?:'(?:ve|d|ll|m|re))?\s+")  # the speaker as the subject
# punctuation ends the clause; not a number's comma or point ("1,200", "3.5") nor a currency
# or per cent sign ("$500", "20%")
_PREDICATE_END = re.compile(r"(?<!\d)[.,]|[.,](?!\d)|[^\w\s'’.,$£€%-]|-(?!\w)")


_UNITS = r"(?:second|minute|hour|day|night|week|weekend|month|year)s?"
_AMOUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a couple of|a few)"
# a time adjunct inside a predicate: "rode out *on Tuesday* and stayed *for about an hour*",
# "visited the lake *the next day*" (its determiner goes with it); not a time that owns a
# noun or is part of one ("the next day's hike", "the last week of school")
_TIME_ADJUNCT = re.compile(
    rf"\s+(?:(?:the\s+)?(?:last|next)\s+(?:{'|'.join(WEEKDAYS)}|{_UNITS})\b|"
    rf"(?:on|this)\s+(?:{'|'.join(WEEKDAYS)}|{_UNITS})\b|(?:yesterday|today|tonight)\b|"
    rf"for\s+(?:like\s+|about\s+|around\s+|almost\s+|nearly\s+|over\s+)?{_AMOUNT}\s+{_UNITS}\b|"
    rf"(?:in|on)\s+(?:{'|'.join(MONTHS)})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?\b)"
    r"(?!['’]s|\s+of\b)", re.IGNORECASE)
# verbs whose object is a span of time: "*spent* the last year painting", "*took* the next day
# off" - the time is what was done with, no adjunct
_TIME_OBJECT = frozenset(lemma(w) for w in "spend take pass waste need enjoy".split())


_LEADING = frozenset("""finally just actually recently already also even really totally
                     literally honestly basically""".split())


def untimed(said: str) -> str:
    """A predicate without its time adjuncts, which the question already places ("drove up
    to the coast on Friday and swam for an hour" -> "drove up to the coast and swam"; a day
    after "on" in any form mrgraph.dates reads: "on the 5th of May", "on 9 and 10 March"), nor
    the adverb it opens with ("*finally* repainted the kitchen")."""
    dayless = _without_days(said)
    cut = _TIME_ADJUNCT.sub(lambda m: _adjunct(dayless, m), dayless).strip().split()
    while len(cut) > 2 and cut[0].lower() in _LEADING:
        cut = cut[1:]  # "finally repainted the kitchen": the act, not how it felt to get to it
    return " ".join(cut) if len(cut) >= 2 else said


# a day said after "on" ("on 9 November", "on the 5th and 6th of May"): the date scanner's
# mentions of a day or a run of days (mrgraph.dates); the anchor only resolves them
_ON = re.compile(r"\s+on\s+(?:the\s+)?$", re.IGNORECASE)
_ANCHOR = date(2000, 1, 1)


def _without_days(said: str) -> str:
    """`said` without the days it says after "on" ("moved in on 14 September 2024 with my
    brother" -> "moved in with my brother")."""
    for mention in reversed(find_dates(said, _ANCHOR)):
        start, end = mention.span
        on = _ON.search(said, 0, start)
        if on is not None and mention.value.precision in ("day", "range"):
            said = said[:on.start()] + said[end:]
    return said


def _adjunct(said: str, time: re.Match[str]) -> str:
    """What is left of a time adjunct `untimed` found: nothing, or all of it when it is the
    object of the verb before it (`_TIME_OBJECT`: "spent *the last year* painting")."""
    before = words(said[:time.start()])
    return time.group(0) if before and lemma(before[-1]) in _TIME_OBJECT else ""


def predicate(sentence: str) -> str | None:
    """What the speaker says they did, for "what did X *do*": the words after the first "I" /
    "we" up to the clause's end (punctuation, a clause word, another subject), without the
    time words and "and" it ends with ("Last week *we had a great time at the lake* and...");
    None without such a clause of two words at least."""
    doer = _DOER.search(sentence)
    return _predicate(sentence, doer.end()) if doer else None


def _predicate(sentence: str, start: int) -> str | None:
    said: list[str] = []
    for word in _PREDICATE_END.split(sentence[start:])[0].split():
        if word.lower() in CLAUSE or word.lower() in SUBJECTS:
            break
        if said or lemma(word) != "do":  # "I've *done* tai chi for years": what, not "done"
            said.append(word)
    while said and is_function_word(said[-1]):
        said.pop()
    return " ".join(said) if len(said) >= 2 else None


# verbs that take an object and an infinitive of the object's doing, no purpose of the
# subject's: "asked my brother *to help*", "wanted them to stay"
_CONTROL = frozenset(lemma(w) for w in """ask tell persuade want invite help allow encourage
                     remind convince urge force teach let expect advise beg order""".split())
# an object the infinitive completes, not a purpose: "had *nothing* to prepare", "no *time* to"
_COMPLETED = frozenset("""nothing something anything everything time way ways effort chance
                       reason need""".split())
_PURPOSE = re.compile(r"\b(?:do|does|did|done|doing)\s+to\s+(\w+)", re.IGNORECASE)
_TO_VERB = re.compile(r"(\w+)\s+(?:in order )?to\s+(?=(\w+))")  # each "to", overlapping


def unpurposed(said: str, question: Question) -> str:
    """What was done without a purpose the question states ("bought a brass lamp *to brighten
    the hall*" for "What did X do to brighten the hall?"): cut before the first "to" + a verb
    that passes, each tried in turn - after a noun, the verb the question's "do to <verb>"
    names (else a word mostly a verb), in a clause whose verb takes no object + infinitive
    (`_CONTROL`: "asked my brother to help"), after no `_COMPLETED` object ("had nothing to
    prepare"), and with half the content words after it of the question's."""
    asked = _PURPOSE.search(question.text)
    purpose = lemma(asked[1].lower()) if asked and not is_function_word(asked[1]) else None
    for at in _TO_VERB.finditer(said):
        before, verb = at[1].lower(), at[2].lower()
        # "to" + a verb after the object, a noun: not "had *to* take", "tried to cope"
        if not (lemma(verb) == purpose if purpose else base_verb(verb) and mostly_verb(verb)) \
                or not noun_like(before) or mostly_verb(before) or before in _COMPLETED:
            continue
        clause = re.split(r",|\band\b", said[:at.start()])[-1]
        # "asked *my brother* to help": a person the infinitive is of, after a verb taking one
        person = before in OBJECT_PRONOUNS or before.rstrip("s") in RELATIONS or at[1][:1].isupper()
        if person and any(lemma(w) in _CONTROL for w in words(clause)):
            continue
        rest = [stem(w) for w in words(said[at.start(2):]) if not is_function_word(w)]
        if sum(w in question.stems for w in rest) >= len(rest) / 2 and \
                len(said[:at.end(1)].split()) >= 2:
            return said[:at.end(1)]
    return said
