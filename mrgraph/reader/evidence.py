"""The evidence the reader answers from: the sentences of the turns the policy read (for a
question asking for several things, and the turns handed on: mrgraph.found.Found.handed),
scored against the question, and the beliefs it read.

  score(s) = fit(s) + EPISODE_WEIGHT * relevance of its episode + TIMED if a "when"
             question's sentence states a date + ON_THE_DAY if it mentions a day of the
             time a question that asks for no date names (`named_time`) + AGREES *
             confidence of an active belief it states (`believed`: what mrgraph believes
             now comes first among equals)
  fit(s)   max(q(s), PROMPT * q(the question asked in the turn before), the latter for the
           first sentence of a turn only: dialogue answers the question the other speaker
           just asked - one asking for what ours does counts with what it asks about, the
           turn before it ("I got a solo." - "What are you singing?"; not for a list, whose
           items come from several sessions); COVERS * the share of the question such a
           belief holds, its aspect included: "I teach chemistry" holds what "job: teaches
           chemistry" holds of "What is her job?");
  q(s)     share of the question's idf weight (names of the people asked about left out) the
           sentence holds; a question noun it names a kind of, part of its weight ("a buddy"
           for "a friend": mrgraph.kind_fit);
  usable   never a question ("Is this your own recipe?"); a sentence of another speaker only
           when it states the fact *to* the person ("Well done on the exam, <name>") - it
           names them - or when the question names nobody.
  photo    a photo's caption, without "a photo of", stands in for the sentence of its turn that
           points at it ("Look what we built!" - "a wooden birdhouse on a post"), scored like it
           and first of the two, when it holds some of the question.
When no turn was read, the kept episodes' summaries are the sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache

from mrgraph.beliefs import is_negative
from mrgraph.dates import DateValue
from mrgraph.found import Found, dia_order, record_text
from mrgraph.reader.dates import ahead, turn_dates
from mrgraph.reader.dates import stated as stated_date
from mrgraph.kind_fit import kind_held
from mrgraph.reader.question import AUXILIARIES, Question
from mrgraph.reader.words import lemma
from mrgraph.text import tokenize, words
from mrgraph.toolkit import Record

EPISODE_WEIGHT = 0.6  # chosen leaving each dev conversation out (RESULTS.md@c29e350 section 23)
TIMED = 0.3  # for a "when" question, a sentence that says when (a resolved date) is preferred
# ... and, as much, for a question that names its time ("What did she paint in July 2023?"), a
# sentence that mentions a day of that time ("I painted a sunset last month", said in August)
ON_THE_DAY = TIMED
MONTH = 31  # days: a time named more broadly ("in 2024") picks out no one event
AGREES = 0.05  # times its confidence: a sentence saying what an active belief states
COVERS = 1.0  # of the belief's share of the question: what such a sentence holds of it at least
PROMPT = 0.8  # the reply to a question that asks ours: its first sentence answers it
REACH = 8  # the best sentences searched for a specific form asked for (a frequency, a span...)
ASKED = 0.5  # a question asking half of ours makes the reply to it the person's
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "ya"})
FIRST_PERSON = frozenset({"i", "my", "me", "mine", "myself", "we", "our", "us", "ours", "m",
                           "ve"})
# a question about an earlier state is not answered by what is believed now
_PAST = re.compile(r"\b(before|used to|previous(?:ly)?|earlier|first|originally|formerly|former|"
                   r"past|until|ago|back then|at first|in the beginning)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# a sentence pointing at the photo its turn shares ("Look what we built!"); not a toast
# ("here's to ..."), nor praise of the other's photo ("nice pic!")
_POINTS = re.compile(r"\b(?:here(?:'s| is| are)(?! to\b)|this is|these are|check (?:this|it|out|my)"
                     r"|look at|take a look|peek|(?:this|these|my|our) (?:pic|photo|picture|snap"
                     r"|shot|snapshot)s?|(?:pic|photo|picture|snap|snapshot)s? of)\b",
                     re.IGNORECASE)
# a machine caption's opener ("a photo of a painting of ..."): the photo, not what it shows
_CAPTION_OPENER = re.compile(r"^(?:an? )?(?:photo(?:graph|graphy)?|picture|image)s? of\s+",
                             re.IGNORECASE)
# what a question asks for by its question word; "how" and a yes/no form ask for anything
_WH_WORDS = {"what": "what", "which": "what", "how": "what", "who": "who", "whom": "who",
             "whose": "who", "where": "where", "when": "when", "why": "why"}
_HOW_SPECIFIC = {"many": "count", "much": "count", "old": "count", "long": "when",
                 "often": "when"}


@dataclass(frozen=True)
class Sentence:
    """One sentence of the evidence, with where it comes from and how well it fits."""

    text: str
    dia_id: str
    speaker: str
    event: Record | None
    q: float
    score: float
    own: bool  # about the person asked about: said by them of themselves, or to them
    turn: str = ""  # the whole turn
    stated: DateValue | None = None  # for a "when" question: the date the sentence states
    said: str = ""  # the session date of the turn
    reply: Record | None = None  # the speaker's next turn, when the other asked in between
    prompted: bool = False  # it fits as the reply to the other's question asking ours

    def told_after(self) -> tuple[str, ...]:
        """The sentences of its turn after it (none when its turn is not known)."""
        parts = split_sentences(self.turn) if self.turn else ()
        return parts[parts.index(self.text) + 1:] if self.text in parts else ()


@lru_cache(maxsize=20_000)
def split_sentences(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in _SENTENCE_END.split(text) if s.strip()) or (text.strip(),)


# the same turns are read for every question and every speaker test: tokenise each text once
@lru_cache(maxsize=50_000)
def token_set(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


@lru_cache(maxsize=50_000)
def word_set(text: str) -> frozenset[str]:
    return frozenset(words(text))


@lru_cache(maxsize=50_000)
def lemma_set(text: str) -> frozenset[str]:
    """The lemmas of a text's words (reader.words.lemma: "left" -> "leav")."""
    return frozenset(lemma(w) for w in word_set(text))


