"""The answer phrase inside a sentence: the words the question does not already hold, where
the question points (rules on the project's tokenizer; see the README).

A sentence is cut into *segments*: runs of words between punctuation, the question's own words,
clause words ("because", "that"), subject pronouns, prepositions (except "of") and the forms
of "be" that join a noun to what is said of it ("the race *was* rewarding"); function
words are trimmed off both ends, and a segment keeps at least one content word. Each segment
is scored by where it stands:

  +2   right after the question's verb ("I *donated* my old car" -> "old car")
  +1   right after another word of the question; +1.5 before the head noun asked about
       ("a *woodworking* workshop": the head joins the phrase)
  +2   right before the verb "what" is the subject of ("what makes X a good coach" -
       "*her patience* will make her one")
  +1.5 a place after in/at/to/from for "where"; a name or a relation ("my aunt") for "who"
  +1.5 the object of the preposition a question ends with, after a word of the question
       ("What did it raise awareness *for*?" - "awareness for *mental health*")
  +0.3 the phrase ends with a noun (WordNet: mostly a noun, not mostly a verb): a thing, not
       "came" or "hit"
  +0.5 a word of it is a kind of the head noun by WordNet's hypernyms, however broad the
       kind ("What event..." - "a reunion"), when no word is of the head's listed kind
  -0.15 per word beyond four (answers are short)
For "where" and "who", "and" before a verb ends a run too ("the Tatra Mountains *and camped*").
A run followed by ", run" ... "and run" (short runs) is also one list segment, scoring its
first run's score + LISTED ("stands for *love, faith and strength*").
The best segment is the phrase (ties: the first).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mrgraph.reader.question import Question
from mrgraph.reader.words import (AUXILIARIES, CLAUSE, DETERMINERS, IRREGULAR, PREPOSITIONS, RELATIONS,
                                  SUBJECTS, adjective, adjective_sense, gerund, is_a, is_function_word, is_kind, kind_of, lemma,
                                  mostly_verb, noun_like, synonyms)
from mrgraph.text import words

_TOKEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9'’+&/-]*[A-Za-z0-9+])?|[^\sA-Za-z0-9]")
MAX_WORDS = 4
MAX_LISTED, LISTED = 6, 0.3  # runs a comma list may join; what the whole list gains
KIND = 2.0
NOUN_END, IS_A = 0.3, 0.5  # a phrase ending with a noun; naming a kind of the head noun
_COPULAS = frozenset({"is", "are", "was", "were"})  # end a noun phrase: "X *is* rewarding"
_SUBJECT_ADVERBS = frozenset({"really", "always", "also", "just", "truly", "definitely", "still"})
_DO = frozenset({lemma("do"), lemma("did")})
_QUOTED = re.compile(r"[\"“]([^\"”]{2,60})[\"”]")
_PLACE_PREPOSITIONS = frozenset({"in", "at", "to", "from", "near", "around", "into"})


@dataclass(frozen=True)
class Token:
    text: str
    lemma: str
    word: bool  # not punctuation


@dataclass(frozen=True)
class Segment:
    words: tuple[str, ...]
    score: float
    start: int


@lru_cache(maxsize=20_000)
def tokens(sentence: str) -> tuple[Token, ...]:
    return tuple(Token(t, lemma(t) if t[0].isalnum() else "", t[0].isalnum())
                 for t in _TOKEN.findall(sentence))


@lru_cache(maxsize=1_000)
def _asked(question: Question) -> frozenset[str]:
    """The lemmas a phrase should not repeat: the question's words and the people's names."""
    found = {lemma(w) for w in words(question.text) if not is_function_word(w)}
    found.update(lemma(w) for p in question.people for w in words(p))
    if question.action and question.on("ph_synonyms"):  # the verb said another way ends a
        # phrase as the verb does
        found.update(said for said, particle in synonyms(question.action) if not particle)
    return frozenset(found) - {""}  # "'s" stems to "": punctuation's lemma is "" too


def _breaks(token: Token, asked: frozenset[str]) -> bool:
    lowered = token.text.lower()
    return not token.word or token.lemma in asked or lowered in CLAUSE or \
        lowered in SUBJECTS or (lowered in PREPOSITIONS and lowered != "of") or \
        lowered in _COPULAS


def _and_then(toks: Sequence[Token], i: int) -> bool:
    """ "and" starting a new clause ("the Alps *and hiked* for days"): a place or a name ends
    there."""
    return toks[i].text.lower() == "and" and i + 1 < len(toks) and \
        _verb_like(toks[i + 1].text) and not toks[i + 1].text[:1].isupper()


def _adjective_comma(toks: Sequence[Token], i: int, head: str) -> bool:
    """A comma between two adjectives of the question's head noun after a determiner ("what
    kind of room" - "a *warm, bright* room")."""
    return toks[i].text == "," and 2 <= i < len(toks) - 2 and \
        toks[i - 2].text.lower() in DETERMINERS and adjective(toks[i - 1].text) and \
        toks[i + 1].word and adjective_sense(toks[i + 1].text) and \
        toks[i + 2].lemma == head


