"""The answer step: read the evidence the policy kept and answer the question that was asked.

  1. analyse the question (reader.question): its kind and the person it is about;
  2. the usable sentences of the turns read, best first (reader.evidence): never a question,
     another speaker's only when they say it to the person; a shared photo's caption for the
     sentence that points at it;
  3. abstain (NOT_MENTIONED) when the best sentence holds too little of the question, the
     evidence is about someone else (whose.wrong_person), or no turn read says a name the
     question holds ("a trip to *Bruges*": whose.unseen_name);
  4. answer by kind:
       when      the date the sentence states, as precisely as it was said ("2022", "the
                 week before 9 June 2023", "the Friday before 7 May 2023"), else the day
                 it was said (reader.when, reader.dates) - for a beginning asked ("when
                 did she start ...?") its month: it began by then; "which year / month": its year
                 or month, a year also a span of years counted back ("eleven years since");
       duration  between two things ("how many weeks passed between A and B"), the length
                 worked out from their dates (reader.lengths: "seven weeks"); else the first
                 span of time the best REACH sentences say ("4 years"; "ago" only for "how
                 long ago": "ten years ago"; as it was said; "how long has" years with the
                 year they began: "nine years, since 2014"; not a frequency's period:
                 "twice a week"); else the length from the start
                 of what was asked to the day it was said; else the length from the
                 date it rests on to the farthest of the sentences telling it (lengths.
                 story_length: "six months", "four years, since 2019"); else the date;
       how often the first frequency of the best REACH sentences ("three times a week"),
                 else of the person's own sentences (a reply to "how often do you...?");
       how many times   the first count of times of the best REACH sentences ("three
                 times", "twice"; not "twice a week"), the person's own;
       where on a date   "where was X <on a date>?": the places of the best sentence naming
                 one (in clauses that deny nothing; reader.whowhere);
       yes_no / would   "No" when the sentence denies, else "Yes";
       feeling   "how did X feel / describe ...": the adjective said of it, else what
                 follows "felt" (reader.feelings: "so *excited*", "felt *at ease*");
       manner    "how does X <verb>": the "by <doing>" clause the person says ("I stay calm
                 *by breathing slowly*"; reader.manner);
       why / how what the person says next (the best sentence sets the scene: "I had a fall."
                 - "How is it now?" - "Much better."): the next statement of its turn, else
                 the first of their next turn after the other's question (a statement with
                 two content words: not "Wow!" or a name); the sentence itself when it gives
                 a reason ("because", "so"), is the reply to the other's question asking ours
                 (three content words at least) or nothing follows; without its opener;
                 for "why", only the reason it marks (reader.reasons: "*the rent went up*");
       thought   "what did X realize / learn / decide": the clause the verb takes ("I realized
                 *rest matters*"; reader.forms.complement); "what did X do": what the
                 person says they did, when it is more new words than the question's ("we
                 *built a treehouse*"; reader.forms.predicate; without a purpose the
                 question states: "bought a lamp *to brighten the hall*");
       befell    "what happened to Y": the clause of the best sentence naming Y ("when *my
                 bike got stolen*": reader.happened);
       list      the phrases of the best sentences of several sessions ("cello, harp":
                 reader.lists), those that name a thing (reader.items: not "SO HAPPY NOW",
                 "July", "away"; "joined a book club" is "book club"; "X and Y" is two
                 items, in one phrase too; several names asked: the names said); so too for
                 a "what / where / who" question in the present perfect ("What has X
                 painted?": reader.question.over_time);
       other     the phrase (reader.phrases: a number for "how many")
                 of the best three sentences and of the sentence after each that the fitted
                 ranker (reader.ranker) puts first;
  5. the confidence is fitted on data (reader.confidence) from what the answer rests on; when
     an active belief read from the semantic layer states the answer and covers the question
     as well as its sentence (what mrgraph currently believes), the belief's confidence when
     higher. A belief never answers itself: its statement is no phrase of the conversation
     ("likes camping trips", "has kids"), and the turns answered better on every conversation
     measured (issue 28).
Each rule family can be switched off (reader.question.FAMILIES) to measure what it is worth
(benchmarks/reader_ablation.py); those that did not help on the validation conversations were
removed (issue 28).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mrgraph.found import Found
from mrgraph.reader import confidence
from mrgraph.reader.confidence import Features
from mrgraph.reader.evidence import (REACH, Sentence, believed, first_read, is_question,
                                    sentences, speakers, split_sentences)
from mrgraph.reader.feelings import asks_feeling, feeling
from mrgraph.reader.forms import (THOUGHT, complement, frequency, negated, predicate, times,
                                  unpurposed, untimed)
from mrgraph.reader.items import is_item, split_and
from mrgraph.reader.lengths import answer_dated
from mrgraph.reader.lists import list_answer
from mrgraph.reader.manner import manner
from mrgraph.reader.reasons import why
from mrgraph.reader.happened import what_befell
from mrgraph.reader.question import Question, analyse, over_time
from mrgraph.reader.ranker import Chooser, Ranker, shipped
from mrgraph.reader.whose import unseen_name, wrong_person
from mrgraph.reader.whowhere import dated, where
from mrgraph.reader.words import is_function_word, lemma
from mrgraph.text import stem, tokenize, words
from mrgraph.types import NOT_MENTIONED

DEFAULT_THRESHOLD = 0.2
THOUGHT_REACH = 3  # sentences searched for what a verb of thought takes in
FOLLOW_KINDS = ("how", "why")
_OFTEN = re.compile(r"\bhow (often|frequently)\b", re.IGNORECASE)
_TIMES_ASKED = re.compile(r"\bhow many times\b", re.IGNORECASE)
_REASON = re.compile(r"\b(because|'?cause|since|so|which)\b", re.IGNORECASE)  # it says why
_EXCLAIMS = re.compile(r"^(?:ha|hah|haha|lol|omg|wow|aw+|oh|ah)\b", re.IGNORECASE)
_OPENERS = re.compile(r"^(?:(?:oh|wow|yeah|yes|hey|hi|well|so|ha|haha|lol|omg|aw+|ah|um|"
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
         ranker: Chooser | None = None, off: frozenset[str] = frozenset()) -> Reading:
    """Answer `state.question` from the evidence in `state` (see the module docstring);
    `ranker` picks the phrase (default: the fitted one shipped, reader.ranker); `off`: rule
    families switched off (reader.question.FAMILIES; benchmarks/reader_ablation.py)."""
    question = analyse(state.question, speakers(state.evidence.turns.values()), off)
    found = sentences(state, question)
    if not found:
        return _reading("abstain")
    best = found[0]
    rel = float(best.event["relevance"]) if best.event else 0.0
    if (question.on("threshold") and max(best.q, rel) < threshold) or \
            (question.on("wrong_person") and wrong_person(state, question)) or \
            (question.on("unseen_name") and unseen_name(state, question)):
        return _reading("abstain")
    answer, supports = _answer(state, question, found, ranker or shipped())
    believed = _believed(state, question, found, answer, supports) \
        if question.on("believed") else 0.0
    return _reading(question.kind, answer, supports, believed)


def _answer(state: Found, question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]]:
    best = found[0]
    kind = question.kind
    if kind in ("when", "duration"):
        return answer_dated(state, question, found)
    # the best REACH sentences first, then any of the person's: the reply to "how often do
    # you...?" says little else of the question ("Twice a month; it keeps me fit.")
    if question.on("often") and _OFTEN.search(question.text) and \
            (often := first_read(found[:REACH], frequency) or
             first_read([s for s in found[REACH:] if s.own], frequency)):
        return often
    # "how many times ...?": the first count of times ("I've climbed it four times now") of the
    # best sentences, the person's own when the question names one; a number elsewhere in a
    # sentence counts other things ("two hours", "a party on 9 May")
    if question.on("times") and _TIMES_ASKED.search(question.text) and \
            (counted := first_read(found[:REACH], times, question.person)):
        return counted
    if kind in ("yes_no", "would"):
        said = "No" if question.on("negation") and negated(best.text) else "Yes"
        return said, (best.dia_id,)
    if kind == "how" and question.on("manner") and (how := manner(question, found, REACH)):
        return how  # "how does X <verb>": the "by <doing>" clause said
    feelings = question.on("feelings") and asks_feeling(question.text)
    if kind not in FOLLOW_KINDS and feelings and (felt := feeling(found, REACH)):
        return felt
    if kind in FOLLOW_KINDS and question.on("follow") and \
            not (kind == "why" and _REASON.search(best.text)) and \
            not (best.prompted and question.on("replied") and _says_something(best.text, 3)
                 and not _EXCLAIMS.match(best.text)):  # "Ha, I get that a lot." opens a reply
        if feelings and (felt := feeling(found, REACH)):
            return felt
        follow = _follow(best)
        if follow is not None:
            return why(_said(follow[0]), question), (follow[1],)
    if kind in FOLLOW_KINDS:
        return why(_said(best.text), question), (best.dia_id,)
    return _thing(question, found, ranker)


def _thing(question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]]:
    """The answer naming a thing (`_answer` past the dated, yes/no, manner and sentence
    kinds): what was thought or befell, a list, where told; else the phrase the ranker
    chooses (`_chosen`)."""
    best, kind = found[0], question.kind
    if kind == "what" and (thought := _thought(question, found)):
        return thought
    if kind == "what" and (befallen := what_befell(question, best.text)):
        return befallen, (best.dia_id,)  # "what happened to Y"
    several = kind == "list" or (kind in ("what", "where", "who") and question.on("perfect")
                                 and over_time(question))
    if several and question.on("items") and (listed := list_answer(question, found, ranker)):
        return listed
    if (told := _where_dated(question, found)) is not None:
        return told
    return _chosen(question, found, ranker)


def _chosen(question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]]:
    """The phrase the ranker chooses, as the question's kind says it (a list split into its
    items); else the best sentence."""
    best, kind = found[0], question.kind
    # one thing asked for of several: a phrase that names one ("SO HAPPY NOW", "July" do not)
    keep = is_item if kind == "list" and question.on("item_kind") else None
    chosen = (ranker if question.on("ranker") else Ranker()).choose(question, found, keep)
    if chosen and kind == "list" and question.on("item_split"):
        return ", ".join(split_and(chosen.text, question.on("ph_serial"))), (chosen.dia_id,)
    return (chosen.text, (chosen.dia_id,)) if chosen else (best.text, (best.dia_id,))


def _where_dated(question: Question, found: list[Sentence]) -> \
        tuple[str, tuple[str, ...]] | None:
    """"Where was X <on a date>?": the places of the first sentence naming one
    (reader.whowhere)."""
    if question.kind == "where" and question.on("where_dated") and dated(question):
        return where(question, found)
    return None


def _thought(question: Question, found: list[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """"What did X realize / learn / decide...?": the clause the verb takes ("I realized *rest
    matters*", forms.complement); "what did X *do*": what they say they did ("we *painted
    the fence*", forms.predicate); in the first of the best THOUGHT_REACH sentences that holds
    it (one of the person's own for "do": "I" is the speaker)."""
    verb = lemma(question.verb) if question.verb else ""
    if verb in THOUGHT and question.on("thought"):
        said = next(((c, s.dia_id) for s in found[:THOUGHT_REACH]
                     if (c := complement(s.text, verb))), None)
    elif verb == "do" and question.on("did"):
        said = next(((c, s.dia_id) for s in found[:THOUGHT_REACH]
                     if (s.own or question.person is None) and
                     (c := predicate(s.text)) and _news(c, question)), None)
        if said and question.on("did_untimed"):  # when is asked already: what, not when
            said = untimed(said[0]), said[1]
        if said and question.on("did_purpose"):  # why is asked already: what, not why
            said = unpurposed(said[0], question), said[1]
    else:
        return None
    return (said[0], (said[1],)) if said else None


def _news(said: str, question: Question) -> bool:
    """Half the content words of `said` at least are not the question's: it tells something
    ("we *built a treehouse*"), not the question back ("I wanted to brighten the hall")."""
    content = [stem(w) for w in words(said) if not is_function_word(w)]
    return bool(content) and sum(w not in question.stems for w in content) >= len(content) / 2


def _said(sentence: str) -> str:
    """A sentence answering why/how, without its opener ("Oh, ...")."""
    return _OPENERS.sub("", sentence).strip() or sentence


def _follow(sentence: Sentence) -> tuple[str, str] | None:
    """What the speaker says next about it: the next statement of the sentence's turn, else
    the first of their next turn when the other speaker asked them about it in between
    ("I started boot camps." - "How's it going?" - "We have lots more energy.")."""
    rest = [p for p in sentence.told_after() if _says_something(p)]
    if rest:
        return rest[0], sentence.dia_id
    if sentence.reply is None:
        return None
    said = [p for p in split_sentences(str(sentence.reply["text"])) if _says_something(p)]
    return (said[0], str(sentence.reply["dia_id"])) if said else None


def _says_something(sentence: str, least: int = 2) -> bool:
    """A statement with `least` content words at least: not a question, not "Wow!", "<name>!"
    (three: not "I get it, <name>.")."""
    return not is_question(sentence) and \
        sum(not is_function_word(w) for w in words(sentence)) >= least


def _believed(state: Found, question: Question, found: list[Sentence], answer: str,
              supports: tuple[str, ...]) -> float:
    """What mrgraph believes of the answer: the confidence of the most confident belief of
    `evidence.believed` that states it (holds every word of it) and covers the question as well
    as the sentence the answer rests on; 0.0 when none."""
    said = set(tokenize(answer))
    rests_on = max((s.q for s in found if s.dia_id in supports), default=0.0)
    return max((score for words_, score, share in believed(state, question)
                if said and said <= words_ and share >= rests_on), default=0.0)


def _reading(kind: str, answer: str = NOT_MENTIONED, supports: tuple[str, ...] = (),
             believed: float = 0.0) -> Reading:
    """An answer of the question kind `kind` ("abstain": none) with its fitted confidence."""
    features = confidence.features(kind, believed)
    return Reading(answer, supports, confidence.calibrated(features), kind, features)