def is_question(sentence: str) -> bool:
    return sentence.rstrip().rstrip("\"')").endswith("?")


def statements(text: str) -> str:
    """A turn's text without its questions: what it states."""
    return " ".join(s for s in split_sentences(text) if not is_question(s))


def first_read(found: Sequence[Sentence], read: Callable[[str], str | None],
               person: str | None = None) -> tuple[str, tuple[str, ...]] | None:
    """What `read` reads in the first of `found` it reads anything in (said by `person`, when
    one is given), with that sentence's turn as its support; None when it reads nothing."""
    for sentence in found:
        if person is not None and sentence.speaker != person:
            continue
        if said := read(sentence.text):
            return said, (sentence.dia_id,)
    return None


def content_share(state: Found, question: Question, text: str) -> float:
    """Share of the question's weight, without the people's names, that `text` holds; a noun
    of the question it names a kind of counts in part ("buddy" for "friend": fit_kind)."""
    weights = {t: w for t, w in state.weights.items() if t in question.stems}
    total = sum(weights.values())
    if total <= 0:
        return state.q_share(token_set(text))
    held = token_set(text)
    share = sum(w for t, w in weights.items() if t in held)
    if question.on("fit_kind"):
        share += kind_held(weights, held, question.text, question.verb, text)
    return share / total


def sentences(state: Found, question: Question) -> list[Sentence]:
    """Every usable sentence of the turns read, best score first (ties: transcript order)."""
    found: list[Sentence] = []
    future = ahead(question.text, due=False)
    events = state.evidence.events
    asked = asked_before(state, question, question.on("context") and question.kind != "list")
    people = speakers(state.evidence.turns.values())
    beliefs = believed(state, question) if question.on("agrees") else []
    named = named_time(question) if question.on("on_the_day") else None
    for turn in turns_read(state, question):
        event = events.get(str(turn.get("event_id")))
        rel = float(event["relevance"]) if event else float(turn.get("relevance", 0.0))
        speaker, text, said = str(turn["speaker"]), str(turn["text"]), str(turn.get("date", ""))
        prompt = PROMPT * asked.get(turn_key(turn, 1), 0.0) if question.on("prompt") else 0.0
        reply = replied(state, turn)
        shown = _shown(state, question, turn)
        for i, sentence in enumerate(split_sentences(text)):
            if is_question(sentence) or not _states_it(question, speaker, sentence):
                continue
            q = content_share(state, question, sentence)
            own = question.person is not None and \
                about_whom(speaker, sentence, people) == question.person
            stated = stated_date(sentence, text, said,
                                 lambda clause: content_share(state, question, clause),
                                 future) \
                if question.kind in ("when", "duration") else None
            held = token_set(sentence)
            agrees = max((c for words_, c, _ in beliefs if words_ <= held), default=0.0)
            covers = max((share for words_, _, share in beliefs if words_ <= held),
                         default=0.0)
            fit = max(q, prompt if i == 0 else 0.0, COVERS * covers)
            score = fit + EPISODE_WEIGHT * rel * question.on("episode") + \
                (TIMED if stated and question.on("timed") else 0.0) + AGREES * agrees + \
                (ON_THE_DAY if named and mentions_within(sentence, said, named) else 0.0)
            found.append(Sentence(sentence, str(turn["dia_id"]), speaker, event, q, score, own,
                                  text, stated, said, reply, i == 0 and prompt > q))
            if shown and _POINTS.search(sentence):  # the photo first: it is what was meant
                found.insert(len(found) - 1, replace(found[-1], text=shown, turn=shown,
                                                     reply=None, prompted=False))
                shown = ""  # one stand-in per photo
    if not found:  # nothing read: the episodes' own summaries
        for event in events.values():
            q = content_share(state, question, record_text(event))
            dia = str(event["dia_ids"][0]) if event["dia_ids"] else ""
            found.append(Sentence(str(event["summary"]), dia, "", event, q,
                                  q + EPISODE_WEIGHT * float(event["relevance"]), False))
    found.sort(key=lambda s: dia_order(s.dia_id) if s.dia_id else (0,))
    found.sort(key=lambda s: -s.score)
    return found


