"""Which way a sentence looks: at the past or at what is ahead.

A relative date with no "last" or "next" ("on Tuesday", "in June") takes its direction from
its sentence's tense: a verb in the past, or a future form. A sentence with both gives no
date, unless the date's own clause is a plain past of that day ("Saw the vet on Monday and
she's calling back"; not "I booked a table on Friday and we'll ...") or a future of its own
with no past ("We'll hike on Saturday because the storm passed on Thursday"; not a thing's
day, "I'll tell you about the wedding on Saturday, it was lovely").
"""

from __future__ import annotations

import re

from mrgraph.dates.arranged import arranged, arranged_clause
from mrgraph.dates.clauses import sentence_start
from mrgraph.dates.present import (SAME_FORMS, noun_present, noun_same_past,
                                    present_after_past, present_before_past, reported_present,
                                    reported_would, story)
from mrgraph.dates.verbs import NEGATED_PAST as _NEGATED_PAST
from mrgraph.dates.verbs import PAST_WORDS as _PAST_WORDS
from mrgraph.dates.verbs import WORD as _WORD
from mrgraph.dates.verbs import a_verb as _a_verb
from mrgraph.dates.verbs import clause_past as _clause_past
from mrgraph.dates.verbs import inflected as _inflected
from mrgraph.dates.verbs import past as _past
from mrgraph.dates.verbs import s_form as _s_form
from mrgraph.dates.verbs import verbs as _verbs
from mrgraph.lexicon import default as lexicon
from mrgraph.text import DETERMINERS

# A future form, or a verb in the past (an -ed word that is not an adjective after
# "be"/"so"/"really": "I'm so excited"; the other forms WordNet knows, `_clause_past`).
_FUTURE = re.compile(r"\b(?:will|won't|shall|going to|gonna|about to|can't wait|plan(?:ning)? to|"
                     r"hop(?:e|ing) to|tomorrow|next)\b|'ll\b|"
                     # a pronoun's present progressive ("I'm flying out", "we're finally moving"),
                     # not "my sister's wedding"
                     r"\b(?:i am|i'm|we are|we're|you are|you're|they are|they're|he is|he's|"
                     r"she is|she's)\s+(?:not\s+)?(?:\w+ly\s+)?\w+ing\b", re.I)
# where a clause ends: a comma, a semicolon, a dash, "but"
_CLAUSE_END = re.compile(r"[,;:]|\s[-–—]\s|\bbut\b")
# ... and for the pasts `_clause_past` adds, "so" / "because", "since" / "after" before a
# subject and an "and" before a new subject too (a name's "'s" and an -ing: "... and Paul's
# flying on Friday"): "I woke early on Monday and the flight is on Friday" says nothing past of
# Friday, nor does "I'm not coming on Friday since I came on Monday" or "The bakery is
# reopening on Tuesday after it flooded on Sunday"; "I rode there and back on Sunday" is one
# clause
_OWN_END = re.compile(_CLAUSE_END.pattern + r"|\b(?:so|because)\b|"
                      r"\b(?:since|after)\s+(?=(?:i|we|you|he|she|it|they)\b)|"
                      r"\band\s+(?=(?:i|we|you|he|she|it|they|the|my|our|his|her|their|your)\b|"
                      r"[a-z]+'s\s+[a-z]+ing\b)")
# ... and, where a sentence tells both the past and what is ahead, a complement's "that" before
# its subject too ("I told him on Friday that I'll leave in June": two clauses, two tenses), as
# "saying" is ("Tom messaged on Sunday saying he's bringing the van on Saturday")
_MIXED_END = re.compile(_OWN_END.pattern + r"|\b(?:that|saying(?:\s+that)?)\s+"
                        r"(?=(?:i|we|you|he|she|they)\b)")
# a past that may be of what is ahead: the day may be the arranged or wished thing's, not the
# past verb's ("I booked a table on Friday and we'll ...", "I was thinking we could meet on
# Friday", "I promised to help on Saturday", "I'd go on Saturday")
_PLANS = re.compile(r"\b(?:book\w*|schedul\w*|arrang\w*|reserv\w*|plann\w*|organi[sz]\w*|"
                    r"invit\w*|register\w*|signed|confirm\w*|ask\w*|could|would|should|might|can|"
                    r"thinking|wondering|hoping|wanted|want|if)\b|'d\b|\bto\s+[a-z]+\b")
