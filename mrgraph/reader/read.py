"""The answer step: read the evidence the policy kept and answer the question that was asked.

  1. analyse the question (reader.question): its kind and the person it is about;
  2. the usable sentences of the turns read, best first (reader.evidence): the person's own
     words preferred, never a question, another speaker only when they say it to the person;
  3. abstain (NOT_MENTIONED) when the best sentence holds too little of the question, or the
     evidence is about someone else (evidence.wrong_person) - unless a list question's person
     names, of themselves, a place or thing of the kind asked for ("Which cities" - "Paris");
  4. answer by kind:
       when      the date the sentence states, as precisely as it was said ("2022", "the
                 week before 9 June 2023", "the Friday before 7 May 2023"), else the day
                 it was said (reader.dates);
       duration  the first span of time the best REACH sentences say ("4 years"), else the
                 date; "how long ago" too ("10 years ago"; numbers in digits);
       how often the first frequency of the best REACH sentences ("three times a week"),
                 else of the person's own sentences (a reply to "how often do you...?");
       yes_no / would   "No" when the sentence denies, else "Yes";
       feeling   "how did X feel / describe ...": the adjective said of it, else what
                 follows "felt" (reader.feelings: "so *excited*", "felt *at ease*");
       choice    the option the evidence mentions most;
       list      the items gathered across all turns read (reader.lists), joined with ", "
                 (for a question asking for several things, the turns handed on too);
       count     the number said next to the head noun, else the number of list items;
       why / how what the person says next (the best sentence sets the scene: "I had a fall."
                 - "How is it now?" - "Much better."): the next statement of its turn, else
                 the first of their next turn after the other's question (a statement with
                 two content words: not "Wow!" or a name); the sentence itself
                 when it gives a reason ("because": for "why", what follows it; "..., so":
                 what comes before it) or
                 nothing follows; abstain when what
                 follows is about the listener ("Sorry about the fall! Must have hurt you."):
                 the question named the wrong person;
       whose     the owner the best REACH sentences name before "'s <noun>" ("my
                 daughter's birthday" said by X -> "X's daughter");
       opinion   "what did X say / think about Y": the best sentence, not a phrase of it;
       what / who / where   the phrase (reader.phrases) of the best three sentences and
                 of the sentence after each that the fitted ranker (reader.ranker) puts first;
                 without one, the best phrase less per rank and per score below the best;
  5. a belief read from the semantic layer answers instead when it covers the question at
     least as well (what mrgraph currently believes), never for a time, a reason ("why"), a
     manner ("how") or an earlier state; for a list, as its first item;
  6. the confidence is fitted on data (reader.confidence) from what the answer rests on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mrgraph.beliefs import is_negative
from mrgraph.lexicon import default as lexicon
from mrgraph.found import Found
from mrgraph.reader import confidence
from mrgraph.reader.confidence import Features
from mrgraph.reader.when import answer_when
from mrgraph.reader.evidence import (Sentence, content_share, follow_about, is_question, sentences,
                                    split_sentences, wrong_person)
from mrgraph.reader.feelings import asks_feeling, feeling
from mrgraph.reader.anchors import anchored, described
from mrgraph.reader.choice import choice
from mrgraph.reader.lists import gather, names_of_kind, with_items
from mrgraph.reader.forms import (count, done_for, duration, frequency, negated, possessor,
                                  that_clause)
from mrgraph.reader.phrases import phrase
from mrgraph.reader.pronouns import third_person
from mrgraph.reader.question import Question, analyse
from mrgraph.reader.stated import stated
from mrgraph.reader.ranker import Chooser, shipped
from mrgraph.reader.words import TIME_WORDS, is_function_word
from mrgraph.text import tokenize, words
from mrgraph.toolkit import Record
from mrgraph.types import NOT_MENTIONED

DEFAULT_THRESHOLD = 0.2
RANK, NEXT = 0.3, 0.5  # what a phrase loses per sentence rank, and for being in the next sentence
TOP, GAP = 3, 1.0  # sentences whose phrases compete; what a phrase loses per score below the best
REACH = 8  # sentences searched for a specific form the question asks for (a frequency, a span)
FOLLOW_KINDS = ("how", "why")
# a question about an earlier state is not answered by the current belief
_PAST = re.compile(r"\b(before|used to|previous(?:ly)?|earlier|first|originally|formerly|former|"
                   r"past|until|ago|back then|at first|in the beginning)\b", re.IGNORECASE)
_AGO = re.compile(r"\bhow long ago\b", re.IGNORECASE)  # "ten years ago", not a date
_MEANS = re.compile(r"\bby (\w+ing)\b[^.!?;]*", re.IGNORECASE)  # how: the means
# "what did X say / think about Y": what they said of it, the sentence, not a phrase of it
_OPINION = re.compile(r"\bwhat\b.*\b(?:say|says|said|think|thinks|thought|believes?|believed)"
                      r" about\b", re.IGNORECASE)
_OFTEN = re.compile(r"\bhow (often|frequently)\b", re.IGNORECASE)
_REASON = re.compile(r"\b(because|'?cause|since|so|which)\b", re.IGNORECASE)  # it says why
# why: the reason the sentence gives, after "because" ("I left *because the music was loud*")
_BECAUSE = re.compile(r"\b(?:because(?: of)?|'?cause|since)\s+([^.!?;]+)", re.IGNORECASE)
# why: the reason before "so" ("*I love the sea*, so I moved to the coast")
_SO = re.compile(r"^(.*?\w)(?:\s*,\s*so\s+\w|\s+so\s+(?:i|i'm|i've|we|we're|he|she|they|it|"
                 r"that|\w+ing)\b)", re.IGNORECASE)
_OPENERS = re.compile(r"^(?:(?:oh|wow|yeah|yes|hey|hi|well|so|haha|lol|omg|aw+|ah|um|"
                      r"thanks|thank you)\b[\s,!.-]*)+", re.IGNORECASE)


@dataclass(frozen=True)
class Reading:
    """The answer with what it rests on: `features` are the calibration inputs."""

    answer: str
    supports: tuple[str, ...]
    confidence: float
    kind: str
    features: Features


def read(state: Found, threshold: float = DEFAULT_THRESHOLD,
         ranker: Chooser | None = None) -> Reading:
    """Answer `state.question` from the evidence in `state` (see the module docstring);
    `ranker` picks the phrase (default: the fitted one shipped, reader.ranker)."""
    speakers = {str(t["speaker"]) for t in state.evidence.turns.values()}
    question = analyse(state.question, speakers)
    found = sentences(state, question)
    # a form the person's own sentence states ("... but *squash* is still my top choice")
    # comes before a belief and every other reading, and is theirs: no wrong-person test
    said_so = stated(question, found, REACH)
    belief = None if said_so else _belief(state, question, found)
    if belief is not None:
        belief = with_items(question, found, *belief)
        return _reading(question, belief[0], belief[1], found, belief_answer=True)
    if not found:
        return _abstain(question, None, found)
    best = found[0]
    rel = float(best.event["relevance"]) if best.event else 0.0
    if max(best.q, rel) < threshold or (not said_so and wrong_person(state, question) and
                                         not names_of_kind(question, found, speakers)):
        return _abstain(question, best, found)
    answer, supports = said_so or _answer(state, question, found, ranker or shipped())
    if answer == NOT_MENTIONED:
        return _abstain(question, best, found)
    answer = third_person(answer, question, found, supports)
    return _reading(question, answer, supports, found)


def _answer(state: Found, question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]]:
    best = found[0]
    kind = question.kind
    if kind in ("when", "duration"):
        return _dated(state, question, found)
    if _OFTEN.search(question.text) and (often := _how_often(found)):
        return often
    if kind in ("yes_no", "would"):
        return ("No" if negated(best.text) else "Yes"), (best.dia_id,)
    if kind == "choice":
        return choice(question, found)
    if kind not in FOLLOW_KINDS and asks_feeling(question.text) and \
            (felt := feeling(found, REACH)):
        return felt
    if kind in ("list", "count") and (listed := _listed(question, found)):
        return listed
    if kind in FOLLOW_KINDS and not (kind == "why" and _REASON.search(best.text)) and \
            (followed := _followed(state, question, found)):
        return followed
    if kind in ("why", "how"):
        return _said(kind, best.text), (best.dia_id,)
    return _what(state, question, found, ranker)


def _dated(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]]:
    """when / duration: the span of time said, else the date the best sentence rests on."""
    if question.kind == "duration" or _AGO.search(question.text):
        span = next(((d, s.dia_id) for s in found[:REACH] if (d := duration(s.text))),
                    None)
        if span:
            return span[0], (span[1],)
    return answer_when(state, question, found)


def _how_often(found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """The best REACH sentences first, then any of the person's: the reply to "how often
    do you...?" says little else of the question ("Twice a month; it keeps me fit.")."""
    often = next(((f, s.dia_id) for s in found[:REACH] if (f := frequency(s.text))), None) \
        or next(((f, s.dia_id) for s in found[REACH:] if s.own and (f := frequency(s.text))),
                None)
    return (often[0], (often[1],)) if often else None


