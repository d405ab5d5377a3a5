"""Whose the evidence is: the tests that make the reader abstain though it read something.

  wrong_person  the question names one speaker, but what the others say of themselves covers
                it better than anything said of that speaker (LoCoMo's adversarial questions
                swap the person);
  unseen_name   the question holds a name no turn read says ("a trip to *Tallinn*").
"""

from __future__ import annotations

import re

from mrgraph.found import Found
from mrgraph.reader.evidence import (ASKED, FIRST_PERSON, PROMPT, SECOND_PERSON, about_whom,
                                     asked_before, content_share, is_question, lemma_set,
                                     split_sentences, speakers, statements, turn_key, turns_read,
                                     word_set)
from mrgraph.reader.forms import negated
from mrgraph.reader.question import Question, asks_several, over_time
from mrgraph.reader.words import CALENDAR, NOT_DONE, dates_named, lemma
from mrgraph.text import stem, words
from mrgraph.toolkit import Record

TURN = 0.7  # the wrong-person test weighs a whole turn of the person's at this share
# "what did X *do*": a verb that names no action of its own ("I did it", "do you?") says
# nothing of whose the evidence is
_LIGHT_VERBS = frozenset({"do"})
# a reply that declines: it was not done ("Nope, I've been travelling", "Sadly I've been
# swamped", "I've been too busy")
_DECLINES = re.compile(r"^\W*(?:no|nope|nah|sadly|unfortunately|not (?:yet|really|lately))\b|"
                       r"\b(?:too busy|no time|swamped)\b", re.IGNORECASE)
SAME = 0.0  # how much better the other speakers must cover the question to be "about them"
SAME_WHEN = 0.3  # a date question rests on the episode more than on who says it
TURNS_SAME = 0.15  # the same margin for whole turns
TIED = 1e-9  # shares this close are a tie
_CAPITALISED = re.compile(r"\b[A-Z][\w-]+")  # two letters at least: not "U.S."
_QUOTED = re.compile(r"(?:^|\s)([A-Z][\w'-]*):")  # a speaker a summary quotes
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")  # "the 14th"
_NAME_KINDS_SPARED = frozenset({"when", "duration", "count", "yes_no", "would", "choice"})


def unseen_name(state: Found, question: Question) -> bool:
    """A name the question holds - a capitalised word after its first, not a speaker's, not a
    month or a weekday: "a trip to *Tallinn*", "her *CAD* course" - that no turn read
    says: what was asked about is not in the evidence (LoCoMo's adversarial questions swap a
    detail). Never for a date, a length or a number, which a nearby turn answers in part,
    nor for a yes/no, an inference or a choice, nor when no turn was read."""
    read = turns_read(state, question)
    if question.kind in _NAME_KINDS_SPARED or not read:  # no turn read: summaries answer
        return False
    # the speakers, of the turns read and of the episodes kept (a summary quotes "<name>: ...")
    known = {w for t in read for w in words(str(t["speaker"]))} | \
        {w for e in state.evidence.events.values()
         for name in _QUOTED.findall(str(e.get("summary", ""))) for w in words(name)}
    held = {stem(w) for t in read for w in word_set(str(t["text"]))}
    for name in _CAPITALISED.findall(question.text.strip().partition(" ")[2]):
        said = words(name)  # the tokenizer's words on both sides: "Zoë" as the turns have it
        if said and not set(said) <= known | CALENDAR | {"i"} and \
                not all(stem(w) in held for w in said):
            return True
    return False