# ... or the day is a thing's the clause names, not its verb's: "tickets for the concert on
# Saturday", "picked for the match on Saturday", "the photos from the hike on Sunday"
_OF_A_THING = re.compile(r"\b(?:for|to|into|about|from|of|at|with|off)\b")
# ... or a present said of the day, in what was said or heard ("Tom said the match is on
# Saturday", "I heard the shop opens on Sunday"), or a day chosen ("we settled on Friday")
# ... or, for a future, the day of a thing named right before it ("I'll tell you about the
# wedding on Saturday, it was lovely"), not of a place the verb goes to ("to the pub")
_THINGS_DAY = re.compile(r"\b(?:about|from|of|for|after|before|since)\s+(?:the|a|an|my|your|"
                         r"his|her|our|their|this|that)\s+(?:\w+\s+){1,2}$")
# a clause after a comma, a semicolon or a dash that no conjunction joins
_COMMENT = re.compile(r"^\s*(?:[,;:]|[-–—])(?!\s*(?:but|so|because|since|as|and|cos|cuz|"
                      r"though|although|then)\b)")
# a verb whose object is mostly what has been: remembered, got over, laughed about, thanked for
_RECALLING = re.compile(r"\b(?:remember|forget|get over|laugh (?:at|about)|talk about|think "
                        r"about|thank \w+ for|apologi[sz]e for|cherish|treasure|frame)\b")
_A_TIME = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|"
                    r"tonight|ago|last|week|weekend|month|year)\b")
_PRESENT_BE = re.compile(r"\b(?:is|are|am)\b|'s\b|'re\b|'m\b")
_CHOSEN = re.compile(r"\b(?:decided|settled|agreed|insisted|voted)\s*$")
_NOT_PRESENT = frozenset("was has does this his its us yes".split())
# a fragment going on with the sentence before it: a phrase of place, company or time
_GOES_ON = re.compile(r"^\W*(?:on|in|at|to|with|by|from|near|outside|inside|under|over|"
                      r"behind|after|before)\b")


# "back" after a verb of going that says it is ahead ("I'll be back in June", "flying back in
# May", "we fly back in June", "when she comes back in June"): then "back" is where one goes,
# not "back then"; any other "back in June" (a past verb, "have come back", a possessive "'s")
# stays the past June
_GOING_BACK = re.compile(
    r"(?:\b(?:will|'ll|gonna|going\s+to|to)\s+(?:be|go|come|fly|head|get|move|drive|travel)|"
    r"\b(?:going|coming|flying|heading|getting|moving|driving|travelling|traveling)|"
    r"\b(?:i|we|you|they)\s+(?:go|come|fly|head|get|move|drive|travel)|"
    r"\b(?:he|she)\s+(?:goes|comes|flies|heads|gets|moves|drives|travels))\s+$", re.IGNORECASE)


def month_looks(text: str, start: int, end: int) -> str | None:
    """The tense `_in_month` reads: "back" for "back in June" ("Back in June we had a flood",
    "I came back in June"), "future" after a verb of going back that looks ahead
    (`_GOING_BACK`), else the sentence's (tense)."""
    if not text[start:end].lower().startswith("back"):
        return tense(text, start, end)
    return "future" if _GOING_BACK.search(text, 0, start) else "back"


