"""The answer phrase inside a sentence: the words the question does not already hold, where
the question points (rules on the project's tokenizer; see the README).

A sentence is cut into *segments*: runs of words between punctuation, the question's own words
(a day's ordinal among them when the question holds its number: "the *14th*" for "on 14 May"),
clause words ("because", "that"), subject pronouns, prepositions (except "of") and the forms
of "be" that join a noun to what is said of it ("the race *was* rewarding"); function
words are trimmed off both ends, and a segment keeps at least one content word. Each segment
is scored by where it stands:

  +2   right after the question's verb ("I *sold* my old kayak" -> "old kayak")
  +1   right after another word of the question (neither bonus across a subject pronoun,
       which starts another clause: "my niece and *we* played"); +1.5 before the head noun
       asked about ("a *woodworking* workshop": the head joins the phrase; for a list, the
       question's nouns up to it too: "a *live music event*"); +1, without
       either, before the question's own prepositional phrase, cut to the object ("gave me
       *a silver medal* from the chess club"); -1.5 when after
       the verb it only describes a word of the question ("a *short* trip")
  +1.5 a name for "who" or a question asking a name; a relation ("my aunt", "my cousin's",
       "my cousins") for "who" only; for "who", a person (family who_person, reader.persons):
       not a place ("flew *to Valencia*"), nor a date's word ("*Boxing* Day"); +1 a noun
       naming a person ("a *locksmith*", "the *orchestra*"); said as the person alone ("a fruit
       salad and *Ravi*")
  +2.5 for "where", a place: the run follows "at", "in", "near", "from" ... (past its
       determiners; "to" after a noun or a verb of going: "a trip *to Ghent*", "moved to
       *Denver*", not "talked to Tamsin") and holds no time or state ("in June", "at dawn",
       "in a hurry")
  +2   a word of it is of the kind the head noun names ("What country..." - "Norway")
  +2   for "how many / how much", a number, cut to it and the content words after it
       ("sold all *twelve*", "*3 kilos 400 grams*"; "1,200", "82%" and "£1,200" are one
       word; a day beside a month or a year is no count: "15 June", "2019")
  +0.3 per content word (up to three); +0.3 the phrase ends with a noun (WordNet: mostly a
       noun, not mostly a verb): a thing, not "came" or "hit"
  -0.6 a lone verb ("wanted"); -0.15 per word beyond four (answers are short)
Scored, a count cut off before the noun counted is said without the question's word describing
it ("*nine* spare" for "how many spare chairs": family count_given); for one place asked by
"where", a common noun's place keeps the preposition placing it ("*at* the herb garden", not
"Ghent", nor "where ... from?": family where_prep).
A run followed by ", run" ... "and run" (short runs; or ", and run", the serial comma,
unless two runs only make it and the last opens a clause: "bread, and milk *was* sold out")
is also one list segment, scoring its first run's score + LISTED ("packed *a torch, maps and
rope*", "*yoga, judo, and tai chi*").
The best segment is the phrase (ties: the first).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mrgraph.reader.persons import RELATION_LEMMAS, named_at, persons
from mrgraph.reader.places import infinitive, placed, said_at
from mrgraph.reader.question import Question, over_time
from mrgraph.reader.tally import counted, counted_noun, unsaid
from mrgraph.reader.tokens import Token, tokens, verb_like
from mrgraph.reader.words import (CLAUSE, DETERMINERS, IRREGULAR, NUMBERS, PREPOSITIONS,
                                  SUBJECTS, base_verb, is_function_word,
                                  is_kind, kind_of, lemma, mostly_verb, noun_like)
from mrgraph.text import words

MAX_WORDS = 4
MAX_LISTED, LISTED = 6, 0.3  # runs a comma list may join; what the whole list gains
KIND = 2.0
PLACE = 2.5  # a place asked "where": beats the thing right after the verb ("proposed to *Tamsin*")
_OBJECT_WORDS = frozenset("""me him her us them you it here's there's""".split())
PERSON_NOUN = 1.0  # "who": a noun naming a person ("a locksmith") ranks below a name or "my aunt"
BEFORE_PP = 1.0  # before the question's own prepositional phrase, as after one of its words
NOUN_END = 0.3  # a phrase ending with a noun
_COPULAS = frozenset({"is", "are", "was", "were"})  # end a noun phrase: "X *is* rewarding"
_FINITE = _COPULAS | frozenset("""has have had did does do will would can could""".split())


@dataclass(frozen=True)
class Segment:
    words: tuple[str, ...]
    score: float
    start: int


# "where ... from / to?": the question says the preposition itself
_ASKED_FROM = re.compile(r"\b(?:from|to|into)\s*\??\s*$", re.IGNORECASE)


@lru_cache(maxsize=1_000)
def _asked(question: Question) -> frozenset[str]:
    """The lemmas a phrase should not repeat: the question's words and the people's names."""
    found = {lemma(w) for w in words(question.text) if not is_function_word(w)}
    found.update(lemma(w) for p in question.people for w in words(p))
    return frozenset(found) - {""}  # "'s" stems to "": punctuation's lemma is "" too


_ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")  # "the 10th": the question's "10"


def _breaks(token: Token, asked: frozenset[str]) -> bool:
    lowered = token.text.lower()
    day = _ORDINAL.fullmatch(lowered)
    return not token.word or token.lemma in asked or lowered in CLAUSE or \
        (day is not None and day.group(1) in asked) or \
        lowered in SUBJECTS or (lowered in PREPOSITIONS and lowered != "of") or \
        lowered in _COPULAS


def _trim(run: list[int], toks: Sequence[Token]) -> list[int]:
    while run and is_function_word(toks[run[0]].text):
        run = run[1:]
    while run and is_function_word(toks[run[-1]].text):
        run = run[:-1]
    return run


def _runs(toks: Sequence[Token], asked: frozenset[str]) -> list[list[int]]:
    """The token positions of each segment: the runs between breaks (`_breaks`), trimmed
    (`_trim`), none left empty."""
    runs: list[list[int]] = [[]]
    for i, tok in enumerate(toks):
        if _breaks(tok, asked):
            runs.append([])
        else:
            runs[-1].append(i)
    return [k for k in (_trim(run, toks) for run in runs) if k]


def segments(sentence: str, question: Question) -> list[Segment]:
    """Every candidate phrase of `sentence`, scored (see the module docstring)."""
    toks = tokens(sentence)
    found = []
    kept_runs = _runs(toks, _asked(question))
    for at, kept in enumerate(kept_runs):
        scored = _score(kept, toks, question)
        found.append(scored)
        listed = _listed(kept_runs[at:], toks, question.on("ph_serial")) \
            if question.on("ph_listed") else None
        if listed:
            found.append(Segment(listed, scored.score + LISTED, scored.start))
    return found


def _listed(runs: Sequence[list[int]], toks: Sequence[Token], serial: bool = True) -> \
        tuple[str, ...] | None:
    """The words of a list that starts with `runs[0]`: short runs parted by single commas,
    the last holding "and"/"or" ("we packed *a torch, maps and rope*"), or after a serial
    comma's ", and" / ", or" (`serial`: "like *yoga, judo, and tai chi*"; after a single
    item, not before a new clause's subject: "I bought bread, and milk was sold out",
    `_opens_clause`); None when the runs do not make one."""
    said: list[str] = []
    for i, run in enumerate(runs[:MAX_LISTED]):
        between = [t.text.lower() for t in toks[runs[i - 1][-1] + 1:run[0]]] if i else []
        last = serial and between[:1] == [","] and between[1:] in (["and"], ["or"]) and \
            (i >= 2 or not _opens_clause(run, toks))
        if len(run) > 3 or (i and between != [","] and not last):
            return None
        words_ = [toks[j].text for j in run]
        if i:
            said[-1] += ","
        said += ([toks[run[0] - 1].text] if last else []) + words_
        if i and (last or any(w.lower() in ("and", "or") for w in words_)):
            return tuple(said)
    return None


def _opens_clause(run: list[int], toks: Sequence[Token]) -> bool:
    """The run is a clause's subject: a finite verb follows it ("milk *was* sold out", "my
    sister *did*", "Dana *got* one"), in the run past its first word or right after it; a
    past form in "-ed", not a base form that ends so ("garden *shed* paint")."""
    after = toks[run[-1] + 1].text.lower() if run[-1] + 1 < len(toks) else ""
    return after in _FINITE or any(toks[i].text.lower() in _FINITE or
                                   toks[i].text.lower() in IRREGULAR or
                                   (toks[i].text.lower().endswith("ed") and
                                    not base_verb(toks[i].text)) for i in run[1:])


def _score(run: list[int], toks: Sequence[Token], question: Question) -> Segment:
    verb = lemma(question.verb) if question.verb else None
    head = lemma(question.head) if question.head else None
    # a person's name is where the subject stands, not a word of what was asked about
    names = {lemma(w) for p in question.people for w in words(p)}
    asked = _asked(question) - {verb, head} - names
    score, before = 0.0, _before(run[0], toks)
    phrase = [toks[i].text for i in run]
    on = question.on
    if before is not None and verb and on("ph_verb") and toks[before].lemma == verb:
        score += 2.0
    elif before is not None and toks[before].lemma in asked and on("ph_after_word"):
        score += 1.0
    after = run[-1] + 1
    if on("ph_before_pp") and score == 0.0 and _before_asked_pp(after, toks, question):
        score += BEFORE_PP  # "one of my *medals* from a chess contest"
        phrase = _object_of(run, toks)
    joined = _head_after(after, toks, head, asked) \
        if head and question.kind == "list" and on("ph_head_run") else []
    if head and after < len(toks) and toks[after].lemma == head and on("ph_head"):
        score += 1.5
        phrase.append(toks[after].text)
    elif joined:  # "a *live* music event": the question's own words up to the head join too
        score += 1.5
        phrase += joined
    elif after < len(toks) and toks[after].lemma in asked and score >= 2.0 and \
            on("ph_describes"):
        score -= 1.5  # it only describes what the question already names ("a *short* trip")
    score += _what_is_asked(run, toks, question)
    form = counted(phrase) if question.kind == "count" and on("ph_count") else None
    if form is not None:  # what "how many" asks for: a number
        score += KIND
        phrase = phrase[form]
    given = form is not None and on("count_given")
    score, phrase = _of_kind(score, phrase, run, toks, question)
    score = _by_form(score, phrase, question)
    phrase = _as_said(phrase, run, toks, question, given)
    return Segment(tuple(phrase), score, run[0])


def _of_kind(score: float, phrase: list[str], run: list[int], toks: Sequence[Token],
             question: Question) -> tuple[float, list[str]]:
    """`_score`'s score and phrase, for a thing of the kind the question's head names ("What
    country..." - "Norway"), cut after it."""
    on = question.on
    kind = kind_of(question.head) if question.head and on("ph_kind") else frozenset()
    # "-ing" names a thing only after a determiner: "my painting", not "saw someone drawing"
    at = [*run, run[-1] + 1]  # where each word of the phrase stands in the sentence
    typed = [i for i, w in enumerate(phrase) if is_kind(w, kind) and
             (not w.lower().endswith("ing") or
              (at[i] > 0 and toks[at[i] - 1].text.lower() in DETERMINERS))]
    if typed:  # a thing of the kind asked for, and no more
        return score + KIND, \
            phrase[:max(typed[-1] + 1, len(run) if len(phrase) > len(run) else 0)]
    return score, phrase


def _by_form(score: float, phrase: list[str], question: Question) -> float:
    """`_score`'s score for the phrase's form: its content words (three at most), a noun at
    its end, not a lone verb, not too long."""
    on = question.on
    content = [w for w in phrase if not is_function_word(w)]
    score += 0.3 * min(3, len(content))
    if content and on("ph_noun_end") and noun_like(phrase[-1]):
        score += NOUN_END  # a thing: the phrase ends with a noun ("a rusty *lantern*")
    if len(content) == 1 and on("ph_lone_verb") and verb_like(content[0]):
        score -= 0.6  # a lone verb ("wanted", "inviting") is rarely what was asked
    return score - 0.15 * max(0, len(phrase) - MAX_WORDS) * on("ph_length")


def _as_said(phrase: list[str], run: list[int], toks: Sequence[Token], question: Question,
             given: bool) -> list[str]:
    """The scored `phrase` as the answer says it (`_score`): a count without what the
    question names, a place with its preposition."""
    on = question.on
    if question.kind == "who" and on("who_person") and phrase == [toks[i].text for i in run] \
            and (named := persons(run, toks)) is not None:
        return named  # the person of the run: "a fruit salad and *Ravi*"
    if given:  # scored whole, said without what the question names ("*three* spare keys")
        phrase = phrase[:unsaid(phrase, _asked(question), counted_noun(question))]
    # one place asked ("Where did he hide it?" - "*in* a slipper"), not several ("Where has
    # she camped?": a list of places, reader.question.over_time)
    if question.kind == "where" and on("where_prep") and phrase and \
            phrase[0] == toks[run[0]].text and not _ASKED_FROM.search(question.text) and \
            not (on("perfect") and over_time(question)) and \
            (prep := said_at(run, toks)) is not None:
        phrase = [*prep.split(), *phrase]
    return phrase


def _head_after(after: int, toks: Sequence[Token], head: str,
                asked: frozenset[str] | set[str]) -> list[str]:
    """The question's own nouns that lead from `after` to its head noun ("live | *music
    event*" for "What music events..."): up to two, then the head; empty otherwise."""
    for end in range(after + 1, min(after + 3, len(toks))):
        if toks[end].lemma == head and all(
                toks[i].lemma in asked and noun_like(toks[i].text) and
                toks[i].text.lower() not in NUMBERS for i in range(after, end)):
            return [toks[i].text for i in range(after, end + 1)]
    return []


def _what_is_asked(run: list[int], toks: Sequence[Token], question: Question) -> float:
    """What the question word asks for: a name for "who" or a question asking a name (a
    relation too for "who": "my aunt"; with who_person, a person: reader.persons); a place
    for "where" ("to Tamsin *at the herb garden*")."""
    on, who = question.on, question.kind == "who"
    if who and on("ph_named") and on("who_person"):  # a person, not a place or a date
        person = persons(run, toks)
        return 0.0 if person is None else 1.5 if any(
            named_at(toks, i) for i in run if toks[i].text in person) else PERSON_NOUN
    if (who or "name" in words(question.text)) and on("ph_named") and \
            any(_named_at(toks, i) or (who and toks[i].lemma in RELATION_LEMMAS) for i in run):
        return 1.5
    if question.kind == "where" and on("ph_place") and placed(run, toks):
        return PLACE
    return 0.0


def _named_at(toks: Sequence[Token], i: int) -> bool:
    """A capitalised word not opening the sentence: a name."""
    return i > 0 and toks[i].text[:1].isupper() and toks[i - 1].text not in ".!?"


def places(sentence: str, question: Question) -> list[str]:
    """The runs of `sentence` that name a place (reader.places.placed: after "at", "in",
    "to" after a verb of going...; no time), in order: "a talk at a *trade fair* in
    *Lisbon* in May"."""
    toks = tokens(sentence)
    return [" ".join(toks[i].text for i in run) for run in _runs(toks, _asked(question))
            if placed(run, toks) and not infinitive(run, toks)]


def verb_at(sentence: str, question: Question) -> int | None:
    """Where the question's verb first stands in `sentence`'s tokens."""
    if not question.verb:
        return None
    verb = lemma(question.verb)
    return next((i for i, t in enumerate(tokens(sentence)) if t.word and t.lemma == verb), None)


def _before_asked_pp(at: int, toks: Sequence[Token], question: Question) -> bool:
    """The phrase ends right before a prepositional phrase the question holds too ("What did
    she receive *from a chess contest*?" - "one of my medals *from a chess contest*"): the
    same preposition (not "of"), then, past determiners, a content word of the question that
    the question puts right after it as well."""
    preposition = toks[at].text.lower() if at < len(toks) else ""
    if preposition not in PREPOSITIONS or preposition == "of":
        return False
    nxt = at + 1
    while nxt < len(toks) and toks[nxt].text.lower() in DETERMINERS:
        nxt += 1
    if nxt >= len(toks) or not toks[nxt].word or is_function_word(toks[nxt].text):
        return False
    asked = [t for t in tokens(question.text) if t.word]
    return any(t.text.lower() == preposition and
               next((n.lemma for n in asked[k + 1:] if n.text.lower() not in DETERMINERS), None)
               == toks[nxt].lemma for k, t in enumerate(asked))


def _object_of(run: list[int], toks: Sequence[Token]) -> list[str]:
    """The run's words after its last verb or object pronoun ("gave me *a silver medal*",
    "Here's *one of my trophies*"), function words trimmed; the whole run when nothing is
    left."""
    cut = max((k + 1 for k, i in enumerate(run) if toks[i].text.lower() in _OBJECT_WORDS or
               toks[i].text in IRREGULAR or mostly_verb(toks[i].text)), default=0)
    kept = _trim(run[cut:], toks)
    return [toks[i].text for i in (kept or run)]


def _before(start: int, toks: Sequence[Token]) -> int | None:
    """The last word before a segment that is not a function word (up to 3 back); None
    across punctuation or a subject pronoun (a new clause)."""
    for i in range(start - 1, max(-1, start - 4), -1):
        if not toks[i].word or toks[i].text.lower() in SUBJECTS:
            return None
        if toks[i].text.lower() in PREPOSITIONS and i < start - 1:
            return i
        if not is_function_word(toks[i].text):
            return i
    return start - 1 if start > 0 and toks[start - 1].word else None


def phrase(sentence: str, question: Question) -> tuple[str, float]:
    """The best phrase of `sentence` and its segment score; ("", -inf) without one."""
    found = segments(sentence, question)
    if not found:
        return "", float("-inf")
    best = max(found, key=lambda s: (s.score, -s.start))
    return " ".join(best.words), best.score