def wrong_person(state: Found, question: Question) -> bool:
    """The question names one speaker, but what the others say of themselves covers the
    question's words better than anything said of that speaker (by them, or to them): the
    evidence is about someone else (LoCoMo's adversarial questions swap the person). A whole
    turn of the person's counts too (at TURN of its share). Only sentences holding the
    question's verb are compared when some do: "What sports does X coach?" is about who
    *coaches*, not who says "sporty". A tie goes to the others' own statement
    (`_tie_to_others`)."""
    if _spared(state, question):
        return False
    if question.on("wp_undated") and (only := _date_stems(question)) and \
            question.stems <= only:
        return False  # "Where was X on 14 May?": only a date, which says when, not whose
    people = speakers(turns_read(state, question))
    said = [(str(t["speaker"]), s) for t in turns_read(state, question)
            for s in split_sentences(str(t["text"])) if not is_question(s)]
    dated = question.kind in ("when", "duration")  # a date rests on the episode: all its words
    verb = lemma(question.verb) if question.verb and not dated and question.on("wp_verb") \
        and lemma(question.verb) not in _LIGHT_VERBS else None
    with_verb = [(who, s) for who, s in said
                 if verb and verb in lemma_set(s)]
    scored = [(content_share(state, question, sentence), speaker, sentence,
               about_whom(speaker, sentence, people) == question.person)
              for speaker, sentence in with_verb or said]
    theirs = max((share for share, _, _, own in scored if own), default=0.0)
    others = max((share for share, _, _, own in scored if not own), default=0.0)
    # a tie on one sentence says little of an inference or of several things asked for
    tie = question.on("wp_tie") and not dated and question.kind != "would" and \
        not asks_several(question) and _tie_to_others(scored, question.person, theirs, others)
    # a turn of the person's own may say it over two sentences: its fit, as a sentence's
    if question.on("wp_own_turns"):
        theirs = max(theirs, TURN * _own_turns(state, question, verb if with_verb else None))
    margin = SAME_WHEN if dated else -TIED if tie else SAME  # a tie goes to the others
    turns = question.on("wp_turns") and not with_verb
    if theirs + margin >= others and not (turns and _turns_about_others(state, question)):
        return False
    # a reply of the person's to the other's question asking ours (ASKED of it) is theirs at
    # PROMPT of that share ("Do you walk the dog often?" - "Every evening."); read only when
    # it could change the verdict
    replied = PROMPT * _replied(state, question) if question.on("prompt") else 0.0
    return max(theirs, replied) + margin < others or \
        (turns and _turns_about_others(state, question, replied))


def _date_stems(question: Question) -> frozenset[str]:
    """The question's words that only date it ("on the weekend of *3 March 2022*"): what
    the other speaker dates on the same day says nothing of whose the act is. Empty when the
    question names no date (words.dates_named: "Where did X *march*?" names none)."""
    named = {w for date in dates_named(question.text) for w in words(date)}
    if not named:
        return frozenset()
    return frozenset(stem(w) for w in words(question.text)
                     if w in named or w.isdigit() or _ORDINAL.fullmatch(w))


def _spared(state: Found, question: Question) -> bool:
    """No wrong-person test: no one person asked about, or a question in the present perfect
    the person tells of in their own words. The present perfect ("What has X painted?",
    reader.question.over_time) asks what has been so over time: each of the sentences answering it tells one occasion and
    holds little of the question, so one sentence of the other's that echoes its words better
    says nothing of whose the answer is, once the person tells of it themselves
    (`_tells_own`)."""
    if question.person is None:
        return True
    return question.on("wp_perfect") and over_time(question) and _tells_own(state, question)


def _tells_own(state: Found, question: Question) -> bool:
    """A turn of the person's read with a clause of their own doing (`_own_doing`) that
    holds the question's verb, or its words when the verb is light ("I planted tomatoes" for
    "What has X planted?"), or that replies to the other's asking some of it ("Been out
    rowing yet?" - "Yes! I went on Sunday. Saw a heron."), declining nothing (`_DECLINES`:
    "Nope, I've been travelling"). Not a comment on the other's story ("I love your
    paintings", "I wish I could paint like you"), nor a denial ("No, I haven't had time")."""
    asked = asked_before(state, question)
    verb = lemma(question.verb) if question.verb and lemma(question.verb) not in _LIGHT_VERBS \
        else None
    for turn, text in _own_statements(state, question):
        own = [c for s in split_sentences(text) for c in s.split(",") if _own_doing(c)]
        if any(verb in lemma_set(s) if verb else
               content_share(state, question, s) > 0 for s in own):
            return True
        if own and not negated(text) and asked.get(turn_key(turn, 1), 0) > 0 and \
                not _DECLINES.search(text):
            return True  # a reply telling it: "Yes! I went out at dawn."
    return False