def tense(text: str, start: int, end: int) -> str | None:
    """"past", "future" or None (neither, or both) for the sentence of `text` around
    [start, end)."""
    left, sentence = _sentence(text, start, end)
    clause = _clause(sentence, start - left, end - left)
    own = _clause(sentence, start - left, end - left, _OWN_END)
    past = _past(sentence) or _clause_past(own) or \
        any(w in _NEGATED_PAST for w in _WORD.findall(clause))
    future = _FUTURE.search(sentence) is not None or reported_would(sentence, start - left)
    if past and not future and arranged_clause(own, sentence[start - left:end - left]):
        # a past told beside an arrangement whoever makes it, the day in the arrangement's
        # own clause: "The shop is closing on Saturday, they announced it on Tuesday", "I
        # ordered it on Sunday and it's arriving on Friday" (as a pronoun's does, `_FUTURE`)
        return "future"
    if past and future:  # two clauses of two tenses: the day's own clause may say which
        return _own_tense(sentence, start - left, end - left)
    return None if past == future else ("past" if past else "future")


def _own_tense(sentence: str, start: int, end: int) -> str | None:
    """Of a sentence telling both the past and what is ahead, "future" when the date's own
    clause has a future form and no past, and the day is no thing's named before it
    (`_THINGS_DAY`: "We'll hike on Saturday because the storm passed") nor one a past after it
    comments on, unjoined, after a verb of recalling (`_COMMENT`, `_RECALLING`: "I'll always
    remember the walk on Tuesday, it was magical"); "past" when that clause is a plain past
    said "on <day>", its one verb ("Saw the vet on Monday and she's calling back", "I told him
    on Friday that I'll leave in June": Friday past). Else None, as for any sentence of both
    tenses: the clause may plan or wish (`_PLANS`), name a thing the day is of (`_OF_A_THING`),
    say a present of the day or a day chosen (`_present_of_the_day`), hold another verb after
    its past ("I told Mia we meet on Friday", "Tom moves in on Saturday": `_another_verb`), or
    look ahead itself."""
    before, own = _split(sentence, start, end)
    rest = sentence[_bounds(sentence, start, end, _MIXED_END)[1]:]
    # a verb of recalling, and a past said after it with no word that joins and no time of its
    # own ("I'll always remember the walk on Tuesday, it was magical"): a comment on the day's
    # thing, which may be past (not "We're moving on Saturday, it took ages to find a van")
    commented = _RECALLING.search(own) is not None and _COMMENT.match(rest) is not None and \
        (_past(rest) or _clause_past(rest)) and not _A_TIME.search(rest)
    if _FUTURE.search(own) and not (_past(own) or _clause_past(own)) and \
            not _THINGS_DAY.search(before) and not commented:
        return "future"  # "We'll hike on Saturday because the storm passed on Thursday"
    if not sentence[start:end].startswith("on ") or _PLANS.search(own) or \
            _OF_A_THING.search(before) or _FUTURE.search(own) or \
            _present_of_the_day(before) or _another_verb(before):
        return None
    past = _past(own) or _clause_past(own) or any(w in _NEGATED_PAST for w in _WORD.findall(own))
    return "past" if past else None


def _split(sentence: str, start: int, end: int) -> tuple[str, str]:
    """The part before [start, end) of its clause in a lowercased sentence (cut at
    `_MIXED_END`), and the clause."""
    left, right = _bounds(sentence, start, end, _MIXED_END)
    return sentence[left:start], sentence[left:right]


# a clause of its own beginning after the past: a subject, a relative, a joined verb
_NEW_CLAUSE = frozenset("i we you he she they who which that where and".split())


def _another_verb(before: str) -> bool:
    """Whether the clause up to the day holds, after its first past, a new subject, a
    relative, "and", or a verb of its own (`_a_verb`): the day may be that verb's ("I told
    the kids they start school on Monday", "the bins go out on Thursday", "Mia starts work on
    Monday")."""
    said = _WORD.findall(before)
    first = next((i for i, w in enumerate(said) if w in _PAST_WORDS or _inflected(w)), None)
    if first is None:
        return False
    return any(w in _NEW_CLAUSE or (w not in _PARTICLES and _a_verb(w, said[i - 1]))
               for i, w in enumerate(said) if i > first)  # "picked *up* the keys": no verb


def _verb_after(text: str) -> bool:
    """Whether `text` (after a verb, up to the day) holds a clause or verb of its own: the
    day may be that one's ("She let slip that the party is on Saturday")."""
    said = _WORD.findall(text)
    return any(w in _NEW_CLAUSE or w in ("is", "are", "s", "re") or
               (w not in _PARTICLES and _a_verb(w, said[i - 1] if i else ""))
               for i, w in enumerate(said))