def _trim(run: list[int], toks: Sequence[Token]) -> list[int]:
    while run and is_function_word(toks[run[0]].text):
        run = run[1:]
    while run and is_function_word(toks[run[-1]].text):
        run = run[:-1]
    return run


def segments(sentence: str, question: Question) -> list[Segment]:
    """Every candidate phrase of `sentence`, scored (see the module docstring)."""
    toks, asked = tokens(sentence), _asked(question)
    runs: list[list[int]] = [[]]
    for i, tok in enumerate(toks):
        if question.head and question.on("ph_adjective_comma") and \
                _adjective_comma(toks, i, lemma(question.head)):
            continue  # "a warm, bright room" is one phrase
        if _breaks(tok, asked) or (question.kind in ("where", "who") and
                                   question.on("ph_and_then") and _and_then(toks, i)):
            runs.append([])
        else:
            runs[-1].append(i)
    found = []
    kept_runs = [k for k in (_trim(run, toks) for run in runs) if k]
    for at, kept in enumerate(kept_runs):
        scored = _score(kept, toks, question, sentence)
        found.append(scored)
        listed = _listed(kept_runs[at:], toks) if question.on("ph_listed") else None
        if listed:
            found.append(Segment(listed, scored.score + LISTED, scored.start))
        how_to = (_and_how_to(kept, toks) or _gerund_place(kept, toks)) \
            if question.on("ph_how_to") else None
        if how_to:
            found.append(Segment(how_to, scored.score + LISTED, scored.start))
    named = _verb_object(toks, question) if question.on("ph_verb_object") else None
    if named:
        found.append(named)
    quoted = _QUOTED.finditer(sentence) if question.on("ph_quoted") else ()
    for match in quoted:  # a title in quotes is one phrase
        title = tuple(match.group(1).split())
        if not {lemma(w) for w in title} <= asked:
            found.append(Segment(title, 2.0 + 0.3 * min(3, len(title)), -1))
    return found


def _and_how_to(run: list[int], toks: Sequence[Token]) -> tuple[str, ...] | None:
    """A thing joined to a "how to" clause is one topic ("they covered *knot types and how
    to tie them*"): the run, then the words up to the clause's punctuation."""
    end = run[-1] + 1
    if [t.text.lower() for t in toks[end:end + 3]] != ["and", "how", "to"]:
        return None
    stop = next((j for j in range(end, len(toks)) if not toks[j].word), len(toks))
    return tuple(toks[j].text for j in range(run[0], stop))


def _gerund_place(run: list[int], toks: Sequence[Token]) -> tuple[str, ...] | None:
    """An activity said as one gerund goes on with where it is done ("started *knitting at
    the guild hall each week*"): the gerund, then the words up to the punctuation."""
    end = run[-1] + 1
    if len(run) != 1 or not gerund(toks[run[0]].text) or end >= len(toks) or \
            toks[end].text.lower() not in ("at", "in", "with"):
        return None
    stop = next((j for j in range(end, len(toks)) if not toks[j].word), len(toks))
    return tuple(toks[j].text for j in range(run[0], stop))


def _listed(runs: Sequence[list[int]], toks: Sequence[Token]) -> tuple[str, ...] | None:
    """The words of a list that starts with `runs[0]`: short runs parted by single commas,
    the last holding "and"/"or" ("it stands for *love, faith and strength*"); None when
    the runs do not make one."""
    said: list[str] = []
    for i, run in enumerate(runs[:MAX_LISTED]):
        if len(run) > 3 or (i and not (run[0] - runs[i - 1][-1] == 2 and
                                      toks[run[0] - 1].text == ",")):
            return None
        words_ = [toks[j].text for j in run]
        if i:
            said[-1] += ","
        said += words_
        if i and any(w.lower() in ("and", "or") for w in words_):
            return tuple(said)
    return None