def _own_doing(sentence: str) -> bool:
    """The clause tells of the speaker's own doing: "I" / "my" / "we", no "you" / "your"
    (what the listener did, or a remark on it), not denied ("I've never been"), nor only
    wished, planned or supposed (`NOT_DONE`: "I should read it")."""
    said = set(words(sentence))
    return bool(said & (FIRST_PERSON - {"ve", "m"})) and not said & SECOND_PERSON and \
        not negated(sentence) and not said & NOT_DONE


def _tie_to_others(scored: list[tuple[float, str, str, bool]], person: str | None,
                   theirs: float, others: float) -> bool:
    """The best sentences of each side (share, speaker, sentence, about the person; the best
    shares `theirs` and `others`) tie, and
    the others' is another speaker's statement of themselves ("I sprained my wrist and
    stopped rowing") while none of the person's best says "I" / "my" / "we": theirs only echoes
    the others' news ("that must have been hard, stopping")."""
    if theirs <= 0 or abs(theirs - others) > TIED:
        return False
    best = [(speaker, sentence, own) for share, speaker, sentence, own in scored
            if abs(share - theirs) <= TIED]
    if any(own and word_set(sentence) & FIRST_PERSON for _, sentence, own in best):
        return False
    return any(not own and speaker != person and word_set(sentence) & FIRST_PERSON
               for speaker, sentence, own in best)


def _replied(state: Found, question: Question) -> float:
    """How much of the question the other speaker asked right before a turn of the person's
    ("How long have you been fencing?" - "Three winters."): the reply is about them."""
    asked = asked_before(state, question)
    shares = (asked.get(turn_key(t, 1), 0.0) for t in state.evidence.turns.values()
              if str(t["speaker"]) == question.person)
    return max((share for share in shares if share >= ASKED), default=0.0)


def _own_turns(state: Found, question: Question, verb: str | None) -> float:
    """How well the person's own turns (their statements joined) cover the question; only
    turns holding `verb` when one is given."""
    return max((content_share(state, question, text) for _, text in _own_statements(state, question)
                if not verb or verb in lemma_set(text)), default=0.0)


def _own_statements(state: Found, question: Question) -> list[tuple[Record, str]]:
    """The person's turns read, each with its statements joined."""
    return [(t, statements(str(t["text"]))) for t in turns_read(state, question)
            if str(t["speaker"]) == question.person]


def _turns_about_others(state: Found, question: Question, replied: float = 0.0) -> bool:
    """The same test on whole turns by speaker: the others' turns cover the question better
    than any turn of the person, by TURNS_SAME (by SAME_WHEN for a date or a length, as for
    sentences: `wp_dated_turns`); catches a fact spread over a turn's sentences."""
    people = speakers(turns_read(state, question))
    theirs = others = 0.0
    for turn in turns_read(state, question):
        text = statements(str(turn["text"]))
        share = content_share(state, question, text)
        # a whole turn says "you" too often to be about the listener for it; a name is enough
        if about_whom(str(turn["speaker"]), text, people, False) == question.person:
            theirs = max(theirs, share)
        else:
            others = max(others, share)
    # a date rests on the episode more than on who says it, over whole turns as over sentences
    dated = question.kind in ("when", "duration") and question.on("wp_dated_turns")
    return max(theirs, replied) + (SAME_WHEN if dated else TURNS_SAME) < others