# a phrasal verb's particle, not a verb of its own ("put the shelves *up*")
_PARTICLES = frozenset("up down back out off in on over away around round through".split())


def _present_of_the_day(before: str) -> bool:
    """Whether the clause up to the day says a present of it ("... the match is on", "the
    shop opens on": reported, still ahead) or chooses the day ("we settled on")."""
    said = _WORD.findall(before)
    last = said[-1] if said else ""
    # "the shop opens on", not a noun after its determiner ("picked up the keys on")
    verb_s = last not in _NOT_PRESENT and _s_form(last) and \
        (len(said) < 2 or said[-2] not in DETERMINERS)
    return bool(_PRESENT_BE.search(before) or _CHOSEN.search(before) or verb_s)


def own_clause(text: str, start: int, end: int) -> tuple[str, str]:
    """The lowercased clause of `text` holding [start, end) (cut as a sentence of two tenses
    is, `_MIXED_END`), split at it: what comes before it and what it is said in."""
    left, said = _sentence(text, start, end)
    return _split(said, start - left, end - left)


def clause_looks(clause: str) -> str | None:
    """"future" for a lowercased clause with a future form, a plan or wish (`_PLANS`) or a
    present "be", else "past" for one with a past verb, else None."""
    if _FUTURE.search(clause) or _PLANS.search(clause) or _PRESENT_BE.search(clause):
        return "future"
    if _past(clause) or _clause_past(clause):
        return "past"
    return None


def sentence(text: str, start: int, end: int) -> str:
    """The sentence of `text` around [start, end), lowercased."""
    return _sentence(text, start, end)[1]


def _sentence(text: str, start: int, end: int) -> tuple[int, str]:
    """Where the sentence of `text` around [start, end) begins, and its text lowercased: at
    most REACH characters either side of the day (a run-on of a hundred days, unpunctuated,
    is read in time linear in its length; a clause telling a day's tense is far shorter)."""
    left = sentence_start(text, start, REACH)
    right = min((i for i in (text.find(c, end, end + REACH) for c in ".!?") if i >= 0),
                default=min(len(text), end + REACH))
    return left, text[left:right].lower().replace("’", "'")


def _clause(sentence: str, start: int, end: int, ends_at: re.Pattern[str] = _CLAUSE_END) -> str:
    """The clause of a lowercased sentence around [start, end), cut at `ends_at`
    (`_CLAUSE_END`; `_OWN_END` for the pasts `_clause_past` reads)."""
    left, right = _bounds(sentence, start, end, ends_at)
    return sentence[left:right]


def _bounds(sentence: str, start: int, end: int, ends_at: re.Pattern[str]) -> tuple[int, int]:
    """Where the clause of a lowercased sentence around [start, end) begins and ends."""
    ends = [m.span() for m in ends_at.finditer(sentence)]
    left = max((e for s, e in ends if e <= max(start, 0)), default=0)
    right = min((s for s, e in ends if s >= end), default=len(sentence))
    return left, right


_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# the present tense of a sentence about one day: a pronoun opening its clause (or following
# the day put first: "On Monday I start") and its plain verb ("I leave", "so we start"; not
# "see you Friday"), or "be" right before the day ("the party's on Saturday", "your birthday
# is Friday"); not "I'm so excited for the show on Friday", "Here's me at rehearsal on Monday"
_PRESENT = re.compile(r"(?:^\W*|[,;:]\s*|\b(?:and|but|so|then|because)\s+|"
                      rf"^\W*(?:on\s+)?{_DAY}\s+)"
                      r"(?:i|we|you|they|he|she)\s+(?!(?:on|at|in|and|or|so|too|all|"
                      r"guys|both|really|just)\b)[a-z]+\b|(?:\bis|\bare|'s|'re)\s+(?:on\s+)?"
                      rf"{_DAY}\b")