def _listed(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """list / count: the items gathered; for a count, the number said next to the head noun
    first, else the number of items."""
    listed, supports = gather(question, found)
    if question.kind == "count":
        said = next((n for s in found[:3] if (n := count(s.text, question.head))), None)
        if said:
            return said, (found[0].dia_id,)
        if listed:
            return str(len(listed)), supports
    if listed:
        return ", ".join(listed), supports
    return None


def _followed(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """why / how: what the person says next (`_follow`); abstain when it is about the
    listener; a feeling asked for first."""
    best = found[0]
    follow = _follow(state, best)
    if follow is not None and question.person is not None and \
            follow_about(best.speaker, follow[0], _speakers(state)) != question.person:
        return NOT_MENTIONED, ()  # what follows is about the listener: not the person's
    if asks_feeling(question.text) and (felt := feeling(found, REACH)):
        return felt
    if follow is not None:
        return _said(question.kind, follow[0]), (follow[1],)
    return None


def _what(state: Found, question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]]:
    """what / who / where: an owner, an opinion, a clause, an anchored or described thing,
    else the phrase the ranker chooses, else the best phrase."""
    best = found[0]
    kind = question.kind
    if said_whose := _whose(state, question, found):
        return said_whose
    if _OPINION.search(question.text):
        return _said(kind, best.text), (best.dia_id,)
    # "What did X realize?" - "I finally learned that *rest matters*": the clause
    clause = next(((c, s.dia_id) for s in found[:REACH] if s.own and question.verb and
                   (c := that_clause(s.text, question.verb))), None)
    if kind == "what" and clause:
        return clause[0], (clause[1],)
    # "What did X receive from a chess club?" - "one of my *medals* from a chess club"
    held = next(((a, s.dia_id) for s in found[:TOP] if (a := anchored(s.text, question))), None)
    if kind == "what" and held:
        return held[0], (held[1],)
    said_of = next(((a, s.dia_id) for s in found[:TOP] if (a := described(s.text, question))),
                   None)
    if kind == "what" and said_of:  # "This scarf ... - a present my uncle made"
        return said_of[0], (said_of[1],)
    chosen = ranker.choose(question, found)
    if chosen is not None:
        return chosen.text, (chosen.dia_id,)
    return _best_phrase(question, found)


def _whose(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """ "Whose <noun> ...?": the owner the best REACH sentences name before "'s <noun>"."""
    asked = words(question.text)
    if len(asked) < 2 or asked[0] != "whose":
        return None
    speakers = _speakers(state)
    for sentence in found[:REACH]:
        other = next((p for p in speakers if p != sentence.speaker), "")
        owner = possessor(sentence.text, asked[1], sentence.speaker, other)
        if owner:
            return owner, (sentence.dia_id,)
    return None


def _said(kind: str, sentence: str) -> str:
    """A sentence answering why/how, without its opener ("Oh, ..."); for "how", only the
    means when it says one ("I stay calm *by reading before bed*"); for "why", only the reason
    after "because" / "since" when it says something."""
    means = _MEANS.search(sentence) if kind == "how" else None
    if means and _is_gerund(means.group(1).lower()):
        return means.group(0)
    because = _BECAUSE.search(sentence) if kind == "why" else None
    if because and _says_something(because.group(1)):
        return because.group(1).strip()
    if kind == "why" and (purpose := done_for(sentence)):  # "I did it *for my kids*"
        return purpose
    cause = _SO.search(sentence) if kind == "why" else None
    if cause and _says_something(cause.group(1)):
        return _OPENERS.sub("", cause.group(1)).strip()
    return _OPENERS.sub("", sentence).strip() or sentence


def _is_gerund(word: str) -> bool:
    """Whether an -ing word is a verb's ("reading", "running"), not a noun or a time that ends
    so ("everything", "evening", "spring")."""
    return word not in TIME_WORDS and lexicon().base(word, "verb") != word


def _best_phrase(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]]:
    """The best phrase of the best sentences and of the sentence after each in its turn (a
    turn often restates the question, then answers it: "I wanted to get fitter.
    So I joined a rowing club."); each rank down costs RANK, the next sentence NEXT."""
    options: list[tuple[float, str, str]] = []
    top = found[0].score
    for rank, sentence in enumerate(found[:TOP]):
        parts = split_sentences(sentence.turn) if sentence.turn else [sentence.text]
        at = parts.index(sentence.text) if sentence.text in parts else len(parts)
        for extra, text in ((0.0, sentence.text), (NEXT, " ".join(parts[at + 1:at + 2]))):
            said, score = phrase(text, question) if text else ("", float("-inf"))
            if said:
                options.append((score - RANK * rank - GAP * (top - sentence.score) - extra,
                                said, sentence.dia_id))
    if not options:
        return found[0].text, (found[0].dia_id,)
    _, said, dia_id = max(options, key=lambda o: o[0])  # ties: the first
    return said, (dia_id,)


def _follow(state: Found, sentence: Sentence) -> tuple[str, str] | None:
    """What the speaker says next about it: the next statement of the sentence's turn, else
    the first of their next turn when the other speaker asked them about it in between
    ("I started boot camps." - "How's it going?" - "We have lots more energy.")."""
    parts = split_sentences(sentence.turn) if sentence.turn else ()
    at = parts.index(sentence.text) if sentence.text in parts else len(parts)
    rest = [p for p in parts[at + 1:] if _says_something(p)]
    if rest:
        return rest[0], sentence.dia_id
    turn = next((t for t in state.evidence.turns.values()
                 if t["dia_id"] == sentence.dia_id and t["text"] == sentence.turn), None)
    if turn is None:
        return None
    session, _, number = sentence.dia_id.partition(":")
    if not number.isdigit():
        return None
    key = f"{turn.get('conversation', '')}/{session}:"
    asked = state.evidence.turns.get(key + str(int(number) + 1))
    reply = state.evidence.turns.get(key + str(int(number) + 2))
    if asked is None or reply is None or asked["speaker"] == sentence.speaker or \
            reply["speaker"] != sentence.speaker or \
            not any(is_question(p) for p in split_sentences(str(asked["text"]))):
        return None
    said = [p for p in split_sentences(str(reply["text"])) if _says_something(p)]
    return (said[0], str(reply["dia_id"])) if said else None


def _speakers(state: Found) -> set[str]:
    return {str(t["speaker"]) for t in state.evidence.turns.values()}


def _says_something(sentence: str) -> bool:
    """A statement with two content words at least: not a question, not "Wow!", "<name>!"."""
    return not is_question(sentence) and \
        sum(not is_function_word(w) for w in words(sentence)) >= 2


def _belief(state: Found, question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """The belief to answer with, of those read: the most confident (ties: the one covering
    more of the question, then an affirmation, then the first), when it covers the question
    - its aspect and statement - at least as well as the best sentence."""
    # a belief is a state ("likes running"): no date, no reason, no manner
    if question.kind in ("when", "duration", "why", "how") or not state.evidence.beliefs or \
            _PAST.search(state.question):
        return None
    scored = [(float(b["confidence"]),
               content_share(state, question, f"{b['aspect']} {b['statement']}"),
               not is_negative(str(b["statement"])), -i, b)
              for i, b in enumerate(state.evidence.beliefs.values())]
    _, q, _, _, best = max(scored, key=lambda s: s[:4])
    if found and q < found[0].q:
        return None
    statement = str(best["statement"])
    said, _ = phrase(statement, question)
    answer = ("No" if negated(statement) else "Yes") if question.kind in ("yes_no", "would") \
        else said or statement
    return answer, _belief_supports(state, best)


def _belief_supports(state: Found, belief: Record) -> tuple[str, ...]:
    """The turn of the belief's episodes, read, where its person says most of its statement;
    all of the episodes' turns when none of them was read."""
    held = set(tokenize(str(belief["statement"])))
    said = [(len(held & set(tokenize(str(t["text"])))), t) for t in state.evidence.turns.values()
            if t["dia_id"] in belief["dia_ids"] and t["speaker"] == belief["entity"]]
    best = max(said, key=lambda s: s[0], default=(0, None))
    return (str(best[1]["dia_id"]),) if best[1] is not None and best[0] > 0 \
        else tuple(belief["dia_ids"])


def _reading(question: Question, answer: str, supports: tuple[str, ...],
             found: list[Sentence], belief_answer: bool = False) -> Reading:
    features = confidence.features(question.kind, found, answer, belief_answer)
    return Reading(answer, supports, confidence.calibrated(features), question.kind, features)


def _abstain(question: Question, best: Sentence | None, found: list[Sentence]) -> Reading:
    features = confidence.features("abstain", found, NOT_MENTIONED, False)
    return Reading(NOT_MENTIONED, (), confidence.calibrated(features), "abstain", features)