def named_time(question: Question) -> tuple[str, str] | None:
    """The first and last ISO day of the time a question states for what it asks about, when it
    asks for no date nor a list and that time is a month at most ("What did they do on 9 and 10
    November 2024?", "What setback did she face in October 2023?"); else None."""
    if question.kind in ("when", "duration", "list"):
        return None
    stated = [v for v in turn_dates(question.text, "2000-01-01") if v.source == "stated"]
    if not stated:
        return None
    first, last = min(v.start for v in stated), max(v.end for v in stated)
    return (first, last) if _days(first, last) <= MONTH else None


def mentions_within(sentence: str, said: str, time: tuple[str, str]) -> bool:
    """Whether `sentence`, said on `said`, mentions a date of a month at most that meets `time`
    ("we're going to record an EP in November"; not "last year")."""
    return any(v.overlaps(*time) and _days(v.start, v.end) <= MONTH
               for v in turn_dates(sentence, said))


def _days(first: str, last: str) -> int:
    return (date.fromisoformat(last) - date.fromisoformat(first)).days


def _shown(state: Found, question: Question, turn: Record) -> str:
    """What the photo `turn` shares shows, its caption without "a photo of", when it holds
    some of the question ("a wooden birdhouse on a post" for "What did they build?"): it stands in
    for a sentence of the turn that points at it, scored like it. A caption is a machine's:
    one that holds none of the question is no answer to it ("a group of people standing")."""
    caption = str(turn.get("caption") or "").strip()
    shown = _CAPTION_OPENER.sub("", caption).strip() if question.on("photo") else ""
    return shown if shown and content_share(state, question, shown) > 0 else ""


def believed(state: Found, question: Question) -> list[tuple[frozenset[str], float, float]]:
    """(its words, its confidence, its share of the question) of each active belief read
    about the person asked that holds some of the question - its aspect and statement - and
    does not deny: what mrgraph believes now ("lives in Denver now", not the superseded "lives
    in Boise"). Its words leave out its person's name, which their own sentences do not
    say. None for a question about a time, a reason, a manner or an earlier state: a belief is
    a state ("likes running"), the current one."""
    found: list[tuple[frozenset[str], float, float]] = []
    if question.kind in ("when", "duration", "why", "how") or _PAST.search(question.text):
        return found
    for belief in state.evidence.beliefs.values():
        statement = str(belief["statement"])
        share = content_share(state, question, f"{belief['aspect']} {statement}")
        if belief.get("status", "active") != "active" or is_negative(statement) or \
                question.person not in (None, belief["entity"]) or share <= 0:
            continue
        said = token_set(statement) - token_set(str(belief["entity"]))
        if said:
            found.append((said, float(belief["confidence"]), share))
    return found


def speakers(turns: Iterable[Record]) -> frozenset[str]:
    """Who says `turns` (`state.evidence.turns.values()`: everyone of the conversation read)."""
    return frozenset(str(t["speaker"]) for t in turns)


def turns_read(state: Found, question: Question) -> list[Record]:
    """The turns read and, when the loop fetched more (a question asking for several things),
    those of the turns handed on (`Found.handed`) that were not read."""
    if not question.on("handed"):
        return list(state.evidence.turns.values())
    read = set(map(id, state.evidence.turns.values()))
    return [*state.evidence.turns.values(), *(t for t in state.handed if id(t) not in read)]


def replied(state: Found, turn: Record, earlier: bool = False) -> Record | None:
    """The speaker's next turn, when the other speaker's turn in between asks a question: it
    goes on with what `turn` said ("Bram got into art school." - "What will he study?" -
    "Mechanical engineering."); with `earlier`, their turn before, across such a question
    ("Something happened yesterday..." - "What happened?" - `turn`); None when the turns read
    do not hold both."""
    across = exchange(state.evidence.turns, turn, later=not earlier)
    if across is None or not any(is_question(p) for p in split_sentences(str(across[0]["text"]))):
        return None
    return across[1]