# a habit ("I usually work on Sunday", "I don't work on Sunday"): no one day
_HABIT = re.compile(r"\b(?:usually|always|often|sometimes|never|normally|generally|typically|"
                    r"every|each|most)\b")
# ... or a past one ("we used to meet on Friday"), which the past of "used" would date back: a
# subject pronoun's "used to" and a verb, in the day's own clause; not "I'm / got used to it",
# "the car I used to drive" (then the subject is another clause's), "was used to move" (passive)
_USED_TO = re.compile(r"^\W*(?:i|we|you|he|she|they)\s+(?:\w+ly\s+)?used to ([a-z]+)")
# ... a negated present, in the day's own clause ("I don't know, we leave on Monday": a plan)
_NOT = re.compile(r"\b(?:don't|doesn't|do not|does not)\b")
_NEXT_WORD = re.compile(r"[.!?]+[\"')\]]*\s+(\w+)")  # the first word of the next sentence
# a verb whose past is spelled as its present ("read", "put", "cut"), right after a subject
# pronoun opening the day's own clause: a plan or a past ("I read it on Monday"), but a past
# after "he" / "she", whose present takes -s ("she reads"); not "bet" ("I bet it rains")
_SAME_FORM = re.compile(r"^\W*(?:then\s+)?(i|we|you|they|he|she)\s+(?:just\s+|finally\s+|"
                        r"actually\s+)?(?:" + "|".join(sorted(SAME_FORMS)) + r")\b")
# an aside said after the day: "On Friday, I think.", "Monday night, of course."
_ASIDE = re.compile(r",\s*(?:i think|i guess|i reckon|i believe|i suppose|i mean|you know|of "
                    r"course|apparently|honestly|probably|actually|lol|haha)\s*(?=[,!?]|$)")
REACH = 400  # characters of a day's sentence read either side of it for its tense
FRAGMENT = 3  # words: a sentence this short, with no verb, adds a time to the one before


def day_tense(text: str, start: int, end: int) -> str | None:
    """Which way a weekday said without "last" / "next" looks (`tense`), and also (an aside
    after the day, "On Tuesday, I think.", `_ASIDE`, is no verb of its sentence): a verbless
    fragment ("I won! On Tuesday.") looks the way the sentence before it does (before the
    fragments it follows: "I won. In Oslo. On Tuesday."), one opening its turn the way the
    first sentence after it with a tense does ("Thursday! I beat my best time."); one opening
    with a verb's -ing, its "I'm" left out, looks ahead as "I'm leaving" does ("Leaving on
    Tuesday."), and so does one whose "is" / "are" comes with a verb's -ing ("The plumber is
    coming on Friday"); a sentence in the present about one day is a schedule, ahead ("I
    leave for Genoa on Sunday", "the fair is Friday, right?", with a noun subject too: "my
    brother arrives on Sunday", `noun_present`), not a habit ("I usually rest on
    Sunday", "I don't work on Sunday"), nor said with a verb spelled alike in past and present
    ("I read it on Sunday": either; "she read it on Sunday" a past, `_SAME_FORM`); a clause of
    a past habit ("we used to meet on Friday") is no one day."""
    left, whole = _sentence(text, start, end)
    # an aside after the day is no verb of the sentence ("On Friday, I think.")
    return _day_tense(text, start, end, left, whole[:end - left] +
                      _ASIDE.sub("", whole[end - left:]))