def _score(run: list[int], toks: Sequence[Token], question: Question, sentence: str) -> Segment:
    verb = lemma(question.action) if question.action else None
    head = lemma(question.head) if question.head else None
    # a person's name is where the subject stands, not a word of what was asked about
    names = {lemma(w) for p in question.people for w in words(p)}
    asked = _asked(question) - {verb, head} - names
    score, before = 0.0, _before(run[0], toks)
    phrase = [toks[i].text for i in run]
    on = question.on
    if before is not None and verb and on("ph_verb") and \
            _the_verb(toks, before, question.action or "", on("ph_synonyms")):
        score += 2.0
    elif before is not None and toks[before].lemma in asked and on("ph_after_word"):
        score += 1.0
    after = run[-1] + 1
    if head and after < len(toks) and toks[after].lemma == head and on("ph_head"):
        score += 1.5
        phrase.append(toks[after].text)
    elif verb and after + 1 < len(toks) and toks[after].text.lower() in SUBJECTS and \
            toks[after + 1].lemma == verb and on("ph_object_clause"):
        score += 2.0  # the object before its clause: "these *figurines* I bought"
    elif question.caused_by and on("ph_caused_by") and \
            _before_verb(after, toks, question.caused_by):
        score += 2.0  # "what makes X a good coach" - "*her patience* will make her one"
    elif after < len(toks) and toks[after].lemma in asked and score >= 2.0 and \
            on("ph_describes"):
        score -= 1.5  # it only describes what the question already names ("a *short* trip")
    if run[0] >= 2 and toks[run[0] - 1].text == "," and toks[run[0] - 2].lemma in asked | {head} \
            and toks[run[0]].text[:1].isupper() and on("ph_apposition"):
        score += 1.5  # an apposition names it: "my home country, *Portugal*"
    prep = _object_of(run[0], toks)
    if prep is not None and toks[prep].text.lower() == _stranded(question) and prep > 0 and \
            toks[prep - 1].lemma in asked | {verb, head} and on("ph_stranded"):
        score += 1.5  # "what did the race raise awareness *for*" - "awareness for *X*"
    # a place: right after in/at/to... ("a trip to *Lisbon*"; determiners between), not
    # an infinitive ("got to *feed* a horse")
    if question.kind == "where" and prep is not None and on("ph_place") and \
            toks[prep].text.lower() in _PLACE_PREPOSITIONS and \
            not (toks[prep].text.lower() == "to" and mostly_verb(phrase[0].lower())):
        score += 1.5
    if (question.kind == "who" or "name" in words(question.text)) and on("ph_named") and \
            any(_named(toks, i) or toks[i].text.lower() in RELATIONS for i in run):
        score += 1.5
    kind = kind_of(question.head) if question.head and on("ph_kind") else frozenset()
    # "-ing" names a thing only after a determiner: "my painting", not "saw someone drawing"
    at = [*run, after]  # where each word of the phrase stands in the sentence
    typed = [i for i, w in enumerate(phrase) if is_kind(w, kind) and
             (not w.lower().endswith("ing") or
              (at[i] > 0 and toks[at[i] - 1].text.lower() in DETERMINERS))]
    if typed:  # a thing of the kind asked for ("What country..." - "Sweden"), and no more
        score += KIND
        phrase = phrase[:max(typed[-1] + 1, len(run) if len(phrase) > len(run) else 0)]
    content = [w for w in phrase if not is_function_word(w)]
    score += 0.3 * min(3, len(content))
    if content and on("ph_noun_end") and noun_like(phrase[-1]):
        score += NOUN_END  # a thing: the phrase ends with a noun ("a rusty *lantern*")
    if not typed and head and question.head and on("ph_is_a") and \
            any(len(w) > 2 and is_a(w, question.head) for w in content):
        score += IS_A  # a kind of the thing asked for, however broad ("event" - "reunion")
    if len(content) == 1 and on("ph_lone_verb") and _verb_like(content[0]):
        score -= 0.6  # a lone verb ("wanted", "inviting") is rarely what was asked
    if verb in _DO and on("ph_do") and _verb_like(phrase[0]):
        score += 0.5  # "what did X do": a verb phrase answers ("joined a nearby church")
    score -= 0.15 * max(0, len(phrase) - MAX_WORDS) * on("ph_length")
    return Segment(tuple(phrase), score, run[0])


@lru_cache(maxsize=1_000)
def _stranded(question: Question) -> str | None:
    """The preposition a question ends with ("what was it a reminder *of*?"), whose object is
    the answer."""
    said = words(question.text)
    return said[-1] if said and said[-1] in PREPOSITIONS else None