def exchange(turns: Mapping[str, Record], turn: Record, later: bool = True) -> \
        tuple[Record, Record] | None:
    """With `later`, the other speaker's turn right after `turn` and the speaker's own turn
    after that; otherwise the other's turn right before it and the speaker's own before that.
    Both among `turns` (keyed by `turn_key`); None when either is missing or said by another."""
    step = -1 if later else 1  # turn_key counts back
    between, other = turns.get(turn_key(turn, step)), turns.get(turn_key(turn, 2 * step))
    if between is None or other is None or between["speaker"] == turn["speaker"] or \
            other["speaker"] != turn["speaker"]:
        return None
    return between, other


def turn_of(turns: Mapping[str, Record], sentence: Sentence) -> Record | None:
    """The turn of `turns` a sentence was said in (its dia_id and text); None when it is not
    among them."""
    return next((t for t in turns.values()
                 if t["dia_id"] == sentence.dia_id and t["text"] == sentence.turn), None)


def turn_key(turn: Record, shift: int = 0) -> str:
    """conversation/session:turn of a turn, `shift` turns before it ("D3:7", 1 -> "D3:6";
    -1 -> "D3:8", the turn after)."""
    session, _, number = str(turn["dia_id"]).partition(":")
    index = int(number) - shift if number.isdigit() else -1
    return f"{turn.get('conversation', '')}/{session}:{index}"


def asked_before(state: Found, question: Question, context: bool = False) -> dict[str, float]:
    """Turns holding a question, keyed like `turn_key`: how much of our question each asks.
    The turn after one is its reply ("What did you buy?" - "A red bike."). With `context`, a
    question that asks some of ours, for what ours asks (`_asks_alike`), asks it of what the
    other speaker just told: its share counts their turn's words too ("I've got a solo at the
    concert." - "What are you singing?" asks what they sing at the concert)."""
    found: dict[str, float] = {}
    for turn in state.evidence.turns.values():
        asking = [s for s in split_sentences(str(turn["text"])) if is_question(s)]
        if not asking:
            continue
        share = max(content_share(state, question, s) for s in asking)
        before = state.evidence.turns.get(turn_key(turn, 1)) if context and share > 0 else None
        alike = [s for s in asking if _asks_alike(s, question)]
        if before is not None and alike and before["speaker"] != turn["speaker"]:
            told = statements(str(before["text"]))
            share = max(share, *(content_share(state, question, f"{told} {s}") for s in alike))
        found[turn_key(turn)] = share
    return found


def asks_for(sentence: str) -> str | None:
    """What a question asks for by its first question word: "where", "when" (also "how
    long", "how often"), "who", "why", "count" ("how many", "how much", "how old"); "what"
    for anything else ("what", "which", "how", a yes/no form: "Did you keep any?"); None
    without a question form ("Nine lamps in a loft?" says back what was said)."""
    said = words(sentence)
    for at, word in enumerate(said):
        if word == "how" and said[at + 1:at + 2] and said[at + 1] in _HOW_SPECIFIC:
            return _HOW_SPECIFIC[said[at + 1]]
        if word in _WH_WORDS:
            return _WH_WORDS[word]
    return "what" if said and said[0] in AUXILIARIES else None


def _asks_alike(asking: str, question: Question) -> bool:
    """`asking` asks for what our question does: "Where in England was it?" does not ask what
    was made there, nor "Nine lamps in a loft?" how many."""
    ours = asks_for(question.text)
    return ours is not None and asks_for(asking) == ours


def _states_it(question: Question, speaker: str, sentence: str) -> bool:
    """A sentence counts when its speaker is the person asked about, when the question names
    nobody (or several), or when it is said to the person (it names them)."""
    if question.person is None or speaker == question.person or not question.on("to_person"):
        return True
    first = words(question.person)[:1]
    return bool(first) and first[0] in words(sentence)


@lru_cache(maxsize=1_000)
def _first_name(person: str) -> str:
    return (words(person) or [""])[0]


def about_whom(speaker: str, sentence: str, speakers: Collection[str],
              second_person: bool = True) -> str:
    """Whom a sentence is about: the listener when it speaks of them ("your painting", "proud
    of you"), or names them without the speaker's "I"/"my" ("Congrats on the job, <name>");
    else its speaker ("<name>, I had to close my account" is about the speaker)."""
    said = word_set(sentence)
    listeners = [p for p in speakers if p != speaker]
    named = [p for p in listeners if _first_name(p) in said]
    if second_person and said & SECOND_PERSON and len(listeners) == 1:
        return listeners[0]
    if named and not said & FIRST_PERSON:
        return named[0]
    return speaker