def _day_tense(text: str, start: int, end: int, left: int, sentence: str) -> str | None:
    """`day_tense` of the day at [start, end) of `text`, its sentence (from `left`) read as
    `sentence`."""
    habit = _USED_TO.search(_clause(sentence, start - left, end - left, _OWN_END))
    if habit is not None and lexicon().mostly_verb(habit.group(1)):
        return None  # a past habit: no one day
    looks = tense(text, start, end)
    if looks == "future" and _same_form_past(sentence, start - left, end - left):
        return "past"  # "She hurt her knee on Sunday, so she'll miss the match on Saturday"
    if (looks == "past" and (present_after_past(sentence[:start - left]) or
                             present_before_past(sentence[:start - left],
                                                 sentence[end - left:]))) or \
            (looks != "future" and reported_present(sentence[:start - left],
                                                    sentence[end - left:])):
        # "The plumber came on Monday and comes back on Friday", "Tom said the match is on
        # Saturday", "Amy told me she's leaving on Friday" (a past and a future: neither)
        return "future"
    if looks is not None:
        return looks
    said = _WORD.findall(sentence)
    verbs = _verbs(said)
    if len(said) <= FRAGMENT and not any(verbs) and \
            not _PRESENT.search(sentence):
        before = text[:left].rstrip(" .!?\"'")
        if before.strip():
            return _told_before(text, len(before))
        # opening the turn, it gives the time of what is told next ("Thursday! I beat my best
        # time."): the first sentence after it that has a tense
        after = left + len(_sentence(text, start, end)[1])  # the sentence as said, aside too
        return next((looks for m in _NEXT_WORD.finditer(text, after)
                     if (looks := tense(text, m.start(1), m.end(1))) is not None), None)
    # tense gave None: neither past nor future (then a present verb), or both
    clause = _clause(sentence, start - left, end - left)
    if _HABIT.search(sentence) or _NOT.search(clause) or _past(sentence) or \
            _clause_past(_clause(sentence, start - left, end - left, _OWN_END)) or \
            _FUTURE.search(sentence) is not None:
        return None
    before, _ = _split(sentence, start - left, end - left)
    if (same := _same_form(before)) is not None:
        return "past" if same else None  # "she put it up on Friday"; "I put it up": either
    progressive = said[0].endswith("ing") and verbs[0] if said else False
    return "future" if progressive or arranged(said) or _PRESENT.search(sentence) or \
        (noun_present(before, sentence[end - left:]) and not story(sentence, end - left)) \
        else None


def _same_form_past(sentence: str, start: int, end: int) -> bool:
    """Whether the day's own clause (cut at `_OWN_END`), with no future form of its own, opens
    with "he" / "she", a singular noun or a name and a verb spelled alike in past and present
    (`_SAME_FORM`, `noun_same_past`): a past, whatever future another clause tells ("Amy cut
    her hand on Sunday so she won't play on Saturday")."""
    left, right = _bounds(sentence, start, end, _OWN_END)
    before = sentence[left:start]
    return not _FUTURE.search(sentence[left:right]) and not before.endswith("for ") and \
        _same_form(before) is True


def _same_form(before: str) -> bool | None:
    """Of a clause up to its day opening with a subject and a verb spelled alike in past and
    present (`_SAME_FORM`, `noun_same_past`), no verb of its own after it: True after "he" /
    "she", a singular noun or a name, whose present takes -s ("she put it up on Friday", "Dad
    put the tree up on Sunday"): a past; False after I / we / you / they: a past or a plan;
    None without one, or for a day something is for ("Mum set the alarm for Monday")."""
    same = _SAME_FORM.search(before)
    if same is not None and not _verb_after(before[same.end():]):
        return same.group(1) in ("he", "she")
    rest = noun_same_past(before)
    return True if rest is not None and not _verb_after(rest) and \
        not before.endswith("for ") else None


def _told_before(text: str, end: int) -> str | None:
    """The tense of the sentence of `text` ending at `end`, else of the one before it while
    each is a verbless phrase of place or manner going on with it ("He proposed. On the boat.
    On Sunday."); not across a question or an interjection ("Where were we? Oh right.
    Friday.")."""
    crossed = False
    while (looks := tense(text, end - 1, end)) is None:
        left, sentence = _sentence(text, end - 1, end)
        said = _WORD.findall(sentence)
        if arranged(said):  # "The plumber is coming. On Thursday."
            looks = "future"
            break
        before = text[:left].rstrip(" .!\"'")
        if len(said) > FRAGMENT or any(_verbs(said)) or not before.strip() or \
                before.endswith("?") or not _GOES_ON.match(sentence):
            return None
        end, crossed = len(before), True
    # a plan told in the past, then where: the day may be the plan's ("I booked it. At the
    # Ritz. On Friday.")
    return None if crossed and _PLANS.search(_sentence(text, end - 1, end)[1]) else looks