def _before_verb(at: int, toks: Sequence[Token], verb: str) -> bool:
    """Whether `verb` (or a synonym) stands at `at`, auxiliaries and adverbs before it
    ("her patience *will really make*"): what precedes is its subject."""
    while at < len(toks) and toks[at].word and (toks[at].text.lower() in AUXILIARIES or
                                                toks[at].text.lower() in _SUBJECT_ADVERBS):
        at += 1
    return at < len(toks) and toks[at].word and _the_verb(toks, at, verb)


def _object_of(start: int, toks: Sequence[Token]) -> int | None:
    """Where the preposition right before a phrase stands (determiners between), or None."""
    i = start - 1
    while i >= 0 and toks[i].word and toks[i].text.lower() in DETERMINERS:
        i -= 1
    return i if i >= 0 and toks[i].text.lower() in PREPOSITIONS else None


def _the_verb(toks: Sequence[Token], at: int, verb: str, synonym: bool = True) -> bool:
    """Whether the word at `at` is the question's verb or a synonym of it (when `synonym`),
    a phrasal one ending there ("symbolize" - "it *stands for* love")."""
    said = synonyms(verb) if synonym else frozenset({(lemma(verb), "")})
    return (toks[at].lemma, "") in said or \
        (at > 0 and (toks[at - 1].lemma, toks[at].text.lower()) in said) or \
        (at + 1 < len(toks) and (toks[at].lemma, toks[at + 1].text.lower()) in said)


def verb_at(sentence: str, question: Question) -> int | None:
    """Where the question's verb (or a synonym of it) first stands in `sentence`'s tokens."""
    if not question.action:
        return None
    toks = tokens(sentence)
    return next((i for i, t in enumerate(toks) if t.word and _the_verb(toks, i, question.action)),
                None)


def after_dash(sentence: str, start: int) -> bool:
    """Whether a dash or a colon comes right before the phrase starting at token `start`
    (function words between): "great news - *I joined a gym*"."""
    toks = tokens(sentence)
    i = start - 1
    while i >= 0 and toks[i].word and is_function_word(toks[i].text):
        i -= 1
    return i >= 0 and toks[i].text in ("-", "–", "—", ":")


def _verb_object(toks: Sequence[Token], question: Question) -> Segment | None:
    """The verb's object when it is the head noun asked about, even in the question's own
    words ("Which class did X sign up for?" - "I signed up for a *cooking class*")."""
    if not question.action or not question.head:
        return None
    verb, head = lemma(question.action), lemma(question.head)
    at = next((i for i, t in enumerate(toks) if t.lemma == verb), None)
    if at is None:
        return None
    for end in range(at + 1, min(len(toks), at + 7)):
        if not toks[end].word:
            return None
        if toks[end].lemma == head:
            run = _trim(list(range(at + 1, end + 1)), toks)
            return Segment(tuple(toks[i].text for i in run), 2.0 + 0.3 * min(3, len(run)),
                           at + 1) if run else None
    return None


def _verb_like(word: str) -> bool:
    lowered = word.lower()
    return lowered.endswith(("ed", "ing")) or lowered in IRREGULAR or mostly_verb(lowered)


def _before(start: int, toks: Sequence[Token]) -> int | None:
    """The last word before a segment that is not a function word (up to 3 back)."""
    for i in range(start - 1, max(-1, start - 4), -1):
        if not toks[i].word:
            return None
        if toks[i].text.lower() in PREPOSITIONS and i < start - 1:
            return i
        if not is_function_word(toks[i].text):
            return i
    return start - 1 if start > 0 and toks[start - 1].word else None


def _named(toks: Sequence[Token], i: int) -> bool:
    """A capitalised word not opening the sentence: a name."""
    return i > 0 and toks[i].text[:1].isupper() and toks[i - 1].text not in ".!?"


def phrase(sentence: str, question: Question) -> tuple[str, float]:
    """The best phrase of `sentence` and its segment score; ("", -inf) without one."""
    found = segments(sentence, question)
    if not found:
        return "", float("-inf")
    best = max(found, key=lambda s: (s.score, -s.start))
    return " ".join(best.words), best.score


def items(text: str) -> list[str]:
    """A phrase split into the items of a list ("cello and harp" -> 2 items)."""
    parts = re.split(r",\s*|\s+and\s+|\s*&\s*", text)
    return [p.strip() for p in parts if p.strip()]
